// Messaging links and analytics values of the chat button (platform notes; site §9 truncations).

/** Digits only, leading zeros removed. */
export const phoneDigits = (telephone: string): string => telephone.replace(/\D/g, '').replace(/^0+/, '');

export function chatLink(
  telephone: string,
  message: string,
  options: { desktop: boolean; whatsappWeb: boolean },
): string {
  const phone = phoneDigits(telephone);
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  if (options.desktop && options.whatsappWeb) {
    return `https://web.whatsapp.com/send?phone=${phone}${message ? `&text=${encodeURIComponent(message)}` : ''}`;
  }
  return `https://wa.me/${phone}${text}`;
}

/** First 3 characters, `X` for each middle one, last 2. */
export function maskPhone(phone: string): string {
  if (phone.length <= 5) return phone;
  return phone.slice(0, 3) + 'X'.repeat(phone.length - 5) + phone.slice(-2);
}

export const LIMITS = { value: 100, location: 1000, referrer: 420, title: 300 } as const;

export const truncate = (value: string, limit: number): string =>
  value.length > limit ? value.slice(0, limit) : value;

export interface AnalyticsParams {
  event_category: 'JoinChat';
  event_label: string;
  event_action: string;
  chat_channel: 'whatsapp';
  chat_id: string;
  trigger: string;
  is_mobile: 'yes' | 'no';
  page_location: string;
  page_title: string;
}

export function analyticsParams(
  link: string,
  phone: string,
  trigger: string,
  mobile: boolean,
  page: { location: string; title: string },
): AnalyticsParams {
  return {
    event_category: 'JoinChat',
    event_label: truncate(link, LIMITS.value),
    event_action: truncate(`whatsapp: ${phone}`, LIMITS.value),
    chat_channel: 'whatsapp',
    chat_id: truncate(phone, LIMITS.value),
    trigger: truncate(trigger, LIMITS.value),
    is_mobile: mobile ? 'yes' : 'no',
    page_location: truncate(page.location, LIMITS.location),
    page_title: truncate(page.title, LIMITS.title),
  };
}

/** `#joinchat[=N]` or `?joinchat[=N]` (site §2): open, after N seconds when given. Null when the page asks nothing. */
export function joinchatRequest(search: string, hash: string): { delayMs: number } | null {
  const inHash = /^#joinchat(?:=(.*))?$/.exec(hash);
  const params = new URLSearchParams(search);
  if (!inHash && !params.has('joinchat')) return null;
  const seconds = Number(inHash ? (inHash[1] ?? '') : params.get('joinchat'));
  return { delayMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0 };
}
