import { HttpError, type RequestOptions, request } from './request.ts';

export * from './request.ts';

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
