import { signOn } from '../auth/authentication.ts';
import type { HttpClient } from '../http.ts';
import type { IdentityProfile } from '../identity.ts';
import { checkOptions } from '../options.ts';
import { type AuthStrategy, StrategyHttp, type StrategyHttpOptions } from './types.ts';

export interface ApiKeyStrategyOptions extends StrategyHttpOptions {
  apiKey: string;
  siteId?: string;
  accountId?: string;
}

/** Authenticates as the owner of an API key, for a site, an account, or both. */
export class ApiKeyAuth implements AuthStrategy {
  private readonly apiKey: string;
  private siteId: string | undefined;
  private accountId: string | undefined;
  private readonly http: StrategyHttp;

  constructor(options: ApiKeyStrategyOptions) {
    checkOptions(
      'ApiKeyStrategy',
      options,
      { apiKey: 'string' },
      { siteId: 'string', accountId: 'string', host: 'url', fetch: 'fetch' },
    );
    this.apiKey = options.apiKey;
    this.siteId = options.siteId;
    this.accountId = options.accountId;
    this.http = new StrategyHttp(options);
  }

  setSiteId(siteId: string | undefined): void {
    this.siteId = siteId;
  }

  setAccountId(accountId: string | undefined): void {
    this.accountId = accountId;
  }

  async getAuthHeaders(): Promise<Record<string, string>> {
    const headers: Record<string, string> = { Authorization: this.apiKey };
    if (this.siteId) headers['wix-site-id'] = this.siteId;
    if (this.accountId) headers['wix-account-id'] = this.accountId;
    return headers;
  }

  attachHttp(http: HttpClient): void {
    this.http.attach(http);
  }

  /** Signs a member on without a password, returning a session token to turn into member tokens. */
  async signOn(params: { email: string; profile?: IdentityProfile }) {
    return signOn(this.http.client, await this.getAuthHeaders(), params);
  }
}

export function ApiKeyStrategy(options: ApiKeyStrategyOptions): ApiKeyAuth {
  return new ApiKeyAuth(options);
}
