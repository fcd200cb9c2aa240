// Chat button settings (platform notes, chat button plugin): attributes or one JSON `settings` value.
export interface ChatSettings {
  telephone: string;
  mobileOnly: boolean;
  buttonDelay: number;
  messageDelay: number;
  messageViews: number;
  messageHash: string;
  messageBadge: boolean;
  messageSend: string;
  whatsappWeb: boolean;
  qr: boolean;
  ctaViewed: boolean;
  sku: string;
  dataLayer: boolean;
  gaEvent: string;
  gads: string;
}

export const CHAT_DEFAULTS: Omit<ChatSettings, 'telephone'> = {
  mobileOnly: false,
  buttonDelay: 3,
  messageDelay: 10,
  messageViews: 2,
  messageHash: '',
  messageBadge: false,
  messageSend: '',
  whatsappWeb: false,
  qr: false,
  ctaViewed: false,
  sku: '',
  dataLayer: true,
  gaEvent: 'generate_lead',
  gads: '',
};

type Raw = Record<string, unknown>;

const flag = (value: unknown, fallback: boolean): boolean => {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  return !(text === 'false' || text === '0' || text === 'no' || text === 'off');
};

const number = (value: unknown, fallback: number): number => {
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const text = (value: unknown, fallback: string): string =>
  value === undefined || value === null ? fallback : String(value);

export type ChatSettingsResult = { ok: true; settings: ChatSettings } | { ok: false; error: string };

/** Reads settings from a JSON string or object, attribute values overriding it. */
export function parseChatSettings(json: string | Raw | null | undefined, attributes: Raw = {}): ChatSettingsResult {
  let fromJson: Raw = {};
  if (typeof json === 'string' && json.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: false, error: 'settings must be a JSON object' };
      fromJson = parsed as Raw;
    } catch {
      return { ok: false, error: 'settings is not valid JSON' };
    }
  } else if (json && typeof json === 'object') fromJson = json;
  const raw: Raw = { ...fromJson };
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined && value !== null) raw[name.replace(/-/g, '_')] = value;
  const telephone = text(raw.telephone, '').trim();
  if (!telephone) return { ok: false, error: 'no telephone set: the chat button stays hidden' };
  return {
    ok: true,
    settings: {
      telephone,
      mobileOnly: flag(raw.mobile_only, CHAT_DEFAULTS.mobileOnly),
      buttonDelay: number(raw.button_delay, CHAT_DEFAULTS.buttonDelay),
      messageDelay: number(raw.message_delay, CHAT_DEFAULTS.messageDelay),
      messageViews: number(raw.message_views, CHAT_DEFAULTS.messageViews),
      messageHash: text(raw.message_hash, CHAT_DEFAULTS.messageHash),
      messageBadge: flag(raw.message_badge, CHAT_DEFAULTS.messageBadge),
      messageSend: text(raw.message_send, CHAT_DEFAULTS.messageSend),
      whatsappWeb: flag(raw.whatsapp_web, CHAT_DEFAULTS.whatsappWeb),
      qr: flag(raw.qr, CHAT_DEFAULTS.qr),
      ctaViewed: flag(raw.cta_viewed, CHAT_DEFAULTS.ctaViewed),
      sku: text(raw.sku, CHAT_DEFAULTS.sku),
      dataLayer: flag(raw.data_layer, CHAT_DEFAULTS.dataLayer),
      gaEvent: text(raw.ga_event, CHAT_DEFAULTS.gaEvent),
      gads: text(raw.gads, CHAT_DEFAULTS.gads),
    },
  };
}
