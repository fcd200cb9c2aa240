// The popup / hidden-frame OAuth flow: success, the 120000 ms time-out, and failing fast on a refused origin.
import sinon from 'sinon';
import { OAuthError } from '../../../src/sdk/errors.ts';
import {
  type FlowHost,
  type FlowMessage,
  type FlowMode,
  runWebMessageFlow,
} from '../../../src/sdk/web-message-flow.ts';
import { MEMBERS } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { fetchingFlowHost, oauthClient, SITE_ORIGIN } from '../helpers.ts';

const AUTH_URL = 'https://platform.example/__auth?session=s-1';
const AUTH_ORIGIN = 'https://platform.example';

/** A window stand-in whose page posts only what the test tells it to. */
function scriptedHost() {
  const listeners = new Set<(message: FlowMessage) => void>();
  const state = {
    opened: [] as Array<{ url: string; mode: FlowMode }>,
    closed: false,
    userClosedPopup: false,
    block: false,
  };
  const host: FlowHost = {
    origin: SITE_ORIGIN,
    addMessageListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(url, mode) {
      if (state.block) return null;
      state.opened.push({ url, mode });
      return {
        close: () => {
          state.closed = true;
        },
        isClosed: () => state.userClosedPopup,
      };
    },
  };
  const post = (data: unknown, origin = AUTH_ORIGIN) => {
    for (const listener of listeners) listener({ data, origin });
  };
  return { host, state, post, listenerCount: () => listeners.size };
}

/** Lets promise callbacks run without moving the fake clock. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => Promise.resolve());

export function flowCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK popup and hidden-frame flow', () => {
    let clock: sinon.SinonFakeTimers | undefined;
    suite.afterEach(() => {
      clock?.restore();
      clock = undefined;
    });

    it('ends with the code the platform page posts back with the matching state, then cleans up', async () => {
      const { host, state, post, listenerCount } = scriptedHost();
      const flow = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host });
      assert.deepEqual(state.opened, [{ url: AUTH_URL, mode: 'iframe' }]);
      post({ code: 'c-1', state: 'st-1' });
      assert.deepEqual(await flow, { code: 'c-1', state: 'st-1' });
      assert.equal(state.closed, true);
      assert.equal(listenerCount(), 0);
    });

    it('ignores messages from other origins, for other flows, or without a code', async () => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const { host, post } = scriptedHost();
      let outcome: unknown;
      const flow = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host }).then((r) => (outcome = r));
      post({ code: 'evil', state: 'st-1' }, 'https://attacker.example');
      post({ code: 'other', state: 'st-2' });
      post({ code: 'no-state' });
      post('a string');
      post({ response: { code: 'wrapped', state: 'st-1' }, type: 'authorization_response' });
      await flow;
      assert.deepEqual(outcome, { code: 'wrapped', state: 'st-1' });
    });

    it('times out with "OAuth flow timed out" after 120000 ms, not before', async () => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const { host, state } = scriptedHost();
      let error: unknown;
      const flow = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host }).catch((e) => (error = e));
      clock.tick(119_999);
      await settle();
      assert.equal(error, undefined, 'still waiting at 119999 ms');
      clock.tick(1);
      await flow;
      assert.ok(error instanceof OAuthError);
      assert.equal((error as OAuthError).code, 'flow_timed_out');
      assert.equal((error as OAuthError).message, 'OAuth flow timed out');
      assert.equal(state.closed, true, 'the frame is removed');
    });

    it("fails at once, not after the time-out, when the platform refuses the opener's origin", async () => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const { host, post } = scriptedHost();
      let error: (Error & { code?: string }) | undefined;
      const flow = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host, mode: 'popup' }).catch(
        (e) => (error = e),
      );
      post({
        error: 'origin_not_allowed',
        error_description: `${SITE_ORIGIN} is not an allowed origin`,
        state: 'st-1',
      });
      await settle();
      assert.ok(error, 'rejected with no time passing');
      await flow;
      assert.equal(error!.code, 'origin_not_allowed');
      assert.equal(
        error!.message,
        `OAuth flow failed: the origin ${SITE_ORIGIN} is not allowed for this client (${SITE_ORIGIN} is not an allowed origin)`,
      );
    });

    it('reports other platform errors, a closed popup and a blocked popup', async () => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const first = scriptedHost();
      const denied = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host: first.host });
      first.post({ error: 'login_required', error_description: 'no session', state: 'st-1' });
      const deniedError = await rejection(denied);
      assert.equal(deniedError.code, 'flow_failed');
      assert.equal(deniedError.message, 'OAuth flow failed: login_required: no session');

      const second = scriptedHost();
      const closed = runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host: second.host, mode: 'popup' });
      second.state.userClosedPopup = true;
      clock.tick(500);
      assert.match((await rejection(closed)).message, /popup was closed/);

      const third = scriptedHost();
      third.state.block = true;
      assert.match(
        (await rejection(runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1', host: third.host, mode: 'popup' })))
          .message,
        /blocked the popup/,
      );
    });

    if (suite.environment === 'node') {
      it('needs a browser window (or a flow host) outside the browser', async () => {
        const error = await rejection(runWebMessageFlow({ authUrl: AUTH_URL, state: 'st-1' }));
        assert.equal(error.code, 'flow_unavailable');
      });
    }

    describe('direct login through the platform page', () => {
      platformHooks(suite);

      it('turns a login session token into member tokens (prompt none, web_message)', async () => {
        await suite.platform().configure({ allowedOrigins: [SITE_ORIGIN] });
        const { auth } = oauthClient(suite);
        const login = await auth.login({ email: MEMBERS.active.email, password: MEMBERS.active.password });
        assert.equal(login.loginState, 'SUCCESS');
        if (login.loginState !== 'SUCCESS') return;
        const host = fetchingFlowHost();
        const tokens = await auth.getMemberTokensForDirectLogin(login.data.sessionToken, { flowHost: host });
        assert.equal(tokens.refreshToken.role, 'member');
        assert.equal(auth.loggedIn(), true);
        const code = (await suite.platform().tokenRequests()).at(-1)!;
        assert.equal((code.body as Record<string, unknown>).redirectUri, SITE_ORIGIN);
      });

      it('fails fast with origin_not_allowed when the site origin is not allowed', async () => {
        const { auth } = oauthClient(suite);
        const login = await auth.login({ email: MEMBERS.active.email, password: MEMBERS.active.password });
        if (login.loginState !== 'SUCCESS') throw new Error('login failed');
        const error = await rejection(
          auth.getMemberTokensForDirectLogin(login.data.sessionToken, { flowHost: fetchingFlowHost() }),
        );
        assert.equal(error.code, 'origin_not_allowed');
        assert.match(error.message, /origin https:\/\/k3-site\.example is not allowed/);
        assert.equal(auth.loggedIn(), false);
      });
    });
  });
}
