// Member authentication: the login state machine, error codes, verification, recovery, sign-on, logout.
import { mapAuthenticationError, mapAuthenticationReply } from '../../../src/sdk/auth/login.ts';
import { createClient } from '../../../src/sdk/client.ts';
import { SdkError } from '../../../src/sdk/errors.ts';
import { ApiKeyStrategy } from '../../../src/sdk/strategies/api-key.ts';
import { API_KEY, CLIENT_ID, MEMBERS, RECOVERY_TOKEN, VALID_CAPTCHA, VERIFICATION_CODE } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { memberTokensViaLoginPage, oauthClient, SITE_ORIGIN } from '../helpers.ts';

export function loginCases(suite: Suite): void {
  const { describe, it, assert } = suite;
  const { active } = MEMBERS;

  describe('platform SDK member authentication', () => {
    platformHooks(suite);

    describe('login states', () => {
      it('starts INITIAL', () => {
        const { auth } = oauthClient(suite);
        assert.deepEqual(auth.getLoginState(), { loginState: 'INITIAL' });
      });

      it('SUCCESS carries the session token and the identity; the login body is exact', async () => {
        const { auth } = oauthClient(suite);
        const result = await auth.login({
          email: active.email,
          password: active.password,
          clientMetaData: { source: 'brochure' },
        });
        assert.equal(result.loginState, 'SUCCESS');
        if (result.loginState !== 'SUCCESS') return;
        assert.match(result.data.sessionToken, /^session-token-/);
        assert.equal(result.identity?.id, active.id);
        assert.equal(result.identity?.identityProfile?.customFields?.[0].value.numValue, 3);
        const [request] = await suite.platform().requests('/_api/iam/authentication/v2/login');
        assert.deepEqual(request.body, {
          loginId: { email: active.email },
          password: active.password,
          clientMetaData: { source: 'brochure' },
        });
        assert.equal(request.headers.authorization, auth.getTokens().accessToken.value, 'sent with the visitor token');
        assert.deepEqual(auth.getLoginState(), { loginState: 'SUCCESS' });
      });

      it('REQUIRE_OWNER_APPROVAL maps to OWNER_APPROVAL_REQUIRED', async () => {
        const { auth } = oauthClient(suite);
        const result = await auth.login({
          email: MEMBERS.awaitingApproval.email,
          password: MEMBERS.awaitingApproval.password,
        });
        assert.equal(result.loginState, 'OWNER_APPROVAL_REQUIRED');
      });

      it('REQUIRE_EMAIL_VERIFICATION maps to EMAIL_VERIFICATION_REQUIRED and the kept state token finishes it', async () => {
        const { auth } = oauthClient(suite);
        const result = await auth.login({ email: MEMBERS.unverified.email, password: MEMBERS.unverified.password });
        assert.equal(result.loginState, 'EMAIL_VERIFICATION_REQUIRED');
        if (result.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return;
        assert.deepEqual(auth.getLoginState(), {
          loginState: 'EMAIL_VERIFICATION_REQUIRED',
          stateToken: result.data.stateToken,
        });

        const wrong = await auth.processVerification({ verificationCode: '000000' });
        assert.deepEqual(wrong, { loginState: 'FAILURE', error: 'Wrong verification code' });
        assert.deepEqual(
          auth.getLoginState(),
          { loginState: 'FAILURE', stateToken: result.data.stateToken },
          'kept for a retry',
        );
        const verified = await auth.processVerification({ verificationCode: VERIFICATION_CODE });
        assert.equal(verified.loginState, 'SUCCESS');
        const requests = await suite.platform().requests('/_api/iam/authentication/v2/EMAIL/verify');
        assert.deepEqual(requests.at(-1)!.body, { stateToken: result.data.stateToken, code: VERIFICATION_CODE });
      });

      it('verification without a pending state token fails without a call', async () => {
        const { auth } = oauthClient(suite);
        const result = await auth.processVerification({ verificationCode: VERIFICATION_CODE });
        assert.equal(result.loginState, 'FAILURE');
        assert.equal((await suite.platform().requests()).length, 0);
      });

      it('any other authentication state (STATUS_CHECK) is a FAILURE', async () => {
        const { auth } = oauthClient(suite);
        const result = await auth.login({ email: MEMBERS.statusCheck.email, password: MEMBERS.statusCheck.password });
        assert.deepEqual(result, { loginState: 'FAILURE', error: 'Unexpected authentication state: STATUS_CHECK' });
        assert.deepEqual(
          mapAuthenticationReply({ state: 'SUCCESS' }).loginState,
          'FAILURE',
          'SUCCESS without a session token',
        );
      });

      it('a missing captcha asks for a silent captcha (-19971), a rejected one for a user captcha (-19970)', async () => {
        await suite.platform().configure({ requireCaptcha: true });
        const { auth } = oauthClient(suite);
        const credentials = { email: active.email, password: active.password };
        const missing = await auth.login(credentials);
        assert.deepEqual(missing, {
          loginState: 'SILENT_CAPTCHA_REQUIRED',
          error: 'Missing captcha token',
          errorCode: 'missingCaptchaToken',
        });
        const rejected = await auth.login({ ...credentials, captchaToken: { invisibleRecaptcha: 'forged' } });
        assert.deepEqual(rejected, {
          loginState: 'USER_CAPTCHA_REQUIRED',
          error: 'Invalid captcha token',
          errorCode: 'invalidCaptchaToken',
        });
        assert.deepEqual(auth.getLoginState(), { loginState: 'USER_CAPTCHA_REQUIRED' });
        const solved = await auth.login({ ...credentials, captchaToken: { recaptcha: VALID_CAPTCHA } });
        assert.equal(solved.loginState, 'SUCCESS');
        const bodies = (await suite.platform().requests('/_api/iam/authentication/v2/login')).map(
          (r) => (r.body as Record<string, unknown>).captchaTokens,
        );
        assert.deepEqual(bodies, [undefined, [{ InvisibleRecaptcha: 'forged' }], [{ Recaptcha: VALID_CAPTCHA }]]);
      });
    });

    describe('error codes', () => {
      it('login: -19976 invalidPassword, -19973 resetPassword, anything else invalidEmail', async () => {
        const { auth } = oauthClient(suite);
        const wrongPassword = await auth.login({ email: active.email, password: 'wrong' });
        assert.deepEqual(wrongPassword, {
          loginState: 'FAILURE',
          error: 'Wrong password',
          errorCode: 'invalidPassword',
        });
        const mustReset = await auth.login({ email: MEMBERS.mustReset.email, password: MEMBERS.mustReset.password });
        assert.equal(mustReset.loginState === 'FAILURE' && mustReset.errorCode, 'resetPassword');
        const unknown = await auth.login({ email: 'nobody@example.com', password: 'x' });
        assert.equal(unknown.loginState === 'FAILURE' && unknown.errorCode, 'invalidEmail');
      });

      it('register: an email violation is invalidEmail, -19995 emailAlreadyExists', async () => {
        const { auth } = oauthClient(suite);
        const invalid = await auth.register({ email: 'not-an-email', password: 'secret-1' });
        assert.deepEqual(invalid, {
          loginState: 'FAILURE',
          error: 'INVALID_ARGUMENT: "loginId.email" must be a valid email',
          errorCode: 'invalidEmail',
        });
        const exists = await auth.register({ email: active.email, password: 'secret-1' });
        assert.equal(exists.loginState === 'FAILURE' && exists.errorCode, 'emailAlreadyExists');
      });

      it('register: missing and invalid captcha codes', async () => {
        await suite.platform().configure({ requireCaptcha: true });
        const { auth } = oauthClient(suite);
        const missing = await auth.register({ email: 'budi@example.com', password: 'secret-1' });
        assert.equal(missing.loginState === 'SILENT_CAPTCHA_REQUIRED' && missing.errorCode, 'missingCaptchaToken');
        const invalid = await auth.register({
          email: 'budi@example.com',
          password: 'secret-1',
          captchaToken: { recaptcha: 'bad' },
        });
        assert.equal(invalid.loginState === 'USER_CAPTCHA_REQUIRED' && invalid.errorCode, 'invalidCaptchaToken');
      });

      it('a reply with only a validation error does not crash the mapping', async () => {
        const { auth } = oauthClient(suite);
        await auth.generateVisitorTokens();
        await suite.platform().script({
          path: '/_api/iam/authentication/v2/login',
          status: 400,
          body: {
            message: 'bad',
            details: {
              validationError: { fieldViolations: [{ field: 'password', description: 'must not be empty' }] },
            },
          },
        });
        const result = await auth.login({ email: active.email, password: '' });
        assert.deepEqual(result, {
          loginState: 'FAILURE',
          error: 'INVALID_ARGUMENT: "password" must not be empty',
          errorCode: 'invalidEmail',
        });
        const bare = new SdkError('bad', { kind: 'client', status: 400, details: {} });
        assert.deepEqual(mapAuthenticationError(bare, 'register'), { loginState: 'FAILURE', error: 'bad' });
        assert.deepEqual(mapAuthenticationError(bare, 'reset'), { loginState: 'FAILURE', error: 'bad' });
      });

      it('errors that are not platform replies are not swallowed', async () => {
        const error = await rejection(async () => mapAuthenticationError(new TypeError('Failed to fetch'), 'login'));
        assert.equal(error.name, 'TypeError');
      });
    });

    describe('registration', () => {
      it('registers with a profile and answers SUCCESS, or the approval and verification states', async () => {
        const { auth } = oauthClient(suite);
        const profile = {
          firstName: 'Budi',
          lastName: 'Santoso',
          customFields: [{ name: 'custom.company', value: { strValue: 'PT K3' } }],
        };
        const result = await auth.register({ email: 'budi@example.com', password: 'secret-1', profile });
        assert.equal(result.loginState, 'SUCCESS');
        const [request] = await suite.platform().requests('/_api/iam/authentication/v2/register');
        assert.deepEqual(request.body, { loginId: { email: 'budi@example.com' }, password: 'secret-1', profile });

        await suite.platform().configure({ registration: 'owner-approval' });
        assert.equal(
          (await auth.register({ email: 'citra@example.com', password: 'secret-1' })).loginState,
          'OWNER_APPROVAL_REQUIRED',
        );
        await suite.platform().configure({ registration: 'email-verification' });
        assert.equal(
          (await auth.register({ email: 'dewi@example.com', password: 'secret-1' })).loginState,
          'EMAIL_VERIFICATION_REQUIRED',
        );
      });
    });

    describe('recovery and verification', () => {
      it('sends the password recovery email with the redirect and client id', async () => {
        const { auth } = oauthClient(suite);
        await auth.sendPasswordResetEmail(active.email, `${SITE_ORIGIN}/reset`, 'id');
        const [request] = await suite.platform().requests('/_api/iam/recovery/v1/send-email');
        assert.deepEqual(request.body, {
          email: active.email,
          redirect: { url: `${SITE_ORIGIN}/reset`, clientId: CLIENT_ID },
          language: 'id',
        });
      });

      it('recovers with the token and an optional new password', async () => {
        const { auth } = oauthClient(suite);
        const checked = await auth.recoverPassword(RECOVERY_TOKEN);
        assert.deepEqual(checked, { state: 'SUCCESS' });
        const recovered = await auth.recoverPassword(RECOVERY_TOKEN, 'brand new password');
        assert.equal(recovered.state, 'SUCCESS');
        assert.match(recovered.state === 'SUCCESS' ? (recovered.sessionToken ?? '') : '', /^session-token-/);
        const expired = await auth.recoverPassword('old-token', 'brand new password');
        assert.deepEqual(expired, {
          state: 'FAILURE',
          error: 'The recovery link has expired',
          errorCode: 'resetPassword',
        });
        const weak = await auth.recoverPassword(RECOVERY_TOKEN, '123');
        assert.equal(weak.state === 'FAILURE' && weak.errorCode, 'invalidPassword');
        const bodies = (await suite.platform().requests('/_api/iam/recovery/v1/recover')).map((r) => r.body);
        assert.deepEqual(bodies[0], { recoveryToken: RECOVERY_TOKEN });
        assert.deepEqual(bodies[1], { recoveryToken: RECOVERY_TOKEN, password: 'brand new password' });
        const relogin = await auth.login({ email: active.email, password: 'brand new password' });
        assert.equal(relogin.loginState, 'SUCCESS');
      });

      it('sends an activation email and starts a verification', async () => {
        const { auth } = oauthClient(suite);
        await auth.sendActivationEmail(MEMBERS.unverified.id, `${SITE_ORIGIN}/welcome`);
        const started = await auth.startVerification({ email: MEMBERS.unverified.email });
        assert.match(started.verificationId ?? '', /^verification-/);
        const [activation] = await suite.platform().requests('/_api/iam/recovery/v1/send-activation-email');
        assert.deepEqual(activation.body, {
          identityId: MEMBERS.unverified.id,
          redirect: { url: `${SITE_ORIGIN}/welcome`, clientId: CLIENT_ID },
        });
        const [start] = await suite.platform().requests('/_api/iam/verification/v1/start');
        assert.deepEqual(start.body, { email: MEMBERS.unverified.email, target: 'EMAIL' });
      });
    });

    describe('member session', () => {
      it('signs a member on with an API key', async () => {
        const auth = ApiKeyStrategy({ apiKey: API_KEY.key, siteId: API_KEY.siteId, host: suite.platform().baseUrl });
        const result = await auth.signOn({ email: active.email });
        assert.match(result.sessionToken, /^session-token-/);
        assert.equal(result.identity?.id, active.id);
        const [request] = await suite.platform().requests('/_api/iam/authentication/v2/sign-on');
        assert.deepEqual(request.body, { loginId: { email: active.email } });
      });

      it('changes the password of the logged-in member', async () => {
        const { auth } = oauthClient(suite);
        await memberTokensViaLoginPage(auth, suite);
        await auth.changePassword('an even better password');
        const [request] = await suite.platform().requests('/_api/iam/authentication/v2/change-password');
        assert.deepEqual(request.body, { newPassword: 'an even better password' });
        assert.equal(request.headers.authorization, auth.getTokens().accessToken.value);
      });

      it('GET /v1/logout sends postLogoutRedirectUri and clientId and forgets the member', async () => {
        const { auth } = oauthClient(suite);
        await memberTokensViaLoginPage(auth, suite);
        await auth.logoutSession(`${SITE_ORIGIN}/`);
        const [request] = await suite.platform().requests('/_api/iam/authentication/v1/logout');
        assert.equal(request.method, 'GET');
        assert.deepEqual(request.query, { postLogoutRedirectUri: [`${SITE_ORIGIN}/`], clientId: [CLIENT_ID] });
        assert.equal(auth.loggedIn(), false);
        assert.equal(auth.getTokens().refreshToken.role, 'none');
      });

      it('logout creates a logout redirect session and resets the tokens to an empty visitor state', async () => {
        const { auth } = oauthClient(suite);
        await memberTokensViaLoginPage(auth, suite);
        const { logoutUrl } = await auth.logout(`${SITE_ORIGIN}/ahli-k3-madya/`);
        assert.match(logoutUrl, /\/__flow\/logout\?session=/);
        const request = (await suite.platform().requests('/_api/redirects-api/v1/redirect-session')).at(-1)!;
        assert.deepEqual(request.body, {
          logout: { clientId: CLIENT_ID },
          callbacks: { postFlowUrl: `${SITE_ORIGIN}/ahli-k3-madya/` },
        });
        assert.deepEqual(auth.getTokens(), {
          accessToken: { value: '', expiresAt: 0 },
          refreshToken: { value: '', role: 'none' },
        });
        assert.equal(auth.loggedIn(), false);
        const client = createClient({ auth, host: suite.platform().baseUrl });
        await client.request('/v1/items');
        assert.equal(auth.getTokens().refreshToken.role, 'visitor', 'the next call starts a new visitor session');
      });
    });
  });
}
