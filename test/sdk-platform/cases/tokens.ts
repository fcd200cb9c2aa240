// Tokens: every grant on the wire, expiry in whole seconds, renewal before a call, one shared refresh.
import { OAuthError } from '../../../src/sdk/errors.ts';
import { emptyTokens, isTokenExpired, type TokenStorage, type Tokens } from '../../../src/sdk/tokens.ts';
import { ACCESS_TOKEN_SECONDS, API_KEY, CLIENT_ID } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { fakeClock, memberTokensViaLoginPage, oauthClient } from '../helpers.ts';

export function tokenCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK tokens', () => {
    platformHooks(suite);

    describe('grants', () => {
      it('anonymous grant gives visitor tokens whose expiry is floor(now / 1000) + expires_in', async () => {
        const clock = fakeClock(1_700_000_000_999);
        const { auth } = oauthClient(suite, { clock });
        const tokens = await auth.generateVisitorTokens();
        const [request] = await suite.platform().tokenRequests();
        assert.deepEqual(request.body, { clientId: CLIENT_ID, grantType: 'anonymous' });
        assert.equal(tokens.accessToken.expiresAt, 1_700_000_000 + ACCESS_TOKEN_SECONDS);
        assert.equal(tokens.refreshToken.role, 'visitor');
        assert.match(tokens.accessToken.value, /^at-visitor-/);
        assert.equal(auth.loggedIn(), false);
      });

      it('refresh_token grant renews an expired member token and keeps the member role', async () => {
        const clock = fakeClock();
        const { auth, client } = oauthClient(suite, { clock });
        const member = await memberTokensViaLoginPage(auth, suite);
        clock.advanceSeconds(ACCESS_TOKEN_SECONDS + 1);
        await client.request('/v1/items');
        const refresh = (await suite.platform().tokenRequests()).at(-1)!;
        assert.deepEqual(refresh.body, {
          clientId: CLIENT_ID,
          refreshToken: member.refreshToken.value,
          grantType: 'refresh_token',
        });
        const tokens = auth.getTokens();
        assert.equal(tokens.refreshToken.role, 'member');
        assert.notEqual(tokens.accessToken.value, member.accessToken.value);
        assert.equal(auth.loggedIn(), true);
      });

      it('authorization_code grant sends the code with the PKCE verifier and gives member tokens', async () => {
        const { auth } = oauthClient(suite);
        const tokens = await memberTokensViaLoginPage(auth, suite);
        const request = (await suite.platform().tokenRequests()).at(-1)!;
        const body = request.body as Record<string, string>;
        assert.deepEqual(Object.keys(body).sort(), ['clientId', 'code', 'codeVerifier', 'grantType', 'redirectUri']);
        assert.equal(body.grantType, 'authorization_code');
        assert.equal(body.redirectUri, 'https://k3-site.example/callback');
        assert.equal(tokens.refreshToken.role, 'member');
        assert.equal(auth.loggedIn(), true);
      });

      it('authorized_client grant is snake_case and authorised by "<visitor token>,<api key>"', async () => {
        const { auth } = oauthClient(suite);
        const visitor = await auth.generateVisitorTokens();
        const tokens = await auth.getMemberTokensForExternalLogin('member-external', API_KEY.key);
        const request = (await suite.platform().tokenRequests()).at(-1)!;
        assert.deepEqual(request.body, {
          grant_type: 'authorized_client',
          scope: 'offline_access',
          member_id: 'member-external',
        });
        assert.equal(request.headers.authorization, `${visitor.accessToken.value},${API_KEY.key}`);
        assert.equal(tokens.refreshToken.role, 'member');
      });

      it('token-info answers with the client id and subject of the current token', async () => {
        const { auth } = oauthClient(suite);
        const tokens = await auth.generateVisitorTokens();
        const info = await auth.getTokenInfo();
        const [request] = await suite.platform().requests('/oauth2/token-info');
        assert.deepEqual(request.body, { token: tokens.accessToken.value });
        assert.equal(info.clientId, CLIENT_ID);
        assert.equal(info.subjectType, 'VISITOR');
        assert.equal(info.active, true);
      });
    });

    describe('state', () => {
      it('loggedIn() is true only when the refresh token role is member', async () => {
        const { auth } = oauthClient(suite);
        assert.equal(auth.loggedIn(), false, 'role none');
        await auth.generateVisitorTokens();
        assert.equal(auth.loggedIn(), false, 'role visitor');
        await auth.setTokens({
          accessToken: { value: 'a', expiresAt: 0 },
          refreshToken: { value: 'r', role: 'member' },
        });
        assert.equal(auth.loggedIn(), true, 'role member');
      });

      it('expiry is compared in whole seconds with a small clock-skew margin', () => {
        const clock = fakeClock(1_700_000_000_900);
        const token = (seconds: number) => ({ value: 'x', expiresAt: 1_700_000_000 + seconds });
        assert.equal(isTokenExpired(token(60), clock), false);
        assert.equal(isTokenExpired(token(10), clock), true, 'inside the 10 s margin');
        assert.equal(isTokenExpired(token(11), clock), false, 'just outside the margin');
        assert.equal(isTokenExpired({ value: '', expiresAt: 1_800_000_000 }, clock), true, 'no token at all');
      });

      it('resumes stored tokens that are still valid without asking for new ones', async () => {
        const clock = fakeClock();
        const { auth: first } = oauthClient(suite, { clock });
        const tokens = await first.generateVisitorTokens();
        const { auth: second, client } = oauthClient(suite, { clock, tokens });
        assert.deepEqual(await second.generateVisitorTokens(), tokens);
        await client.request('/v1/items');
        assert.equal((await suite.platform().tokenRequests()).length, 1);
        const [items] = await suite.platform().requests('/v1/items');
        assert.equal(items.headers.authorization, tokens.accessToken.value);
      });

      it('uses a pluggable (asynchronous) token storage for reads and writes', async () => {
        let saved: Tokens | undefined;
        const writes: Tokens[] = [];
        const storage: TokenStorage = {
          getTokens: async () => saved,
          setTokens: async (tokens) => {
            saved = tokens;
            writes.push(tokens);
          },
        };
        const { auth } = oauthClient(suite, { tokenStorage: storage });
        const tokens = await auth.generateVisitorTokens();
        assert.deepEqual(writes, [tokens]);
        const { auth: again } = oauthClient(suite, { tokenStorage: storage });
        assert.deepEqual(await again.generateVisitorTokens(), tokens);
        assert.equal((await suite.platform().tokenRequests()).length, 1);
      });
    });

    describe('renewal before a call', () => {
      it('refreshes an expired token before the call and sends the new one', async () => {
        const clock = fakeClock();
        const { auth, client } = oauthClient(suite, { clock });
        const first = await auth.generateVisitorTokens();
        clock.advanceSeconds(ACCESS_TOKEN_SECONDS);
        await client.request('/v1/items');
        const tokenRequests = await suite.platform().tokenRequests();
        assert.deepEqual(
          tokenRequests.map((r) => (r.body as Record<string, unknown>).grantType),
          ['anonymous', 'refresh_token'],
        );
        const [items] = await suite.platform().requests('/v1/items');
        assert.notEqual(items.headers.authorization, first.accessToken.value);
        assert.equal(items.headers.authorization, auth.getTokens().accessToken.value);
      });

      it('20 concurrent calls with an expired token make exactly one token request', async () => {
        const clock = fakeClock();
        const { auth, client } = oauthClient(suite, { clock });
        await auth.generateVisitorTokens();
        clock.advanceSeconds(ACCESS_TOKEN_SECONDS + 60);
        const before = (await suite.platform().tokenRequests()).length;
        await Promise.all(Array.from({ length: 20 }, (_, i) => client.request('/v1/items', { params: { call: i } })));
        const tokenRequests = (await suite.platform().tokenRequests()).slice(before);
        assert.equal(tokenRequests.length, 1);
        assert.equal((tokenRequests[0].body as Record<string, unknown>).grantType, 'refresh_token');
        const items = await suite.platform().requests('/v1/items');
        assert.equal(items.length, 20);
        const used = new Set(items.map((r) => r.headers.authorization));
        assert.deepEqual([...used], [auth.getTokens().accessToken.value]);
      });

      it('falls back to a new anonymous visitor token when the refresh fails', async () => {
        const clock = fakeClock();
        const { auth, client } = oauthClient(suite, {
          clock,
          tokens: {
            accessToken: { value: 'stale', expiresAt: 0 },
            refreshToken: { value: 'revoked-refresh-token', role: 'member' },
          },
        });
        assert.equal(auth.loggedIn(), true);
        await client.request('/v1/items');
        const grants = (await suite.platform().tokenRequests()).map(
          (r) => (r.body as Record<string, unknown>).grantType,
        );
        assert.deepEqual(grants, ['refresh_token', 'anonymous']);
        assert.equal(auth.getTokens().refreshToken.role, 'visitor');
        assert.equal(auth.loggedIn(), false);
      });

      it('renewToken reports a failed refresh instead of starting over', async () => {
        const { auth } = oauthClient(suite);
        const error = await rejection(auth.renewToken({ value: 'unknown', role: 'visitor' }));
        assert.ok(error instanceof OAuthError);
        assert.equal(error.code, 'unexpected_status');
        assert.equal(error.status, 400);
        assert.match(
          error.message,
          /^Unexpected status 400 \(Bad Request\) from \/v1\/oauth\/token, request-id: req-\d+$/,
        );
        const missing = await rejection(auth.renewToken(emptyTokens().refreshToken));
        assert.equal(missing.code, 'missing_refresh_token');
      });
    });
  });
}
