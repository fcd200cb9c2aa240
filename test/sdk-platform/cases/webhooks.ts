// Webhooks and JWTs signed by the platform: key set and PEM keys, the envelope, identities, failures.
import sinon from 'sinon';
import { OAuthError } from '../../../src/sdk/errors.ts';
import { IDENTITY_TYPES } from '../../../src/sdk/identity.ts';
import { fetchKeySet, verifyJwt } from '../../../src/sdk/jwt.ts';
import { AppStrategy } from '../../../src/sdk/strategies/app.ts';
import { createWebhookVerifier } from '../../../src/sdk/webhooks.ts';
import { APP } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { fakeClock } from '../helpers.ts';

const NOW_MS = 1_700_000_000_000;
const NOW = NOW_MS / 1000;

function webhookClaims(
  identity: Record<string, unknown> | undefined,
  data: unknown = { orderId: 'order-7', total: '1500000' },
) {
  const envelope: Record<string, unknown> = {
    eventType: 'wix.ecom.v1.order_created',
    instanceId: APP.instanceId,
    data: JSON.stringify(data),
  };
  if (identity) envelope.identity = JSON.stringify(identity);
  return { data: JSON.stringify(envelope), iat: NOW - 5, exp: NOW + 300 };
}

export function webhookCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK webhooks and JWTs', () => {
    platformHooks(suite);
    let timers: sinon.SinonFakeTimers | undefined;
    suite.afterEach(() => {
      timers?.restore();
      timers = undefined;
    });

    const verifier = (options: Parameters<typeof createWebhookVerifier>[0] = {}) =>
      createWebhookVerifier({ host: suite.platform().baseUrl, clock: fakeClock(NOW_MS), ...options });

    it('verifies a webhook with the platform key set and unpacks event, instance, identity and data', async () => {
      const token = await suite.platform().sign(webhookClaims({ identityType: 'MEMBER', memberId: 'member-ada' }));
      const event = await verifier().process(token);
      assert.deepEqual(event, {
        eventType: 'wix.ecom.v1.order_created',
        instanceId: APP.instanceId,
        identity: { identityType: 'MEMBER', memberId: 'member-ada' },
        payload: { orderId: 'order-7', total: '1500000' },
      });
      const [keys] = await suite.platform().requests('/.well-known/jwks.json');
      assert.equal(keys.method, 'GET');
    });

    it('reads every identity type: ANONYMOUS_VISITOR, MEMBER, WIX_USER, APP', async () => {
      const ids = {
        ANONYMOUS_VISITOR: 'anonymousVisitorId',
        MEMBER: 'memberId',
        WIX_USER: 'wixUserId',
        APP: 'appId',
      } as const;
      const check = verifier();
      for (const identityType of IDENTITY_TYPES) {
        const token = await suite
          .platform()
          .sign(webhookClaims({ identityType, [ids[identityType]]: `${identityType}-id` }));
        const event = await check.process(token);
        assert.deepEqual(event.identity, { identityType, [ids[identityType]]: `${identityType}-id` });
      }
      const unknown = await check.process(await suite.platform().sign(webhookClaims({ identityType: 'ROBOT' })));
      assert.equal(unknown.identity, undefined);
      assert.equal(
        (await suite.platform().requests('/.well-known/jwks.json')).length,
        1,
        'the key set is fetched once',
      );
    });

    it('verifies with a PEM public key or a JWK without fetching the key set', async () => {
      const { pem, jwk } = await suite.platform().publicKey();
      const token = await suite.platform().sign(webhookClaims(undefined));
      assert.equal((await verifier({ publicKey: pem }).process(token)).eventType, 'wix.ecom.v1.order_created');
      assert.equal((await verifier({ publicKey: jwk }).process(token)).identity, undefined);
      const app = AppStrategy({ appId: APP.appId, publicKey: pem, clock: fakeClock(NOW_MS) });
      assert.equal((await app.decodeJWT(token)).exp, NOW + 300);
      assert.equal((await suite.platform().requests('/.well-known/jwks.json')).length, 0);
    });

    it('rejects a forged signature, a non-RS256 algorithm, garbage and an expired token as an invalid JWT', async () => {
      const { pem } = await suite.platform().publicKey();
      const check = verifier({ publicKey: pem });
      const forged = await suite.platform().sign(webhookClaims(undefined), { forge: true });
      const none = await suite.platform().sign(webhookClaims(undefined), { header: { alg: 'none' } });
      const expired = await suite.platform().sign({ ...webhookClaims(undefined), exp: NOW - 60 });
      for (const [name, token] of [
        ['forged', forged],
        ['alg none', none],
        ['garbage', 'not.a.jwt'],
        ['two parts', 'abc.def'],
        ['expired', expired],
      ]) {
        const error = await rejection(check.process(token));
        assert.ok(error instanceof OAuthError, name);
        assert.equal(error.code, 'invalid_jwt', name);
        assert.match(error.message, /^Invalid JWT: /, name);
      }
    });

    it('reports a missing public key: none given, no matching kid, unusable key', async () => {
      const token = await suite.platform().sign(webhookClaims(undefined));
      const none = await rejection(verifyJwt(token, {}));
      assert.equal(none.code, 'missing_public_key');
      const otherKid = await suite.platform().sign(webhookClaims(undefined), { header: { kid: 'retired-key' } });
      const noKid = await rejection(verifier().process(otherKid));
      assert.equal(noKid.code, 'missing_public_key');
      assert.match(noKid.message, /kid "retired-key"/);
      assert.equal((await rejection(verifier({ publicKey: 'not a key' }).process(token))).code, 'missing_public_key');
      const app = await rejection(AppStrategy({ appId: APP.appId }).decodeJWT(token));
      assert.equal(app.code, 'missing_public_key');
    });

    it('gives up on the key set after 5 s', async () => {
      await suite.platform().script({ path: '/.well-known/jwks.json', status: 200, hang: true });
      timers = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let error: (Error & { code?: string }) | undefined;
      const fetching = fetchKeySet(`${suite.platform().baseUrl}/.well-known/jwks.json`).catch((e) => (error = e));
      await timers.tickAsync(4_999);
      assert.equal(error, undefined, 'still waiting at 4999 ms');
      await timers.tickAsync(1);
      await fetching;
      assert.equal(error?.code, 'missing_public_key');
      assert.match(error?.message ?? '', /no answer within 5000 ms/);
    });

    it('refetches the key set after a failed fetch', async () => {
      await suite.platform().script({ path: '/.well-known/jwks.json', status: 500, body: {} });
      const check = verifier();
      const token = await suite.platform().sign(webhookClaims(undefined));
      assert.equal((await rejection(check.process(token))).code, 'missing_public_key');
      assert.equal((await check.process(token)).instanceId, APP.instanceId);
    });
  });
}
