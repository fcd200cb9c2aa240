import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { HttpClient, type HttpMethod, type HttpOptions } from './http.ts';
import { checkArgument, checkOptions } from './options.ts';
import { createRedirectSession, type RedirectSession, type RedirectSessionRequest } from './redirects.ts';
import type { AuthStrategy } from './strategies/types.ts';

export interface ClientOptions extends HttpOptions {
  auth: AuthStrategy;
}

export interface CallOptions {
  method?: HttpMethod;
  params?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Names the operation in the analytics header; the path by default. */
  methodFqn?: string;
  fallbackPath?: string;
  host?: string;
}

export interface Paging {
  limit?: number;
  offset?: number;
}

export interface CursorPaging {
  limit?: number;
  cursor?: string;
}

export interface Query {
  filter?: Record<string, unknown>;
  sort?: Array<{ fieldName: string; order?: 'ASC' | 'DESC' }>;
  paging?: Paging;
  cursorPaging?: CursorPaging;
  fields?: string[];
}

export interface GraphQLReply<T> {
  data?: T;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
}

/** Fills in the default page size (50) wherever a query leaves the page size open. */
export function withDefaultPaging(query: Query): Query {
  if (query.cursorPaging) return { ...query, cursorPaging: { limit: DEFAULT_PAGE_SIZE, ...query.cursorPaging } };
  return { ...query, paging: { limit: DEFAULT_PAGE_SIZE, ...query.paging } };
}

/** Calls the platform's API with a strategy's credentials. */
export class PlatformClient<A extends AuthStrategy = AuthStrategy> {
  readonly auth: A;
  readonly http: HttpClient;

  constructor(options: ClientOptions & { auth: A }) {
    checkOptions('createClient', options, { auth: 'auth' }, { host: 'url', cartCurrentHost: 'url', fetch: 'fetch' });
    this.auth = options.auth;
    this.http = new HttpClient(options);
    this.auth.attachHttp?.(this.http);
  }

  /** One authenticated call to an internal path; resolves with the reply body of a 200 and throws otherwise. */
  async request<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
    const headers = { ...(await this.auth.getAuthHeaders()), ...options.headers };
    const reply = await this.http.send<T>({
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      path,
      params: options.params,
      body: options.body,
      headers,
      methodFqn: options.methodFqn ?? path,
      fallbackPath: options.fallbackPath,
      host: options.host,
    });
    return reply.body;
  }

  /** A GET query endpoint; a query too long for a URL is posted to `fallbackPath` instead. */
  query<T = unknown>(
    path: string,
    query: Query = {},
    options: Pick<CallOptions, 'fallbackPath' | 'methodFqn' | 'headers'> = {},
  ): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET', params: { query: withDefaultPaging(query) } });
  }

  /** The platform's GraphQL endpoint for an API version (alpha by default). */
  graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: { apiVersion?: string } = {},
  ): Promise<GraphQLReply<T>> {
    const apiVersion = options.apiVersion ?? 'alpha';
    return this.request<GraphQLReply<T>>(`/graphql/${encodeURIComponent(apiVersion)}`, {
      method: 'POST',
      body: variables === undefined ? { query } : { query, variables },
      methodFqn: `graphql.${apiVersion}`,
    });
  }

  async createRedirectSession(request: RedirectSessionRequest): Promise<RedirectSession> {
    checkArgument('createRedirectSession', 'request', request, 'object');
    return createRedirectSession(this.http, await this.auth.getAuthHeaders(), request);
  }
}

export function createClient<A extends AuthStrategy>(options: ClientOptions & { auth: A }): PlatformClient<A> {
  return new PlatformClient(options);
}
