// The API-key and app strategies: their headers, their token calls, and elevation.
import { createClient } from '../../../src/sdk/client.ts';
import { OAuthError } from '../../../src/sdk/errors.ts';
import { ApiKeyStrategy } from '../../../src/sdk/strategies/api-key.ts';
import { AppStrategy } from '../../../src/sdk/strategies/app.ts';
import { API_KEY, APP } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { SITE_ORIGIN } from '../helpers.ts';

export function strategyCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK strategies', () => {
    platformHooks(suite);

    describe('API key', () => {
      it('sends the key with the site id, and the account id once it is set', async () => {
        const auth = ApiKeyStrategy({ apiKey: API_KEY.key, siteId: API_KEY.siteId });
        const client = createClient({ auth, host: suite.platform().baseUrl });
        await client.request('/v1/items');
        auth.setAccountId(API_KEY.accountId);
        await client.request('/v1/items');
        auth.setSiteId(undefined);
        await client.request('/v1/items');
        const headers = (await suite.platform().requests('/v1/items')).map((r) => [
          r.headers.authorization,
          r.headers['wix-site-id'],
          r.headers['wix-account-id'],
        ]);
        assert.deepEqual(headers, [
          [API_KEY.key, API_KEY.siteId, undefined],
          [API_KEY.key, API_KEY.siteId, API_KEY.accountId],
          [API_KEY.key, undefined, API_KEY.accountId],
        ]);
        assert.equal((await suite.platform().tokenRequests()).length, 0, 'an API key needs no token');
      });

      it('is refused by the platform for another site', async () => {
        const auth = ApiKeyStrategy({ apiKey: API_KEY.key, siteId: 'someone-elses-site' });
        const client = createClient({ auth, host: suite.platform().baseUrl });
        const error = await rejection(client.request('/v1/items'));
        assert.equal(error.code, 'UNAUTHORIZED');
        auth.setSiteId(API_KEY.siteId);
        await client.request('/v1/items');
      });
    });

    describe('app', () => {
      const base = { appId: APP.appId, appSecret: APP.appSecret };

      it('gets an app token by client credentials (snake_case) and reuses it until it expires', async () => {
        const auth = AppStrategy({ ...base, instanceId: APP.instanceId });
        const client = createClient({ auth, host: suite.platform().baseUrl });
        await client.request('/v1/items');
        await client.request('/v1/items');
        const tokenRequests = await suite.platform().tokenRequests();
        assert.equal(tokenRequests.length, 1);
        assert.deepEqual(tokenRequests[0].body, {
          grant_type: 'client_credentials',
          client_id: APP.appId,
          client_secret: APP.appSecret,
          instance_id: APP.instanceId,
        });
        const info = await auth.getTokenInfo();
        assert.equal(info.subjectType, 'APP');
        assert.equal(info.instanceId, APP.instanceId);
      });

      it('reports a missing app secret and a missing instance id', async () => {
        const noSecret = AppStrategy({ appId: APP.appId, instanceId: APP.instanceId, host: suite.platform().baseUrl });
        const secretError = await rejection(noSecret.getAuthHeaders());
        assert.ok(secretError instanceof OAuthError);
        assert.equal(secretError.code, 'missing_app_secret');
        const noInstance = AppStrategy({ ...base, host: suite.platform().baseUrl });
        assert.equal((await rejection(noInstance.getAuthHeaders())).code, 'missing_instance_id');
        assert.equal((await suite.platform().requests()).length, 0);
      });

      it('elevates an access token issued for the same app with an instance id', async () => {
        const userToken = await suite.platform().issue('app-user', { clientId: APP.appId, instanceId: APP.instanceId });
        const auth = AppStrategy({ ...base, accessToken: userToken, host: suite.platform().baseUrl });
        assert.deepEqual(await auth.getAuthHeaders(), { Authorization: userToken });
        const elevated = await auth.elevated();
        assert.equal(elevated.instanceId, APP.instanceId);
        const headers = await elevated.getAuthHeaders();
        assert.notEqual(headers.Authorization, userToken);
        const [info] = await suite.platform().requests('/oauth2/token-info');
        assert.deepEqual(info.body, { token: userToken });
        const [token] = await suite.platform().tokenRequests();
        assert.equal((token.body as Record<string, unknown>).instance_id, APP.instanceId);
      });

      it('refuses to elevate a token of another app or without an instance id', async () => {
        const otherApp = await suite.platform().issue('app-user', { clientId: 'app-2', instanceId: APP.instanceId });
        const wrongApp = await rejection(
          AppStrategy({ ...base, accessToken: otherApp, host: suite.platform().baseUrl }).elevated(),
        );
        assert.equal(wrongApp.code, 'token_not_for_app');
        const noInstance = await suite.platform().issue('app-user', { clientId: APP.appId });
        const missing = await rejection(
          AppStrategy({ ...base, accessToken: noInstance, host: suite.platform().baseUrl }).elevated(),
        );
        assert.equal(missing.code, 'missing_instance_id');
        assert.equal(
          (await rejection(AppStrategy({ ...base, host: suite.platform().baseUrl }).elevated())).code,
          'missing_access_token',
        );
        assert.equal((await suite.platform().tokenRequests()).length, 0);
      });

      it('builds the install URL and finishes the install callback with /oauth/access', async () => {
        const auth = AppStrategy({
          ...base,
          host: suite.platform().baseUrl,
          installerUrl: 'https://installer.example/install',
        });
        const installUrl = new URL(auth.getInstallUrl({ redirectUrl: `${SITE_ORIGIN}/installed`, state: 'st-9' }));
        assert.equal(installUrl.origin + installUrl.pathname, 'https://installer.example/install');
        assert.deepEqual(Object.fromEntries(installUrl.searchParams), {
          appId: APP.appId,
          redirectUrl: `${SITE_ORIGIN}/installed`,
          state: 'st-9',
        });

        const callback = `${SITE_ORIGIN}/installed?code=${APP.installCode}&instanceId=${APP.instanceId}&state=st-9`;
        const tokens = await auth.handleOAuthCallback(callback, { state: 'st-9' });
        assert.equal(tokens.instanceId, APP.instanceId);
        const [exchange] = await suite.platform().requests('/oauth/access');
        assert.deepEqual(exchange.body, {
          grant_type: 'authorization_code',
          client_id: APP.appId,
          client_secret: APP.appSecret,
          code: APP.installCode,
        });
        assert.deepEqual(await auth.getAuthHeaders(), { Authorization: tokens.accessToken });

        const refreshing = AppStrategy({ ...base, refreshToken: tokens.refreshToken, host: suite.platform().baseUrl });
        const headers = await refreshing.getAuthHeaders();
        const refresh = (await suite.platform().requests('/oauth/access')).at(-1)!;
        assert.deepEqual(refresh.body, {
          grant_type: 'refresh_token',
          client_id: APP.appId,
          client_secret: APP.appSecret,
          refresh_token: tokens.refreshToken,
        });
        assert.match(headers.Authorization, /^at-app-/);

        const forged = await rejection(auth.handleOAuthCallback(callback, { state: 'other' }));
        assert.equal(forged.code, 'state_mismatch');
      });
    });
  });
}
