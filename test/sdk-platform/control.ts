// Drives the fake platform over HTTP, so the same test cases run in Node and in Chromium.
import type { PlatformConfig, RecordedRequest, Script } from './server.ts';

export type { PlatformConfig, RecordedRequest, Script };

export class PlatformControl {
  constructor(readonly baseUrl: string) {}

  private async call<T>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__control/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  reset(config: Partial<PlatformConfig> = {}): Promise<unknown> {
    return this.call('reset', { config });
  }

  configure(config: Partial<PlatformConfig>): Promise<unknown> {
    return this.call('config', config);
  }

  script(script: Script): Promise<unknown> {
    return this.call('script', script);
  }

  async log(): Promise<{ requests: RecordedRequest[]; violations: string[] }> {
    return this.call('requests');
  }

  async requests(path?: string): Promise<RecordedRequest[]> {
    const { requests } = await this.log();
    return path ? requests.filter((r) => r.path === path) : requests;
  }

  async violations(): Promise<string[]> {
    return (await this.log()).violations;
  }

  async tokenRequests(): Promise<RecordedRequest[]> {
    return this.requests('/oauth2/token');
  }

  async sign(
    payload: Record<string, unknown>,
    options: { header?: Record<string, unknown>; forge?: boolean } = {},
  ): Promise<string> {
    return (await this.call<{ token: string }>('sign', { payload, options })).token;
  }

  publicKey(): Promise<{ pem: string; jwk: JsonWebKey & { kid: string } }> {
    return this.call('public-key');
  }

  /** An access token issued directly, e.g. one a dashboard page would hand an app. */
  async issue(
    kind: 'visitor' | 'member' | 'app' | 'app-user',
    options: { clientId?: string; instanceId?: string; subjectId?: string } = {},
  ): Promise<string> {
    return (await this.call<{ token: string }>('issue', { kind, ...options })).token;
  }
}
