import { VISITOR_COOKIE_MAX_AGE_SECONDS } from './constants.ts';
import type { OAuthAuth } from './strategies/oauth.ts';
import type { RefreshToken } from './tokens.ts';

export const VISITOR_COOKIE_NAME = 'poptin-sdk-visitor';

export interface VisitorCookieOptions {
  name?: string;
  path?: string;
  domain?: string;
  /** Defaults to true on https pages and in Node.js (where the cookie goes into a Set-Cookie header). */
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/**
 * A cookie carrying a visitor's refresh token for seven days, so server-rendered pages and the
 * browser share one visitor session. Member tokens are never put in a script-readable cookie.
 */
export function visitorCookie(refreshToken: RefreshToken, options: VisitorCookieOptions = {}): string {
  if (refreshToken.role !== 'visitor' || !refreshToken.value)
    throw new TypeError('Only a visitor refresh token can be pre-warmed into a cookie');
  const location = (globalThis as { location?: Location }).location;
  const secure = options.secure ?? (location ? location.protocol === 'https:' : true);
  const parts = [
    `${options.name ?? VISITOR_COOKIE_NAME}=${encodeURIComponent(refreshToken.value)}`,
    `Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`,
    `Path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads the visitor refresh token back from a Cookie header (or `document.cookie`). */
export function readVisitorCookie(cookieHeader: string, name = VISITOR_COOKIE_NAME): RefreshToken | undefined {
  for (const pair of cookieHeader.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    const value = decodeURIComponent(pair.slice(index + 1).trim());
    return value ? { value, role: 'visitor' } : undefined;
  }
  return undefined;
}

/**
 * Makes sure the visitor has tokens and stores the refresh token in the visitor cookie (written to
 * `document.cookie` in a browser). Returns the cookie string, or undefined for a logged-in member.
 */
export async function prewarmVisitorCookie(
  strategy: OAuthAuth,
  options: VisitorCookieOptions = {},
): Promise<string | undefined> {
  const tokens = await strategy.generateVisitorTokens();
  if (tokens.refreshToken.role !== 'visitor') return undefined;
  const cookie = visitorCookie(tokens.refreshToken, options);
  const document = (globalThis as { document?: Document }).document;
  if (document) document.cookie = cookie;
  return cookie;
}
