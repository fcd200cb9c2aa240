// PKCE: verifier lengths, the S256 challenge, state checks, and callback parsing.
import { OAuthError } from '../../../src/sdk/errors.ts';
import { parseAppInstallCallback, parseMemberCallback } from '../../../src/sdk/oauth-callback.ts';
import { codeChallengeS256, generateCodeVerifier, generateOAuthData, generateState } from '../../../src/sdk/pkce.ts';
import { APP, MEMBERS } from '../fixtures.ts';
import { platformHooks, rejection, type Suite, thrown } from '../harness.ts';
import { oauthClient, SITE_ORIGIN } from '../helpers.ts';

export function pkceCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK PKCE and OAuth callbacks', () => {
    describe('code verifier', () => {
      it('accepts lengths 43 and 128 and rejects 42 and 129 with "Expected a length between 43 and 128"', () => {
        assert.equal(generateCodeVerifier(43).length, 43);
        assert.equal(generateCodeVerifier(128).length, 128);
        for (const length of [42, 129, 0, 43.5]) {
          const error = thrown(() => generateCodeVerifier(length));
          assert.ok(error instanceof RangeError, `length ${length}`);
          assert.equal(error.message, 'Expected a length between 43 and 128');
        }
      });

      it('is 43 characters by default, from the unreserved alphabet, and different every time', () => {
        const verifiers = Array.from({ length: 20 }, () => generateCodeVerifier());
        for (const verifier of verifiers) {
          assert.equal(verifier.length, 43);
          assert.match(verifier, /^[A-Za-z0-9\-._~]{43}$/);
        }
        assert.equal(new Set(verifiers).size, 20);
      });

      it('derives the S256 challenge with Web Crypto (RFC 7636 appendix B)', async () => {
        assert.equal(
          await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
          'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        );
      });

      it('generates OAuth data whose challenge matches its verifier and whose state is random', async () => {
        const data = await generateOAuthData(`${SITE_ORIGIN}/callback`, `${SITE_ORIGIN}/account`);
        assert.equal(data.codeChallenge, await codeChallengeS256(data.codeVerifier));
        assert.equal(data.redirectUri, `${SITE_ORIGIN}/callback`);
        assert.equal(data.originalUri, `${SITE_ORIGIN}/account`);
        assert.match(data.state, /^[A-Za-z0-9_-]{22}$/);
        assert.notEqual(generateState(), generateState());
      });
    });

    describe('callbacks', () => {
      it('an app install callback needs a code and an instanceId', () => {
        const ok = parseAppInstallCallback(
          `${SITE_ORIGIN}/installed?code=c-1&instanceId=${APP.instanceId}&state=s-1`,
          's-1',
        );
        assert.deepEqual(ok, { code: 'c-1', instanceId: APP.instanceId, state: 's-1' });
        assert.deepEqual(parseAppInstallCallback(`${SITE_ORIGIN}/installed?code=c-1&instanceId=i-1`), {
          code: 'c-1',
          instanceId: 'i-1',
        });
        for (const query of ['instanceId=i-1', 'code=c-1', 'code=&instanceId=i-1']) {
          const error = thrown(() => parseAppInstallCallback(`${SITE_ORIGIN}/installed?${query}`));
          assert.ok(error instanceof OAuthError);
          assert.equal(error.code, 'invalid_callback', query);
        }
      });

      it('an app install callback is refused when the state does not match the expected one', () => {
        const mismatch = thrown(() =>
          parseAppInstallCallback(`${SITE_ORIGIN}/installed?code=c&instanceId=i&state=forged`, 'expected'),
        );
        assert.equal(mismatch.code, 'state_mismatch');
        const absent = thrown(() =>
          parseAppInstallCallback(`${SITE_ORIGIN}/installed?code=c&instanceId=i`, 'expected'),
        );
        assert.equal(absent.code, 'state_mismatch');
      });

      it('reads a member callback from the query or the fragment, errors included', () => {
        assert.deepEqual(parseMemberCallback(`${SITE_ORIGIN}/cb?code=a&state=b`, 'query'), { code: 'a', state: 'b' });
        assert.deepEqual(parseMemberCallback(`${SITE_ORIGIN}/cb#code=a&state=b`), { code: 'a', state: 'b' });
        assert.deepEqual(
          parseMemberCallback(`${SITE_ORIGIN}/cb?error=access_denied&error_description=no&state=b`, 'query'),
          {
            state: 'b',
            error: 'access_denied',
            errorDescription: 'no',
          },
        );
      });
    });

    describe('code exchange on the wire', () => {
      platformHooks(suite);

      it('refuses a code whose state does not match, without calling the token endpoint', async () => {
        const { auth } = oauthClient(suite);
        const data = await auth.generateOAuthData(`${SITE_ORIGIN}/callback`);
        const error = await rejection(auth.getMemberTokens('some-code', 'another-state', data));
        assert.ok(error instanceof OAuthError);
        assert.equal(error.code, 'state_mismatch');
        assert.equal((await suite.platform().tokenRequests()).length, 0);
      });

      it('the platform checks the verifier against the challenge: a wrong verifier gets no tokens', async () => {
        await suite.platform().configure({ allowedOrigins: [SITE_ORIGIN] });
        const { auth } = oauthClient(suite);
        const data = await auth.generateOAuthData(`${SITE_ORIGIN}/callback`);
        const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'fragment' });
        const page = await fetch(`${authUrl}&member=${encodeURIComponent(MEMBERS.active.email)}`, {
          headers: { Accept: 'application/json' },
        });
        const { location } = (await page.json()) as { location: string };
        const { code, state } = auth.parseFromUrl(location);
        assert.equal(state, data.state);
        const error = await rejection(
          auth.getMemberTokens(code!, state!, { ...data, codeVerifier: generateCodeVerifier() }),
        );
        assert.equal(error.code, 'unexpected_status');
        assert.equal(error.status, 400);
        assert.equal(auth.loggedIn(), false);
      });

      it('getAuthUrl sends the auth request of a redirect session', async () => {
        const { auth } = oauthClient(suite);
        const data = await auth.generateOAuthData(`${SITE_ORIGIN}/callback`);
        const { authUrl } = await auth.getAuthUrl(data, {
          prompt: 'none',
          responseMode: 'web_message',
          sessionToken: 'st-1',
        });
        assert.match(authUrl, /\/__auth\?session=/);
        const [request] = await suite.platform().requests('/_api/redirects-api/v1/redirect-session');
        assert.deepEqual(request.body, {
          auth: {
            authRequest: {
              redirectUri: `${SITE_ORIGIN}/callback`,
              clientId: 'client-1',
              codeChallenge: data.codeChallenge,
              codeChallengeMethod: 'S256',
              responseMode: 'web_message',
              responseType: 'code',
              scope: 'offline_access',
              state: data.state,
              sessionToken: 'st-1',
            },
            prompt: 'none',
          },
        });
      });
    });
  });
}
