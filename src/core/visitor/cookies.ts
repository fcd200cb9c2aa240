/** Splits a `document.cookie` string into name → value (percent-decoded where valid; first value of a name wins). */
export function parseCookieString(cookieString: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of cookieString.split(';')) {
    const equals = part.indexOf('=');
    const name = decode((equals >= 0 ? part.slice(0, equals) : part).trim());
    if (!name || Object.hasOwn(cookies, name)) continue;
    cookies[name] = decode(equals >= 0 ? part.slice(equals + 1).trim() : '');
  }
  return cookies;
}

/**
 * A cookie value with only what a cookie may not hold escaped (space, `"`, `,`, `;`, `\\`, `%`, controls and
 * non-ASCII): addresses keep their `/`, `:` and `?`, and stay short. `decodeURIComponent` reads it back.
 */
export function encodeCookieValue(value: string): string {
  return value.replace(/[^\x21-\x7e]+|[%;,"\\]/gu, encodeURIComponent);
}

/** `name=value` as written into, and read back from, document.cookie. */
export function cookiePair(name: string, value: string): string {
  return `${encodeURIComponent(name)}=${encodeCookieValue(value)}`;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeMs?: number; secure?: boolean } = {},
): string {
  let cookie = `${cookiePair(name, value)}; path=/; SameSite=Lax`;
  if (options.maxAgeMs !== undefined) cookie += `; max-age=${Math.max(0, Math.round(options.maxAgeMs / 1000))}`;
  if (options.secure) cookie += '; Secure';
  return cookie;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
