export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    /** The answer's Retry-After header as sent; the outbox reads it (`retryAfterMs`), the loader has no use for it. */
    readonly retryAfter: string | null,
    message: string,
    /** The answer itself, unread: the outbox reads why a lead was refused from it. */
    readonly response?: Response,
  ) {
    super(message);
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

/** Form-encoded bodies are CORS-simple: no preflight, and they can also travel by sendBeacon. */
export async function postForm<T>(url: string, fields: Record<string, string>, options?: RequestOptions): Promise<T> {
  const response = await request(url, { method: 'POST', body: new URLSearchParams(fields) }, options);
  return (await response.json()) as T;
}

export async function getText(url: string, options?: RequestOptions): Promise<string> {
  const response = await request(url, { method: 'GET' }, options);
  return response.text();
}

export async function getJson<T>(url: string, options?: RequestOptions): Promise<T> {
  const response = await request(url, { method: 'GET' }, options);
  return (await response.json()) as T;
}

/** Whether a failed send is worth retrying (design §5: 5xx, 408, 429 and network errors). */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}
