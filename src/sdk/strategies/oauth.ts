import {
  changePassword,
  type LoginParams,
  loginWithPassword,
  logoutSession,
  type RecoveryResult,
  type RegisterParams,
  recoverPassword,
  register,
  sendActivationEmail,
  sendRecoveryEmail,
  startVerification,
  verifyFactor,
} from '../auth/authentication.ts';
import type { LoginResult, LoginState } from '../auth/login.ts';
import { type Clock, systemClock } from '../clock.ts';
import { OAuthError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { FactorType } from '../identity.ts';
import { type MemberCallback, parseMemberCallback } from '../oauth-callback.ts';
import { checkOptions } from '../options.ts';
import { generateOAuthData, type OAuthData } from '../pkce.ts';
import { createRedirectSession, type Prompt, type ResponseMode } from '../redirects.ts';
import {
  anonymousGrant,
  authorizationCodeGrant,
  authorizedClientGrant,
  fetchTokenInfo,
  type GrantContext,
  refreshTokenGrant,
  type TokenInfo,
} from '../token-endpoint.ts';
import {
  emptyTokens,
  isTokenExpired,
  memoryTokenStorage,
  type RefreshToken,
  TokenKeeper,
  type TokenStorage,
  type Tokens,
} from '../tokens.ts';
import { type FlowHost, type FlowMode, runWebMessageFlow } from '../web-message-flow.ts';
import { type AuthStrategy, StrategyHttp, type StrategyHttpOptions } from './types.ts';

export interface OAuthStrategyOptions extends StrategyHttpOptions {
  clientId: string;
  /** Tokens of an earlier session to resume. */
  tokens?: Tokens;
  tokenStorage?: TokenStorage;
  clock?: Clock;
}

export interface AuthUrlOptions {
  prompt?: Prompt;
  responseMode?: ResponseMode;
  sessionToken?: string;
}

export interface DirectLoginOptions {
  /** Hidden frame (default) or popup. */
  mode?: FlowMode;
  timeoutMs?: number;
  /** Where the platform posts the code back; the current page's origin by default. */
  redirectUri?: string;
  flowHost?: FlowHost;
}

export interface LoginStatus {
  loginState: LoginState;
  /** The state token an email verification continues with. */
  stateToken?: string;
}

/** Visitor and member authentication with OAuth tokens of a headless client id. */
export class OAuthAuth implements AuthStrategy {
  readonly clientId: string;
  private readonly http: StrategyHttp;
  private readonly clock: Clock;
  private readonly keeper: TokenKeeper;
  private status: LoginStatus = { loginState: 'INITIAL' };

  constructor(options: OAuthStrategyOptions) {
    checkOptions(
      'OAuthStrategy',
      options,
      { clientId: 'string' },
      { host: 'url', fetch: 'fetch', clock: 'clock', tokens: 'object', tokenStorage: 'object' },
    );
    this.clientId = options.clientId;
    this.http = new StrategyHttp(options);
    this.clock = options.clock ?? systemClock;
    const storage = options.tokenStorage ?? memoryTokenStorage();
    this.keeper = new TokenKeeper(storage, this.clock, (current) => this.renewOrStartOver(current), options.tokens);
  }

  private get grant(): GrantContext {
    return { http: this.http.client, clientId: this.clientId, clock: this.clock };
  }

  /** A failed refresh (revoked, expired, unknown) starts a new anonymous visitor session instead of failing the call. */
  private async renewOrStartOver(current: Tokens): Promise<Tokens> {
    if (current.refreshToken.value && current.refreshToken.role !== 'none') {
      try {
        return await refreshTokenGrant(this.grant, current.refreshToken);
      } catch {
        // fall through to a fresh visitor
      }
    }
    return anonymousGrant(this.grant);
  }

  attachHttp(http: HttpClient): void {
    this.http.attach(http);
  }

  async getAuthHeaders(): Promise<Record<string, string>> {
    const tokens = await this.keeper.fresh();
    return { Authorization: tokens.accessToken.value };
  }

  /** The tokens as last read or written; see `fresh` for ones guaranteed unexpired. */
  getTokens(): Tokens {
    return this.keeper.cached;
  }

  async setTokens(tokens: Tokens): Promise<void> {
    await this.keeper.set(tokens);
  }

  loggedIn(): boolean {
    return this.keeper.cached.refreshToken.role === 'member';
  }

  /** Resumes the given tokens when they are still usable, renewing them or starting a visitor session otherwise. */
  async generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens> {
    if (tokens?.accessToken || tokens?.refreshToken) {
      await this.keeper.set({ ...emptyTokens(), ...tokens } as Tokens);
    }
    return this.keeper.fresh();
  }

  /** Exchanges a refresh token for new tokens; unlike automatic renewal, a failure is reported. */
  async renewToken(refreshToken: RefreshToken): Promise<Tokens> {
    if (!refreshToken?.value)
      throw new OAuthError('missing_refresh_token', 'Missing refresh token: there is nothing to renew');
    const tokens = await refreshTokenGrant(this.grant, refreshToken);
    await this.keeper.set(tokens);
    return tokens;
  }

  isAccessTokenExpired(): boolean {
    return isTokenExpired(this.keeper.cached.accessToken, this.clock);
  }

  async getTokenInfo(): Promise<TokenInfo> {
    const tokens = await this.keeper.fresh();
    return fetchTokenInfo(this.http.client, tokens.accessToken.value);
  }

  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
    return generateOAuthData(redirectUri, originalUri);
  }

  /** A URL of the platform's login page that ends at `oauthData.redirectUri` with a code. */
  async getAuthUrl(oauthData: OAuthData, options: AuthUrlOptions = {}): Promise<{ authUrl: string }> {
    const session = await createRedirectSession(this.http.client, await this.getAuthHeaders(), {
      auth: {
        authRequest: {
          redirectUri: oauthData.redirectUri,
          clientId: this.clientId,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: options.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
          ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
        },
        prompt: options.prompt ?? 'login',
      },
    });
    return { authUrl: session.fullUrl };
  }

  /** Reads the login page's redirect; `url` defaults to the current page. */
  parseFromUrl(url?: string, responseMode: 'query' | 'fragment' = 'fragment'): MemberCallback {
    const href = url ?? (globalThis as { location?: Location }).location?.href;
    if (!href) throw new TypeError('parseFromUrl needs a URL outside a browser');
    return parseMemberCallback(href, responseMode);
  }

  /** Exchanges the login page's code for member tokens, after checking its state. */
  async getMemberTokens(code: string, state: string, oauthData: OAuthData): Promise<Tokens> {
    if (state !== oauthData.state) {
      throw new OAuthError(
        'state_mismatch',
        'Invalid OAuth callback: the state does not match the one the flow started with',
      );
    }
    const tokens = await authorizationCodeGrant(this.grant, {
      redirectUri: oauthData.redirectUri,
      code,
      codeVerifier: oauthData.codeVerifier,
    });
    await this.keeper.set(tokens);
    return tokens;
  }

  /** Turns a session token from `login` or `register` into member tokens through a hidden frame or popup. */
  async getMemberTokensForDirectLogin(sessionToken: string, options: DirectLoginOptions = {}): Promise<Tokens> {
    const redirectUri =
      options.redirectUri ?? options.flowHost?.origin ?? (globalThis as { location?: Location }).location?.origin;
    if (!redirectUri)
      throw new OAuthError(
        'flow_unavailable',
        'The hidden-frame OAuth flow needs a browser window or a redirectUri and flowHost',
      );
    const oauthData = await generateOAuthData(redirectUri);
    const { authUrl } = await this.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
    const { code, state } = await runWebMessageFlow({
      authUrl,
      state: oauthData.state,
      mode: options.mode,
      timeoutMs: options.timeoutMs,
      host: options.flowHost,
    });
    return this.getMemberTokens(code, state, oauthData);
  }

  /** Member tokens for a member the site authenticated itself, vouched for by an API key. */
  async getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
    const visitor = await this.keeper.fresh();
    const tokens = await authorizedClientGrant(
      { http: this.http.client, clock: this.clock },
      { memberId, visitorAccessToken: visitor.accessToken.value, apiKey },
    );
    await this.keeper.set(tokens);
    return tokens;
  }

  /** Ends the member session: returns the platform's logout URL and forgets the tokens. */
  async logout(originalUrl: string): Promise<{ logoutUrl: string }> {
    const session = await createRedirectSession(this.http.client, await this.getAuthHeaders(), {
      logout: { clientId: this.clientId },
      callbacks: { postFlowUrl: originalUrl },
    });
    await this.keeper.set(emptyTokens());
    this.status = { loginState: 'INITIAL' };
    return { logoutUrl: session.fullUrl };
  }

  /** Ends the platform session with a call instead of a navigation (e.g. from a server), and forgets the tokens. */
  async logoutSession(postLogoutRedirectUri: string): Promise<void> {
    await logoutSession(this.http.client, await this.getAuthHeaders(), {
      clientId: this.clientId,
      postLogoutRedirectUri,
    });
    await this.keeper.set(emptyTokens());
    this.status = { loginState: 'INITIAL' };
  }

  getLoginState(): LoginStatus {
    return { ...this.status };
  }

  private track(result: LoginResult): LoginResult {
    this.status =
      result.loginState === 'EMAIL_VERIFICATION_REQUIRED'
        ? { loginState: result.loginState, stateToken: result.data.stateToken }
        : { loginState: result.loginState };
    return result;
  }

  async login(params: LoginParams): Promise<LoginResult> {
    return this.track(await loginWithPassword(this.http.client, await this.getAuthHeaders(), params));
  }

  async register(params: RegisterParams): Promise<LoginResult> {
    return this.track(await register(this.http.client, await this.getAuthHeaders(), params));
  }

  /** Continues after EMAIL_VERIFICATION_REQUIRED with the code the member received. */
  async processVerification(params: {
    verificationCode: string;
    factorType?: FactorType;
    stateToken?: string;
  }): Promise<LoginResult> {
    const stateToken = params.stateToken ?? this.status.stateToken;
    if (!stateToken) {
      return this.track({
        loginState: 'FAILURE',
        error: 'There is no verification in progress: log in or register first',
      });
    }
    const result = await verifyFactor(this.http.client, await this.getAuthHeaders(), params.factorType ?? 'EMAIL', {
      stateToken,
      code: params.verificationCode,
    });
    this.track(result);
    // A mistyped code can be retried: the state token stays until the verification succeeds.
    if (result.loginState === 'FAILURE') this.status.stateToken = stateToken;
    return result;
  }

  async changePassword(newPassword: string): Promise<void> {
    await changePassword(this.http.client, await this.getAuthHeaders(), newPassword);
  }

  async sendPasswordResetEmail(email: string, redirectUri: string, language?: string): Promise<void> {
    await sendRecoveryEmail(this.http.client, await this.getAuthHeaders(), {
      email,
      redirect: { url: redirectUri, clientId: this.clientId },
      ...(language ? { language } : {}),
    });
  }

  async recoverPassword(recoveryToken: string, password?: string): Promise<RecoveryResult> {
    return recoverPassword(this.http.client, await this.getAuthHeaders(), { recoveryToken, password });
  }

  async sendActivationEmail(identityId: string, redirectUri?: string): Promise<void> {
    await sendActivationEmail(this.http.client, await this.getAuthHeaders(), {
      identityId,
      ...(redirectUri ? { redirect: { url: redirectUri, clientId: this.clientId } } : {}),
    });
  }

  async startVerification(params: { identityId?: string; email?: string }): Promise<{ verificationId?: string }> {
    return startVerification(this.http.client, await this.getAuthHeaders(), params);
  }
}

export function OAuthStrategy(options: OAuthStrategyOptions): OAuthAuth {
  return new OAuthAuth(options);
}
