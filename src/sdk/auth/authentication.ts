import type { HttpClient } from '../http.ts';
import { type FactorType, type Identity, type IdentityProfile, readIdentity } from '../identity.ts';
import {
  type AuthenticationFlow,
  type AuthenticationReply,
  type LoginErrorCode,
  type LoginResult,
  mapAuthenticationError,
  mapAuthenticationReply,
} from './login.ts';

/** A reCAPTCHA answer: the visible widget's token or the invisible one's. */
export interface CaptchaToken {
  recaptcha?: string;
  invisibleRecaptcha?: string;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaToken?: CaptchaToken;
  clientMetaData?: Record<string, string>;
}

export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

type Headers = Record<string, string>;

function captchaTokens(token: CaptchaToken | undefined): Array<Record<string, string>> | undefined {
  if (!token) return undefined;
  const tokens: Array<Record<string, string>> = [];
  if (token.recaptcha) tokens.push({ Recaptcha: token.recaptcha });
  if (token.invisibleRecaptcha) tokens.push({ InvisibleRecaptcha: token.invisibleRecaptcha });
  return tokens.length ? tokens : undefined;
}

function credentialsBody(params: LoginParams): Record<string, unknown> {
  const body: Record<string, unknown> = { loginId: { email: params.email }, password: params.password };
  const captcha = captchaTokens(params.captchaToken);
  if (captcha) body.captchaTokens = captcha;
  if (params.clientMetaData) body.clientMetaData = params.clientMetaData;
  return body;
}

/** One authentication step: its reply, or its error, becomes a login state (site §4). */
async function authenticate(
  http: HttpClient,
  headers: Headers,
  flow: AuthenticationFlow,
  path: string,
  body: Record<string, unknown>,
): Promise<LoginResult> {
  try {
    const reply = await http.send<AuthenticationReply>({
      method: 'POST',
      path,
      body,
      headers,
      methodFqn: `authentication.${flow}`,
    });
    return mapAuthenticationReply(reply.body);
  } catch (error) {
    return mapAuthenticationError(error, flow);
  }
}

export async function loginWithPassword(http: HttpClient, headers: Headers, params: LoginParams): Promise<LoginResult> {
  return authenticate(http, headers, 'login', '/v2/login', credentialsBody(params));
}

export async function register(http: HttpClient, headers: Headers, params: RegisterParams): Promise<LoginResult> {
  const body = credentialsBody(params);
  if (params.profile) body.profile = params.profile;
  return authenticate(http, headers, 'register', '/v2/register', body);
}

/** Verifies a factor's code during authentication, e.g. the email code after EMAIL_VERIFICATION_REQUIRED. */
export async function verifyFactor(
  http: HttpClient,
  headers: Headers,
  factorType: FactorType,
  params: { stateToken: string; code: string },
): Promise<LoginResult> {
  return authenticate(http, headers, 'verify', `/v2/${encodeURIComponent(factorType)}/verify`, {
    stateToken: params.stateToken,
    code: params.code,
  });
}

/** Signs a known member on without a password; needs an elevated (API key or app) caller. */
export async function signOn(
  http: HttpClient,
  headers: Headers,
  params: { email: string; profile?: IdentityProfile },
): Promise<{ sessionToken: string; identity?: Identity }> {
  const body: Record<string, unknown> = { loginId: { email: params.email } };
  if (params.profile) body.profile = params.profile;
  const reply = await http.send<{ sessionToken?: string; identity?: unknown }>({
    method: 'POST',
    path: '/v2/sign-on',
    body,
    headers,
    methodFqn: 'authentication.sign-on',
  });
  const identity = readIdentity(reply.body?.identity);
  return { sessionToken: String(reply.body?.sessionToken ?? ''), ...(identity ? { identity } : {}) };
}

export async function changePassword(http: HttpClient, headers: Headers, newPassword: string): Promise<void> {
  await http.send({
    method: 'POST',
    path: '/v2/change-password',
    body: { newPassword },
    headers,
    methodFqn: 'authentication.change-password',
  });
}

/** Ends the member's platform session from code that cannot navigate (e.g. a Node.js server). */
export async function logoutSession(
  http: HttpClient,
  headers: Headers,
  params: { clientId: string; postLogoutRedirectUri: string },
): Promise<void> {
  await http.send({
    method: 'GET',
    path: '/v1/logout',
    params: { postLogoutRedirectUri: params.postLogoutRedirectUri, clientId: params.clientId },
    headers,
    methodFqn: 'authentication.logout',
  });
}

export interface RecoveryEmailParams {
  email: string;
  /** Where the link in the email leads; the client id says which app's allowed URLs apply. */
  redirect?: { url: string; clientId: string };
  language?: string;
}

export async function sendRecoveryEmail(
  http: HttpClient,
  headers: Headers,
  params: RecoveryEmailParams,
): Promise<void> {
  await http.send({
    method: 'POST',
    path: '/v1/recovery/send-email',
    body: params,
    headers,
    methodFqn: 'recovery.send-email',
  });
}

export type RecoveryResult =
  | { state: 'SUCCESS'; sessionToken?: string }
  | { state: 'FAILURE'; error: string; errorCode?: LoginErrorCode };

/** Sets a new password with the token from the recovery email (or only checks the token when no password is given). */
export async function recoverPassword(
  http: HttpClient,
  headers: Headers,
  params: { recoveryToken: string; password?: string },
): Promise<RecoveryResult> {
  const body: Record<string, unknown> = { recoveryToken: params.recoveryToken };
  if (params.password !== undefined) body.password = params.password;
  try {
    const reply = await http.send<{ sessionToken?: string }>({
      method: 'POST',
      path: '/v1/recovery/recover',
      body,
      headers,
      methodFqn: 'recovery.recover',
    });
    const sessionToken = reply.body?.sessionToken;
    return sessionToken ? { state: 'SUCCESS', sessionToken } : { state: 'SUCCESS' };
  } catch (error) {
    const mapped = mapAuthenticationError(error, 'reset');
    const errorCode = 'errorCode' in mapped ? mapped.errorCode : undefined;
    const message = 'error' in mapped ? mapped.error : '';
    return errorCode ? { state: 'FAILURE', error: message, errorCode } : { state: 'FAILURE', error: message };
  }
}

export async function sendActivationEmail(
  http: HttpClient,
  headers: Headers,
  params: { identityId: string; redirect?: { url: string; clientId: string } },
): Promise<void> {
  await http.send({
    method: 'POST',
    path: '/v1/recovery/send-activation-email',
    body: params,
    headers,
    methodFqn: 'recovery.send-activation-email',
  });
}

/** Sends a verification code to the identity's email, for the verify step of a login. */
export async function startVerification(
  http: HttpClient,
  headers: Headers,
  params: { identityId?: string; email?: string },
): Promise<{ verificationId?: string }> {
  const reply = await http.send<{ verificationId?: string }>({
    method: 'POST',
    path: '/v1/verification/start',
    body: { ...params, target: 'EMAIL' },
    headers,
    methodFqn: 'verification.start',
  });
  return reply.body && typeof reply.body === 'object' ? reply.body : {};
}
