import { type Clock, systemClock } from '../clock.ts';
import { OAuthError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { type JwtPayload, verifyJwt } from '../jwt.ts';
import { parseAppInstallCallback } from '../oauth-callback.ts';
import { checkOptions } from '../options.ts';
import { fetchTokenInfo, postForTokens, type TokenInfo, tokensFromReply } from '../token-endpoint.ts';
import { memoryTokenStorage, TokenKeeper, type Tokens } from '../tokens.ts';
import { type AuthStrategy, StrategyHttp, type StrategyHttpOptions } from './types.ts';

export const CLIENT_CREDENTIALS_PATH = '/oauth2/token';
export const LEGACY_ACCESS_PATH = '/oauth/access';
export const DEFAULT_INSTALLER_URL = 'https://www.wix.com/installer/install';
/** Tokens from the legacy exchange come without expires_in; the platform keeps them for five minutes. */
const LEGACY_ACCESS_TOKEN_SECONDS = 300;

export interface AppStrategyOptions extends StrategyHttpOptions {
  appId: string;
  appSecret?: string;
  /** The app instance to act for; enough, with the secret, to get tokens by client credentials. */
  instanceId?: string;
  /** A token received from the platform (e.g. in a dashboard request); used as is, and the one `elevated` checks. */
  accessToken?: string;
  refreshToken?: string;
  /** The app's public key (PEM), for `decodeJWT`. */
  publicKey?: string;
  installerUrl?: string;
  clock?: Clock;
}

export interface InstallCallbackTokens {
  accessToken: string;
  refreshToken: string;
  instanceId: string;
}

/** Authenticates as an app installed on a site. */
export class AppAuth implements AuthStrategy {
  readonly appId: string;
  readonly instanceId: string | undefined;
  private readonly options: AppStrategyOptions;
  private readonly http: StrategyHttp;
  private readonly clock: Clock;
  private readonly keeper: TokenKeeper;

  constructor(options: AppStrategyOptions) {
    checkOptions(
      'AppStrategy',
      options,
      { appId: 'string' },
      {
        appSecret: 'string',
        instanceId: 'string',
        accessToken: 'string',
        refreshToken: 'string',
        publicKey: 'string',
        installerUrl: 'url',
        host: 'url',
        fetch: 'fetch',
        clock: 'clock',
      },
    );
    this.appId = options.appId;
    this.instanceId = options.instanceId;
    this.options = options;
    this.http = new StrategyHttp(options);
    this.clock = options.clock ?? systemClock;
    const initial = options.refreshToken
      ? {
          accessToken: { value: '', expiresAt: 0 },
          refreshToken: { value: options.refreshToken, role: 'none' as const },
        }
      : undefined;
    this.keeper = new TokenKeeper(memoryTokenStorage(), this.clock, (current) => this.obtainTokens(current), initial);
  }

  attachHttp(http: HttpClient): void {
    this.http.attach(http);
  }

  private secret(): string {
    if (!this.options.appSecret)
      throw new OAuthError('missing_app_secret', 'Missing app secret: pass appSecret to AppStrategy to request tokens');
    return this.options.appSecret;
  }

  private async obtainTokens(current: Tokens): Promise<Tokens> {
    if (current.refreshToken.value) {
      const reply = await postForTokens(
        this.http.client,
        LEGACY_ACCESS_PATH,
        {
          grant_type: 'refresh_token',
          client_id: this.appId,
          client_secret: this.secret(),
          refresh_token: current.refreshToken.value,
        },
        'oauth.access.refresh-token',
      );
      return tokensFromReply(
        { ...reply, expires_in: reply.expires_in ?? LEGACY_ACCESS_TOKEN_SECONDS },
        'none',
        this.clock,
        current.refreshToken,
      );
    }
    if (!this.instanceId)
      throw new OAuthError(
        'missing_instance_id',
        'Missing instance id: pass instanceId (or a refresh token) to AppStrategy',
      );
    const reply = await postForTokens(
      this.http.client,
      CLIENT_CREDENTIALS_PATH,
      {
        grant_type: 'client_credentials',
        client_id: this.appId,
        client_secret: this.secret(),
        instance_id: this.instanceId,
      },
      'oauth2.token.client-credentials',
    );
    return tokensFromReply(reply, 'none', this.clock);
  }

  async getAuthHeaders(): Promise<Record<string, string>> {
    if (this.options.accessToken) return { Authorization: this.options.accessToken };
    const tokens = await this.keeper.fresh();
    return { Authorization: tokens.accessToken.value };
  }

  async getTokenInfo(token?: string): Promise<TokenInfo> {
    const value = token ?? this.options.accessToken ?? (await this.keeper.fresh()).accessToken.value;
    return fetchTokenInfo(this.http.client, value);
  }

  /**
   * A strategy acting as the app itself for the instance the given access token belongs to, so a
   * call no longer carries the user's session. Refused unless token-info says the token was issued
   * for this app and names an instance.
   */
  async elevated(): Promise<AppAuth> {
    if (!this.options.accessToken) {
      throw new OAuthError(
        'missing_access_token',
        'Missing access token: elevation starts from the access token passed to AppStrategy',
      );
    }
    this.secret();
    const info = await fetchTokenInfo(this.http.client, this.options.accessToken);
    if (info.clientId !== this.appId) {
      throw new OAuthError('token_not_for_app', `Invalid access token: it was not issued for the app ${this.appId}`);
    }
    if (!info.instanceId) {
      throw new OAuthError(
        'missing_instance_id',
        'Missing instance id: the access token was not issued for an app instance',
      );
    }
    return new AppAuth({
      appId: this.appId,
      appSecret: this.options.appSecret,
      publicKey: this.options.publicKey,
      installerUrl: this.options.installerUrl,
      clock: this.clock,
      instanceId: info.instanceId,
      http: this.http.client,
    });
  }

  /** Where to send a site owner to install the app; the platform returns to `redirectUrl`. */
  getInstallUrl(params: { redirectUrl: string; state?: string; token?: string }): string {
    const url = new URL(this.options.installerUrl ?? DEFAULT_INSTALLER_URL);
    url.searchParams.set('appId', this.appId);
    url.searchParams.set('redirectUrl', params.redirectUrl);
    if (params.state) url.searchParams.set('state', params.state);
    if (params.token) url.searchParams.set('token', params.token);
    return url.toString();
  }

  /** Finishes an install: checks the callback URL, exchanges its code, and keeps the tokens for later calls. */
  async handleOAuthCallback(url: string, options: { state?: string } = {}): Promise<InstallCallbackTokens> {
    const { code, instanceId } = parseAppInstallCallback(url, options.state);
    const reply = await postForTokens(
      this.http.client,
      LEGACY_ACCESS_PATH,
      { grant_type: 'authorization_code', client_id: this.appId, client_secret: this.secret(), code },
      'oauth.access.authorization-code',
    );
    if (!reply.refresh_token)
      throw new OAuthError('missing_refresh_token', 'Missing refresh token in the reply to the code exchange');
    await this.keeper.set(
      tokensFromReply({ ...reply, expires_in: reply.expires_in ?? LEGACY_ACCESS_TOKEN_SECONDS }, 'none', this.clock),
    );
    return { accessToken: reply.access_token, refreshToken: reply.refresh_token, instanceId };
  }

  /** Verifies a JWT signed with the app's key (e.g. the instance a dashboard page receives). */
  async decodeJWT(token: string): Promise<JwtPayload> {
    if (!this.options.publicKey)
      throw new OAuthError('missing_public_key', 'Missing public key: pass publicKey to AppStrategy to verify tokens');
    return verifyJwt(token, { publicKey: this.options.publicKey, clock: this.clock });
  }
}

export function AppStrategy(options: AppStrategyOptions): AppAuth {
  return new AppAuth(options);
}
