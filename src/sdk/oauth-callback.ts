import { OAuthError } from './errors.ts';
import { checkArgument } from './options.ts';
import type { ResponseMode } from './redirects.ts';

export interface MemberCallback {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

function callbackParams(url: string, responseMode: Exclude<ResponseMode, 'web_message'>): URLSearchParams {
  const parsed = new URL(url);
  return new URLSearchParams(responseMode === 'fragment' ? parsed.hash.replace(/^#/, '') : parsed.search);
}

/** Reads the result of a login page redirect; the state is checked when the code is exchanged. */
export function parseMemberCallback(
  url: string,
  responseMode: Exclude<ResponseMode, 'web_message'> = 'fragment',
): MemberCallback {
  checkArgument('parseMemberCallback', 'url', url, 'url');
  const params = callbackParams(url, responseMode);
  const result: MemberCallback = {};
  for (const [key, name] of [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
    ['error_description', 'errorDescription'],
  ] as const) {
    const value = params.get(key);
    if (value !== null) result[name] = value;
  }
  return result;
}

export interface AppInstallCallback {
  code: string;
  instanceId: string;
  state?: string;
}

/** Reads the platform's redirect after an app install: it must carry a code and an instance id, and the state must match when one is expected. */
export function parseAppInstallCallback(url: string, expectedState?: string): AppInstallCallback {
  checkArgument('parseAppInstallCallback', 'url', url, 'url');
  const params = new URL(url).searchParams;
  const code = params.get('code');
  const instanceId = params.get('instanceId');
  const state = params.get('state') ?? undefined;
  if (!code || !instanceId) {
    throw new OAuthError(
      'invalid_callback',
      'Invalid OAuth callback URL: it must carry the code and instanceId query parameters',
    );
  }
  if (expectedState !== undefined && state !== expectedState) {
    throw new OAuthError(
      'state_mismatch',
      'Invalid OAuth callback URL: the state does not match the one the flow started with',
    );
  }
  return state === undefined ? { code, instanceId } : { code, instanceId, state };
}
