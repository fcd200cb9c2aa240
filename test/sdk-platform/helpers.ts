// Helpers shared by the SDK test cases (Node and browser).

import { createClient, type PlatformClient } from '../../src/sdk/client.ts';
import type { Clock } from '../../src/sdk/clock.ts';
import { type OAuthAuth, OAuthStrategy, type OAuthStrategyOptions } from '../../src/sdk/strategies/oauth.ts';
import type { Tokens } from '../../src/sdk/tokens.ts';
import type { FlowHost, FlowMessage } from '../../src/sdk/web-message-flow.ts';
import { CLIENT_ID, MEMBERS } from './fixtures.ts';
import type { Suite } from './harness.ts';

/** The origin the tests' "site" runs at when no real page is involved. */
export const SITE_ORIGIN = 'https://k3-site.example';

export interface FakeClock extends Clock {
  set(ms: number): void;
  advanceSeconds(seconds: number): void;
}

export function fakeClock(startMs = 1_700_000_000_500): FakeClock {
  let now = startMs;
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advanceSeconds: (seconds) => {
      now += seconds * 1000;
    },
  };
}

/** An OAuth strategy and a client sharing one wire layer, pointed at the fake platform. */
export function oauthClient(
  suite: Suite,
  options: Partial<OAuthStrategyOptions> = {},
): { auth: OAuthAuth; client: PlatformClient<OAuthAuth> } {
  const auth = OAuthStrategy({ clientId: CLIENT_ID, ...options });
  const client = createClient({ auth, host: suite.platform().baseUrl });
  return { auth, client };
}

/** Member tokens through the platform's login page, as a member who logs in there (query response mode). */
export async function memberTokensViaLoginPage(
  auth: OAuthAuth,
  suite: Suite,
  email: string = MEMBERS.active.email,
): Promise<Tokens> {
  await suite.platform().configure({ allowedOrigins: [SITE_ORIGIN] });
  const oauthData = await auth.generateOAuthData(`${SITE_ORIGIN}/callback`, `${SITE_ORIGIN}/account`);
  const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query' });
  const page = await fetch(`${authUrl}&member=${encodeURIComponent(email)}`, {
    headers: { Accept: 'application/json' },
  });
  const { location } = (await page.json()) as { location: string };
  const { code, state } = auth.parseFromUrl(location, 'query');
  return auth.getMemberTokens(code!, state!, oauthData);
}

/**
 * A flow host standing in for a browser window: "opening" the platform page fetches its decision and
 * delivers the message the page would post, from the page's origin, when it is addressed to `origin`.
 */
export function fetchingFlowHost(origin: string = SITE_ORIGIN): FlowHost & { opened: string[] } {
  const listeners = new Set<(message: FlowMessage) => void>();
  const opened: string[] = [];
  return {
    origin,
    opened,
    addMessageListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(url) {
      opened.push(url);
      let closed = false;
      void fetch(url, { headers: { Accept: 'application/json' } })
        .then((response) => response.json())
        .then(({ postMessage, targetOrigin }: { postMessage: unknown; targetOrigin: string }) => {
          if (closed || (targetOrigin !== '*' && targetOrigin !== origin)) return;
          for (const listener of listeners) listener({ data: postMessage, origin: new URL(url).origin });
        });
      return {
        close: () => {
          closed = true;
        },
        isClosed: () => closed,
      };
    },
  };
}
