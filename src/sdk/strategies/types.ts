import { HttpClient, type HttpOptions } from '../http.ts';

/** How a client authenticates its calls: the headers to send, renewed by the strategy as needed. */
export interface AuthStrategy {
  getAuthHeaders(): Promise<Record<string, string>>;
  /**
   * Lets a client share its wire layer (host, consistency header) with the strategy's own calls.
   * Ignored when the strategy was given its own host, fetch or http client.
   */
  attachHttp?(http: HttpClient): void;
}

export interface StrategyHttpOptions extends HttpOptions {
  http?: HttpClient;
}

/** A strategy's wire layer: its own when configured, otherwise the client's once attached. */
export class StrategyHttp {
  private current: HttpClient;
  private readonly explicit: boolean;

  constructor(options: StrategyHttpOptions) {
    this.explicit = Boolean(options.http || options.host || options.fetch || options.pathMappings);
    this.current = options.http ?? new HttpClient(options);
  }

  get client(): HttpClient {
    return this.current;
  }

  attach(http: HttpClient): void {
    if (!this.explicit) this.current = http;
  }
}
