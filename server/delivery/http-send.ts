// One HTTP request to an owner-chosen or vendor URL: through the SSRF check, to the checked address, no
// redirects followed, bounded in time and in the size of the answer kept.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget, type TargetPolicy, TargetRefusedError } from './addresses.ts';
import { type Attempt, RESPONSE_EXCERPT_CHARS, readRetryAfter } from './outcome.ts';

export interface OutgoingRequest {
  url: string;
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body: string;
}

/** A destination that neither answers nor fails within this time is counted as a network failure. */
export const REQUEST_TIMEOUT_MS = 15_000;

export async function sendRequest(
  request: OutgoingRequest,
  policy: TargetPolicy,
  timeoutMs = REQUEST_TIMEOUT_MS,
  /** How much of the answer is kept: a batch call's per-item answers are read whole (then cut per lead). */
  keepChars = RESPONSE_EXCERPT_CHARS,
): Promise<Attempt> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(request.url, policy);
  } catch (error) {
    if (error instanceof TargetRefusedError && /could not be resolved/.test(error.message))
      return { kind: 'network', error: error.message };
    return { kind: 'refused', error: (error as Error).message };
  }
  // The connection goes to the address checked above, whatever the name resolves to a moment later.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<Attempt>((resolve) => {
    const outgoing = client.request(
      target.url,
      {
        method: request.method,
        headers: {
          ...(request.body === '' ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'poptin-elements-delivery/1',
          ...request.headers,
          'content-length': String(Buffer.byteLength(request.body)),
        },
        lookup: pinned,
        timeout: timeoutMs,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < keepChars) body += chunk;
        });
        response.on('end', () =>
          resolve({
            kind: 'answered',
            statusCode: response.statusCode ?? 0,
            body: body.slice(0, keepChars),
            retryAfterMs: readRetryAfter(response.headers['retry-after']),
            headers: response.headers,
          }),
        );
        response.on('error', (error) => resolve({ kind: 'network', error: error.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'network', error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    outgoing.end(request.body);
  });
}
