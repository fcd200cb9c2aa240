/**
 * The platform SDK client: visitor and member tokens, OAuth with PKCE, member authentication,
 * redirect sessions, errors, webhooks and media URLs. Runs in browsers and Node.js 20; importing it
 * touches no browser globals.
 */

export type { CaptchaToken, LoginParams, RecoveryResult, RegisterParams } from './auth/authentication.ts';
export type {
  AuthenticationReply,
  AuthenticationState,
  LoginErrorCode,
  LoginResult,
  LoginState,
} from './auth/login.ts';
export {
  AUTHENTICATION_ERROR_CODES,
  AUTHENTICATION_STATES,
  LOGIN_STATES,
  mapAuthenticationError,
  mapAuthenticationReply,
} from './auth/login.ts';
export type { CallOptions, ClientOptions, CursorPaging, GraphQLReply, Paging, Query } from './client.ts';
export { createClient, PlatformClient, withDefaultPaging } from './client.ts';
export type { Clock } from './clock.ts';
export {
  CLOCK_SKEW_SECONDS,
  DEFAULT_API_HOST,
  DEFAULT_PAGE_SIZE,
  KEY_SET_FETCH_TIMEOUT_MS,
  OAUTH_FLOW_TIMEOUT_MS,
  QUERY_FALLBACK_THRESHOLD,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
} from './constants.ts';
export { clearContext, getContextClient, initContext } from './context.ts';
export type { ApplicationErrorDetails, ErrorDetails, FieldViolation, OAuthErrorCode, SdkErrorKind } from './errors.ts';
export {
  CONTEXT_NOT_AVAILABLE_MESSAGE,
  ContextError,
  OAuthError,
  PlatformError,
  SdkError,
  sdkErrorFromReply,
  toUpperSnakeCase,
} from './errors.ts';
export type { HttpMethod, HttpOptions } from './http.ts';
export { CONSISTENCY_HEADER, HttpClient, REQUEST_ID_HEADER } from './http.ts';
export type {
  CustomField,
  CustomValue,
  Factor,
  FactorStatus,
  FactorType,
  Identity,
  IdentityProfile,
  IdentityStatus,
  IdentityType,
  MfaChallenge,
  MfaReason,
  PendingReason,
  PostalAddress,
  PrivacyStatus,
  SubjectType,
  TaggedAddress,
  WebhookIdentity,
} from './identity.ts';
export {
  FACTOR_STATUSES,
  FACTOR_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
  MFA_REASONS,
  PENDING_REASONS,
  PRIVACY_STATUSES,
  readIdentity,
  readWebhookIdentity,
  SUBJECT_TYPES,
} from './identity.ts';
export type { JwtHeader, JwtPayload, VerifyJwtOptions } from './jwt.ts';
export { decodeJwt, fetchKeySet, importRsaPublicKey, verifyJwt } from './jwt.ts';
export type { ImageOptions, ImageReference } from './media.ts';
export {
  clampQuality,
  getCroppedImageUrl,
  getImageUrl,
  getScaledToFillImageUrl,
  getScaledToFitImageUrl,
  limitImageSize,
  MAX_DEVICE_PIXEL_RATIO,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_QUALITY,
  MIN_IMAGE_QUALITY,
} from './media.ts';
export type { AppInstallCallback, MemberCallback } from './oauth-callback.ts';
export { parseAppInstallCallback, parseMemberCallback } from './oauth-callback.ts';
export type { PathMapping } from './paths.ts';
export { DEFAULT_PATH_MAPPINGS, resolvePublicPath } from './paths.ts';
export type { OAuthData } from './pkce.ts';
export { codeChallengeS256, generateCodeVerifier, generateOAuthData, generateState } from './pkce.ts';
export type {
  AuthRequest,
  MemberAccountSection,
  Prompt,
  RedirectCallbacks,
  RedirectCallbackType,
  RedirectPreferences,
  RedirectSession,
  RedirectSessionRequest,
  ResponseMode,
} from './redirects.ts';
export { callbackTypeOf, createRedirectSession, MEMBER_ACCOUNT_SECTIONS } from './redirects.ts';
export type { ApiKeyStrategyOptions } from './strategies/api-key.ts';
export { ApiKeyAuth, ApiKeyStrategy } from './strategies/api-key.ts';
export type { AppStrategyOptions, InstallCallbackTokens } from './strategies/app.ts';
export { AppAuth, AppStrategy } from './strategies/app.ts';
export type { AuthUrlOptions, DirectLoginOptions, LoginStatus, OAuthStrategyOptions } from './strategies/oauth.ts';
export { OAuthAuth, OAuthStrategy } from './strategies/oauth.ts';
export type { AuthStrategy } from './strategies/types.ts';
export type { TokenInfo, TokenReply } from './token-endpoint.ts';
export type { AccessToken, RefreshToken, TokenRole, TokenStorage, Tokens } from './tokens.ts';
export { emptyTokens, isTokenExpired, localStorageTokenStorage, memoryTokenStorage } from './tokens.ts';
export type { VisitorCookieOptions } from './visitor-cookie.ts';
export { prewarmVisitorCookie, readVisitorCookie, VISITOR_COOKIE_NAME, visitorCookie } from './visitor-cookie.ts';
export type { FlowHost, FlowMessage, FlowMode, FlowResult } from './web-message-flow.ts';
export { runWebMessageFlow } from './web-message-flow.ts';
export type { WebhookEvent, WebhookVerifierOptions } from './webhooks.ts';
export { createWebhookVerifier, DEFAULT_KEY_SET_PATH, WebhookVerifier } from './webhooks.ts';
