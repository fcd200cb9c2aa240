import { SdkError } from '../errors.ts';
import { type Identity, readIdentity } from '../identity.ts';

export const LOGIN_STATES = [
  'SUCCESS',
  'INITIAL',
  'FAILURE',
  'EMAIL_VERIFICATION_REQUIRED',
  'OWNER_APPROVAL_REQUIRED',
  'USER_CAPTCHA_REQUIRED',
  'SILENT_CAPTCHA_REQUIRED',
] as const;
export type LoginState = (typeof LOGIN_STATES)[number];

/** The states the platform's authentication replies carry. */
export const AUTHENTICATION_STATES = [
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
] as const;
export type AuthenticationState = (typeof AUTHENTICATION_STATES)[number];

/** Application error codes of login, registration and password reset. */
export const AUTHENTICATION_ERROR_CODES = {
  missingCaptchaToken: -19971,
  invalidCaptchaToken: -19970,
  emailAlreadyExists: -19995,
  invalidPassword: -19976,
  resetPassword: -19973,
} as const;
export type LoginErrorCode = keyof typeof AUTHENTICATION_ERROR_CODES | 'invalidEmail';

export type AuthenticationFlow = 'login' | 'register' | 'reset' | 'verify';

export interface AuthenticationReply {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: unknown;
  additionalData?: Record<string, unknown>;
}

export type LoginResult =
  | { loginState: 'SUCCESS'; data: { sessionToken: string }; identity?: Identity }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string }; identity?: Identity }
  | { loginState: 'OWNER_APPROVAL_REQUIRED'; identity?: Identity }
  /** A captcha must be solved and the same call repeated with its token; `errorCode` says why. */
  | { loginState: 'SILENT_CAPTCHA_REQUIRED' | 'USER_CAPTCHA_REQUIRED'; error: string; errorCode: LoginErrorCode }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode };

/** Maps a 200 reply of login, register or factor verification to the login state. */
export function mapAuthenticationReply(reply: AuthenticationReply | undefined): LoginResult {
  const identity = readIdentity(reply?.identity);
  const withIdentity = identity ? { identity } : {};
  switch (reply?.state) {
    case 'SUCCESS':
      if (typeof reply.sessionToken === 'string' && reply.sessionToken) {
        return { loginState: 'SUCCESS', data: { sessionToken: reply.sessionToken }, ...withIdentity };
      }
      return { loginState: 'FAILURE', error: 'The platform reported SUCCESS without a session token' };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED', ...withIdentity };
    case 'REQUIRE_EMAIL_VERIFICATION':
      if (typeof reply.stateToken === 'string' && reply.stateToken) {
        return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: reply.stateToken }, ...withIdentity };
      }
      return { loginState: 'FAILURE', error: 'The platform asked for email verification without a state token' };
    default:
      return { loginState: 'FAILURE', error: `Unexpected authentication state: ${String(reply?.state)}` };
  }
}

function applicationCode(error: SdkError): number | undefined {
  // Only a validation error may be present: every level is optional here.
  const code = error.details?.applicationError?.code;
  if (code === undefined || code === null || code === '') return undefined;
  const numeric = Number(code);
  return Number.isFinite(numeric) ? numeric : undefined;
}

function hasEmailViolation(error: SdkError): boolean {
  const violations = error.details?.validationError?.fieldViolations;
  return Array.isArray(violations) && violations.some((v) => /email/i.test(String(v?.field ?? '')));
}

const CODES_BY_FLOW: Record<AuthenticationFlow, readonly (keyof typeof AUTHENTICATION_ERROR_CODES)[]> = {
  register: ['missingCaptchaToken', 'invalidCaptchaToken', 'emailAlreadyExists'],
  login: ['missingCaptchaToken', 'invalidCaptchaToken', 'invalidPassword', 'resetPassword'],
  reset: ['missingCaptchaToken', 'invalidCaptchaToken', 'invalidPassword', 'resetPassword'],
  verify: [],
};

/** Which error code a failed authentication call earns; login treats anything unknown as a bad email. */
export function authenticationErrorCode(error: SdkError, flow: AuthenticationFlow): LoginErrorCode | undefined {
  if (flow === 'register' && hasEmailViolation(error)) return 'invalidEmail';
  const code = applicationCode(error);
  const named = CODES_BY_FLOW[flow].find((name) => AUTHENTICATION_ERROR_CODES[name] === code);
  if (named) return named;
  return flow === 'login' ? 'invalidEmail' : undefined;
}

/** Turns a failed call into a result; errors that are not platform replies (network) are rethrown. */
export function mapAuthenticationError(error: unknown, flow: AuthenticationFlow): LoginResult {
  if (!(error instanceof SdkError)) throw error;
  const errorCode = authenticationErrorCode(error, flow);
  if (errorCode === 'missingCaptchaToken')
    return { loginState: 'SILENT_CAPTCHA_REQUIRED', error: error.message, errorCode };
  if (errorCode === 'invalidCaptchaToken')
    return { loginState: 'USER_CAPTCHA_REQUIRED', error: error.message, errorCode };
  return errorCode
    ? { loginState: 'FAILURE', error: error.message, errorCode }
    : { loginState: 'FAILURE', error: error.message };
}
