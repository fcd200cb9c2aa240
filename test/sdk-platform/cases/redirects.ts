// Redirect sessions: every sub-request with callbacks, preferences and origin, as the platform expects them.
import { callbackTypeOf, MEMBER_ACCOUNT_SECTIONS, type RedirectSessionRequest } from '../../../src/sdk/redirects.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { oauthClient, SITE_ORIGIN } from '../helpers.ts';

export function redirectCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK redirect sessions', () => {
    platformHooks(suite);

    const cases: Array<[string, RedirectSessionRequest, string]> = [
      ['login', { login: {}, callbacks: { postFlowUrl: `${SITE_ORIGIN}/` } }, '/__flow/login'],
      ['logout', { logout: { clientId: 'client-1' }, callbacks: { postFlowUrl: `${SITE_ORIGIN}/` } }, '/__flow/logout'],
      [
        'checkout',
        {
          ecomCheckout: { checkoutId: 'checkout-9' },
          callbacks: { postFlowUrl: `${SITE_ORIGIN}/cart`, thankYouPageUrl: `${SITE_ORIGIN}/thanks` },
        },
        '/__flow/ecomCheckout',
      ],
      [
        'product',
        { storesProduct: { productSlug: 'pelatihan-ahli-k3-umum' }, origin: SITE_ORIGIN },
        '/__flow/storesProduct',
      ],
      [
        'members account',
        {
          membersAccount: { section: 'ORDERS' },
          preferences: {
            useGenericWixPages: true,
            maintainQueryParams: false,
            additionalQueryParameters: { lang: 'id' },
          },
        },
        '/__flow/membersAccount',
      ],
    ];

    for (const [name, request, page] of cases) {
      it(`creates a ${name} session and returns its URL`, async () => {
        const { client, auth } = oauthClient(suite);
        const session = await client.createRedirectSession(request);
        assert.equal(new URL(session.fullUrl).pathname, page);
        assert.match(session.id ?? '', /^session-/);
        const [recorded] = await suite.platform().requests('/_api/redirects-api/v1/redirect-session');
        assert.deepEqual(recorded.body, request);
        assert.equal(recorded.headers.authorization, auth.getTokens().accessToken.value);
      });
    }

    it('offers the member account sections ACCOUNT_INFO, BOOKINGS, ORDERS, SUBSCRIPTIONS, EVENTS', async () => {
      assert.deepEqual([...MEMBER_ACCOUNT_SECTIONS], ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS']);
      const { client } = oauthClient(suite);
      for (const section of MEMBER_ACCOUNT_SECTIONS)
        await client.createRedirectSession({ membersAccount: { section } });
      assert.equal((await suite.platform().requests('/_api/redirects-api/v1/redirect-session')).length, 5);
    });

    it('needs exactly one flow per session', async () => {
      const { client } = oauthClient(suite);
      const none = await rejection(client.createRedirectSession({ callbacks: { postFlowUrl: SITE_ORIGIN } }));
      assert.match(none.message, /exactly one of .*; got none$/);
      const two = await rejection(client.createRedirectSession({ login: {}, storesProduct: { productSlug: 'x' } }));
      assert.match(two.message, /got login, storesProduct$/);
      assert.equal((await suite.platform().requests('/_api/redirects-api/v1/redirect-session')).length, 0);
    });

    it('names the callback type a flow ends with: LOGOUT, CHECKOUT, AUTHORIZE', () => {
      assert.equal(callbackTypeOf({ logout: { clientId: 'c' } }), 'LOGOUT');
      assert.equal(callbackTypeOf({ ecomCheckout: { checkoutId: 'c' } }), 'CHECKOUT');
      assert.equal(
        callbackTypeOf({
          auth: {
            authRequest: {
              redirectUri: SITE_ORIGIN,
              clientId: 'c',
              codeChallenge: 'x',
              codeChallengeMethod: 'S256',
              responseMode: 'query',
              responseType: 'code',
              scope: 'offline_access',
              state: 's',
            },
          },
        }),
        'AUTHORIZE',
      );
      assert.equal(callbackTypeOf({ login: {} }), undefined);
    });
  });
}
