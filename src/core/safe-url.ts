// The one check of every address the widget navigates to or links to: form and design redirects, a template's
// redirect links and call buttons, a game prize's redirect, a product card's link.

// Schemes a redirect may use as written: web pages, and the phone, text and mail links of mobile pop-ups.
const KEPT_SCHEMES = new Set(['http', 'https', 'tel', 'sms', 'mailto']);
// Schemes that would run code or load content in the host page's origin.
const BLOCKED_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);

// Browsers ignore tabs, newlines and other control characters inside a URL, so "java\tscript:" is
// javascript: too; they go before the scheme is read.
const IGNORED_BY_BROWSERS = /[\u0000-\u001f\u007f]/g;

/** The scheme of an address, lower-cased ("https"), or null when it has none. */
export function urlScheme(url: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase() ?? null;
}

/**
 * The address to navigate to (widget §5): http(s), tel:, sms:, mailto: and protocol-relative (//host)
 * addresses are kept; an address without a scheme gets http://; javascript:, data: and other schemes that
 * could run in the page give null, as does an empty or unusable value.
 */
export function safeNavigationUrl(raw: string | null | undefined): string | null {
  const url = (raw ?? '').replace(IGNORED_BY_BROWSERS, '').trim();
  if (url === '') return null;
  if (url.startsWith('//')) return url;
  const scheme = urlScheme(url);
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
 * A link's address, which may be relative to the page ("/products/a"): kept as written when it has no scheme
 * once what browsers ignore is gone, else the address `safeNavigationUrl` gives.
 */
export function safeLinkUrl(raw: string): string | null {
  const bare = raw.replace(IGNORED_BY_BROWSERS, '').trim();
  return bare !== '' && urlScheme(bare) === null && !bare.startsWith('//') ? raw : safeNavigationUrl(raw);
}
