// fetch with a time-out and the one POST the loader makes (the first display call); http.ts adds the rest.
export class HttpError extends Error {
  override name = 'HttpError';
  // Declared, not parameter properties: those are also class fields in the output, 26 bytes of the loader's.
  declare readonly status: number;
  /** The answer's Retry-After header as sent; the outbox reads it (`retryAfterMs`), the loader has no use for it. */
  declare readonly retryAfter: string | null;
  /** The answer itself, unread: the outbox reads why a lead was refused from it. */
  declare readonly response?: Response;

  constructor(status: number, retryAfter: string | null, message: string, response?: Response) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
    this.response = response;
  }
}

export interface RequestOptions {
  timeoutMs?: number;
  keepalive?: boolean;
  fetchImpl?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A server's address without the slashes it may end with, ready for a path. */
export const trimSlash = (base: string) => base.replace(/\/+$/, '');

/** fetch with a time-out; non-2xx answers become HttpError carrying the status and Retry-After. */
export async function request(url: string, init: RequestInit, options: RequestOptions = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      ...init,
      keepalive: options.keepalive,
      signal: controller.signal,
      credentials: 'omit',
    });
    if (!response.ok)
      throw new HttpError(
        response.status,
        response.headers.get('retry-after'),
        `${init.method ?? 'GET'} ${url} answered ${response.status}`,
        response,
      );
    return response;
  } finally {
    clearTimeout(timer);
  }
}

export async function postJson<T>(url: string, body: unknown, options?: RequestOptions): Promise<T> {
  const response = await request(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    options,
  );
  return (await response.json()) as T;
}
