// Browser only: the real hidden frame and popup against the fake platform's page, and localStorage tokens.
import { expect } from '@open-wc/testing';
import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { CLIENT_ID, MEMBERS } from '../../test/sdk-platform/fixtures.ts';
import { platformHooks } from '../../test/sdk-platform/harness.ts';
import { createClient, type LoginResult, localStorageTokenStorage, type OAuthAuth, OAuthStrategy } from './index.ts';

const suite = browserSuite();

async function loggedInSession(auth: OAuthAuth): Promise<string> {
  const result: LoginResult = await auth.login({ email: MEMBERS.active.email, password: MEMBERS.active.password });
  if (result.loginState !== 'SUCCESS') throw new Error(`login ended in ${result.loginState}`);
  return result.data.sessionToken;
}

function newAuth(options: Partial<Parameters<typeof OAuthStrategy>[0]> = {}): OAuthAuth {
  const auth = OAuthStrategy({ clientId: CLIENT_ID, ...options });
  createClient({ auth, host: suite.platform().baseUrl });
  return auth;
}

describe('platform SDK direct login in Chromium', () => {
  platformHooks(suite);

  it('a hidden frame on the platform page posts the code back and the member gets tokens', async () => {
    await suite.platform().configure({ allowedOrigins: [location.origin] });
    const auth = newAuth();
    const tokens = await auth.getMemberTokensForDirectLogin(await loggedInSession(auth));
    expect(tokens.refreshToken.role).to.equal('member');
    expect(auth.loggedIn()).to.equal(true);
    expect(document.querySelectorAll('iframe').length, 'the frame is removed').to.equal(0);
    const code = (await suite.platform().tokenRequests()).at(-1)!;
    expect((code.body as Record<string, unknown>).redirectUri).to.equal(location.origin);
  });

  it('a popup works the same way and is closed afterwards', async () => {
    await suite.platform().configure({ allowedOrigins: [location.origin] });
    const auth = newAuth();
    const tokens = await auth.getMemberTokensForDirectLogin(await loggedInSession(auth), { mode: 'popup' });
    expect(tokens.refreshToken.role).to.equal('member');
  });

  it("fails fast when this page's origin is not allowed, well before the 120 s time-out", async () => {
    await suite.platform().configure({ allowedOrigins: ['https://k3-site.example'] });
    const auth = newAuth();
    const session = await loggedInSession(auth);
    let error: (Error & { code?: string }) | undefined;
    // The test's own 10 s limit would fail it if the flow waited for its time-out.
    await auth.getMemberTokensForDirectLogin(session).catch((e) => (error = e));
    expect(error?.code).to.equal('origin_not_allowed');
    expect(error?.message).to.contain(`the origin ${location.origin} is not allowed`);
    expect(auth.loggedIn()).to.equal(false);
  });

  it('keeps tokens in localStorage across strategies', async () => {
    const key = 'poptin-sdk-test-tokens';
    localStorage.removeItem(key);
    try {
      const first = newAuth({ tokenStorage: localStorageTokenStorage(key) });
      const tokens = await first.generateVisitorTokens();
      expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal(tokens);
      const second = newAuth({ tokenStorage: localStorageTokenStorage(key) });
      expect(second.getTokens()).to.deep.equal(tokens);
      expect(await second.generateVisitorTokens()).to.deep.equal(tokens);
      expect((await suite.platform().tokenRequests()).length).to.equal(1);
    } finally {
      localStorage.removeItem(key);
    }
  });
});
