import { CART_CURRENT_PATH, DEFAULT_API_HOST, QUERY_FALLBACK_THRESHOLD, SDK_PACKAGE_NAME } from './constants.ts';
import { sdkErrorFromReply } from './errors.ts';
import { DEFAULT_PATH_MAPPINGS, type PathMapping, prefixMatches, resolvePublicPath } from './paths.ts';
import { toQueryString } from './query-string.ts';

export const REQUEST_ID_HEADER = 'x-wix-request-id';
export const CONSISTENCY_HEADER = 'X-Wix-Consistent';
export const ANALYTICS_HEADER = 'x-wix-bi-gateway';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpOptions {
  /** Origin of the platform's public API; defaults to the platform's own host. */
  host?: string;
  /** Where writes to the current cart go whatever `host` says; the platform's own host by default. */
  cartCurrentHost?: string;
  pathMappings?: readonly PathMapping[];
  fetch?: typeof fetch;
  packageName?: string;
}

export interface HttpRequest {
  method: HttpMethod;
  /** The platform's internal path (site §7); mapped to the public path before sending. */
  path: string;
  /** Query parameters; for a GET they become the body of the fallback form when too long. */
  params?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Names the operation in the analytics header. */
  methodFqn: string;
  /** Where a GET goes as a POST when its query is too long; the same path when omitted. */
  fallbackPath?: string;
  /** Overrides the client's host for this call only. */
  host?: string;
}

export interface HttpReply<T = unknown> {
  status: number;
  statusText: string;
  requestId: string | undefined;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: T;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function analyticsHeaderValue(packageName: string, methodFqn: string): string {
  return `environment=js-sdk,package-name=${packageName},method-fqn=${methodFqn}`;
}

/**
 * The wire layer: host and path mapping, analytics and consistency headers, the long-GET fallback,
 * and errors for replies other than 200. One instance is shared by a client and its strategy so the
 * consistency header saved from any reply is sent on every later call.
 */
export class HttpClient {
  readonly host: string;
  readonly cartCurrentHost: string;
  private readonly mappings: readonly PathMapping[];
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly packageName: string;
  private consistency: string | undefined;

  constructor(options: HttpOptions = {}) {
    this.host = (options.host ?? DEFAULT_API_HOST).replace(/\/+$/, '');
    this.cartCurrentHost = (options.cartCurrentHost ?? DEFAULT_API_HOST).replace(/\/+$/, '');
    this.mappings = options.pathMappings ?? DEFAULT_PATH_MAPPINGS;
    this.fetchImpl = options.fetch;
    this.packageName = options.packageName ?? SDK_PACKAGE_NAME;
  }

  /** The consistency token the platform sent last, if any. */
  get consistencyToken(): string | undefined {
    return this.consistency;
  }

  url(path: string, host?: string): string {
    return `${(host ?? this.host).replace(/\/+$/, '')}${resolvePublicPath(path, this.mappings)}`;
  }

  /** Sends and returns the reply whatever its status; `send` is the variant that throws. */
  async exchange<T = unknown>(request: HttpRequest): Promise<HttpReply<T>> {
    const headers: Record<string, string> = {
      [ANALYTICS_HEADER]: analyticsHeaderValue(this.packageName, request.methodFqn),
      ...request.headers,
    };
    if (this.consistency) headers[CONSISTENCY_HEADER] = this.consistency;

    let method: HttpMethod = request.method;
    const host =
      request.host ??
      (method !== 'GET' && prefixMatches(request.path, CART_CURRENT_PATH) ? this.cartCurrentHost : undefined);
    let url = this.url(request.path, host);
    let body: string | undefined;
    const query = toQueryString(request.params);
    if (method === 'GET' && query.length > QUERY_FALLBACK_THRESHOLD) {
      method = 'POST';
      const fallbackPath = request.fallbackPath ?? request.path;
      url = this.url(fallbackPath, host);
      if (fallbackPath === request.path) headers[METHOD_OVERRIDE_HEADER] = 'GET';
      body = JSON.stringify(request.params);
      headers['Content-Type'] = 'application/json';
    } else {
      if (query) url += `?${query}`;
      if (request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers['Content-Type'] = 'application/json';
      }
    }

    const fetchImpl = this.fetchImpl ?? globalThis.fetch;
    const response = await fetchImpl(url, { method, headers, body });
    const consistency = response.headers.get(CONSISTENCY_HEADER);
    if (consistency) this.consistency = consistency;
    return {
      status: response.status,
      statusText: response.statusText,
      requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
      headers: response.headers,
      body: parseBody(await response.text()) as T,
    };
  }

  /** Any status other than 200 raises the matching error of the catalogue. */
  async send<T = unknown>(request: HttpRequest): Promise<HttpReply<T>> {
    const reply = await this.exchange<T>(request);
    if (reply.status !== 200) throw sdkErrorFromReply(reply);
    return reply;
  }
}
