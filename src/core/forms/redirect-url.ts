// Schemes a redirect may use as written: web pages, and the phone, text and mail links of mobile pop-ups.
const KEPT_SCHEMES = new Set(['http', 'https', 'tel', 'sms', 'mailto']);
// Schemes that would run code or load content in the host page's origin.
const BLOCKED_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);

// Browsers ignore tabs, newlines and other control characters inside a URL, so "java\tscript:" is
// javascript: too; they go before the scheme is read.
const IGNORED_BY_BROWSERS = /[\u0000-\u001f\u007f]/g;

function schemeOf(url: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase() ?? null;
}

/**
 * The redirect target to navigate to (widget §5): http(s), tel:, sms:, mailto: and protocol-relative
 * (//host) addresses are kept; an address without a scheme gets http://; javascript:, data: and other
 * schemes that could run in the page give null, as does an empty or unusable value.
 */
export function normalizeRedirectUrl(raw: string | null | undefined): string | null {
  const url = (raw ?? '').replace(IGNORED_BY_BROWSERS, '').trim();
  if (url === '') return null;
  if (url.startsWith('//')) return url;
  const scheme = schemeOf(url);
  if (scheme && BLOCKED_SCHEMES.has(scheme)) return null;
  if (scheme && KEPT_SCHEMES.has(scheme)) return scheme === 'http' || scheme === 'https' ? parsedOrNull(url) : url;
  // Any other "word:" is a host with a port (example.com:8080) or an app link; app links need "scheme://".
  if (scheme && url.slice(scheme.length + 1).startsWith('//')) return url;
  return parsedOrNull(`http://${url}`);
}

function parsedOrNull(url: string): string | null {
  try {
    new URL(url);
    return url;
  } catch {
    return null;
  }
}

/**
 * Mobile pop-ups (formats 1, 6 and 11) may hold a bare phone number as the redirect: it becomes a tel:
 * link ("+972 50-123 4567" → "tel:+972501234567"). Anything else is a redirect URL as above.
 */
export function mobileRedirectUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (/^\+?[\d\s().-]+$/.test(value) && /\d/.test(value)) return `tel:${value.replace(/[^\d+]/g, '')}`;
  return normalizeRedirectUrl(value);
}

export type RedirectFormData = Readonly<Record<string, string>> | Iterable<readonly [string, string]>;

/**
 * poptin_design_redirect_send_form_data: the form's values added to the redirect's query string, before
 * any #fragment. Only web addresses take them; tel:, sms: and mailto: links are returned unchanged.
 */
export function appendFormData(url: string, data: RedirectFormData): string {
  const scheme = schemeOf(url);
  if (scheme && scheme !== 'http' && scheme !== 'https') return url;
  const entries = Symbol.iterator in data ? [...(data as Iterable<readonly [string, string]>)] : Object.entries(data);
  const query = new URLSearchParams(entries.map(([name, value]) => [name, value])).toString();
  if (query === '') return url;
  const hashAt = url.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const separator = !beforeHash.includes('?') ? '?' : /[?&]$/.test(beforeHash) ? '' : '&';
  return `${beforeHash}${separator}${query}${hash}`;
}
