import { safeNavigationUrl, urlScheme } from '../safe-url.ts';

/**
 * Mobile pop-ups (formats 1, 6 and 11) may hold a bare phone number as the redirect: it becomes a tel:
 * link ("+972 50-123 4567" → "tel:+972501234567"). Anything else is a redirect URL as above.
 */
export function mobileRedirectUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (/^\+?[\d\s().-]+$/.test(value) && /\d/.test(value)) return `tel:${value.replace(/[^\d+]/g, '')}`;
  return safeNavigationUrl(value);
}

export type RedirectFormData = Readonly<Record<string, string>> | Iterable<readonly [string, string]>;

/**
 * poptin_design_redirect_send_form_data: the form's values added to the redirect's query string, before
 * any #fragment. Only web addresses take them; tel:, sms: and mailto: links are returned unchanged.
 */
export function appendFormData(url: string, data: RedirectFormData): string {
  const scheme = urlScheme(url);
  if (scheme && scheme !== 'http' && scheme !== 'https') return url;
  const entries = Symbol.iterator in data ? [...(data as Iterable<readonly [string, string]>)] : Object.entries(data);
  const query = new URLSearchParams(entries.map(([name, value]) => [name, value])).toString();
  if (query === '') return url;
  const hashAt = url.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const separator = !beforeHash.includes('?') ? '?' : /[?&]$/.test(beforeHash) ? '' : '&';
  return `${beforeHash}${separator}${query}${hash}`;
}
