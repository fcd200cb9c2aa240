import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ApiKeyStrategy,
  AppStrategy,
  createClient,
  createWebhookVerifier,
  getCroppedImageUrl,
  getImageUrl,
  getScaledToFillImageUrl,
  getScaledToFitImageUrl,
  initContext,
  OAuthStrategy,
  parseAppInstallCallback,
  parseMemberCallback,
  runWebMessageFlow,
  verifyJwt,
} from './index.ts';

/** The call throws a TypeError whose message names exactly this (entry point and option). */
function throwsNaming(call: () => unknown, message: string): void {
  assert.throws(call, (error: unknown) => {
    assert.ok(error instanceof TypeError, `a TypeError, got ${String(error)}`);
    assert.equal(error.message, message);
    return true;
  });
}

const untyped = <T>(value: unknown) => value as T;

describe('every public SDK entry point names what is missing or wrong in what it was given', () => {
  it('createClient without auth, with no options at all, and with an auth that is not a strategy', () => {
    const auth =
      'an auth strategy such as OAuthStrategy({ clientId }), ApiKeyStrategy({ apiKey }) or AppStrategy({ appId })';
    throwsNaming(
      () => createClient(untyped({ host: 'https://api.example' })),
      `createClient: the option auth is missing (${auth})`,
    );
    throwsNaming(
      () => createClient(untyped(undefined)),
      'createClient: expected an options object with auth, got undefined',
    );
    throwsNaming(
      () => createClient(untyped({ auth: { clientId: 'x' } })),
      `createClient: the option auth must be ${auth}, got an object`,
    );
    throwsNaming(
      () => createClient(untyped({ auth: OAuthStrategy({ clientId: 'c' }), host: 'api.example' })),
      'createClient: the option host must be an absolute URL, got "api.example"',
    );
    throwsNaming(
      () => createClient(untyped({ auth: OAuthStrategy({ clientId: 'c' }), fetch: 'no' })),
      'createClient: the option fetch must be a fetch function, got "no"',
    );
    assert.ok(createClient({ auth: OAuthStrategy({ clientId: 'c' }), host: 'https://api.example' }));
  });

  it('the strategies: OAuthStrategy needs clientId, ApiKeyStrategy apiKey, AppStrategy appId', () => {
    throwsNaming(
      () => OAuthStrategy(untyped({})),
      'OAuthStrategy: the option clientId is missing (a non-empty string)',
    );
    throwsNaming(
      () => OAuthStrategy(untyped(undefined)),
      'OAuthStrategy: expected an options object with clientId, got undefined',
    );
    throwsNaming(
      () => OAuthStrategy(untyped({ clientId: 42 })),
      'OAuthStrategy: the option clientId must be a non-empty string, got 42',
    );
    throwsNaming(
      () => OAuthStrategy(untyped({ clientId: 'c', clock: Date })),
      'OAuthStrategy: the option clock must be a clock with a now() function, got ' + String(Date),
    );
    throwsNaming(
      () => ApiKeyStrategy(untyped({ siteId: 's' })),
      'ApiKeyStrategy: the option apiKey is missing (a non-empty string)',
    );
    throwsNaming(
      () => ApiKeyStrategy(untyped({ apiKey: '' })),
      'ApiKeyStrategy: the option apiKey must be a non-empty string, got an empty string',
    );
    throwsNaming(
      () => AppStrategy(untyped({ appSecret: 's' })),
      'AppStrategy: the option appId is missing (a non-empty string)',
    );
    throwsNaming(
      () => AppStrategy(untyped({ appId: 'a', installerUrl: '/install' })),
      'AppStrategy: the option installerUrl must be an absolute URL, got "/install"',
    );
  });

  it('initContext, createRedirectSession, webhooks, the web-message flow and JWT verification', async () => {
    throwsNaming(() => initContext(untyped(undefined)), 'initContext: the argument client is missing (an object)');
    throwsNaming(
      () => initContext(untyped({})),
      'initContext: the argument client must be a client made by createClient',
    );
    const client = createClient({ auth: OAuthStrategy({ clientId: 'c' }) });
    await assert.rejects(
      client.createRedirectSession(untyped(undefined)),
      new TypeError('createRedirectSession: the argument request is missing (an object)'),
    );
    throwsNaming(
      () => createWebhookVerifier(untyped({ keySetUrl: 'keys.json' })),
      'createWebhookVerifier: the option keySetUrl must be an absolute URL, got "keys.json"',
    );
    throwsNaming(
      () => runWebMessageFlow(untyped({ state: 's' })),
      'runWebMessageFlow: the option authUrl is missing (an absolute URL)',
    );
    await assert.rejects(
      verifyJwt('a.b.c', untyped(undefined)),
      new TypeError('verifyJwt: expected an options object, got undefined'),
    );
  });

  it('callbacks and media URLs name the argument they need', () => {
    throwsNaming(
      () => parseMemberCallback(untyped(undefined)),
      'parseMemberCallback: the argument url is missing (an absolute URL)',
    );
    throwsNaming(
      () => parseAppInstallCallback('?code=1'),
      'parseAppInstallCallback: the argument url must be an absolute URL, got "?code=1"',
    );
    throwsNaming(
      () => getImageUrl(untyped(undefined)),
      'getImageUrl: the argument uri is missing (a non-empty string)',
    );
    throwsNaming(
      () => getScaledToFillImageUrl(untyped(3), 10, 10),
      'getScaledToFillImageUrl: the argument uri must be a non-empty string, got 3',
    );
    throwsNaming(
      () => getScaledToFitImageUrl('', 10, 10),
      'getScaledToFitImageUrl: the argument uri must be a non-empty string, got an empty string',
    );
    throwsNaming(
      () => getCroppedImageUrl('abc', untyped(undefined), 10, 10),
      'getCroppedImageUrl: the argument crop is missing (an object)',
    );
  });
});
