// The vendor fakes' one HTTP server on 127.0.0.1: each fake answers under /{kind}/ as its vendor documents (paths,
// auth, bodies, error shapes, rate-limit answers) and keeps what it was sent, keyed as the vendor keys it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** The path under the fake's prefix, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeAnswer {
  status: number;
  /** JSON unless `type` says otherwise (then a string). */
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
}

export interface VendorFake {
  kind: string;
  handle(request: FakeRequest): FakeAnswer;
  /** The vendor's documented answer to too many requests. */
  rateLimited(): FakeAnswer;
}

export interface FakeServer {
  origin: string;
  /** The base address of each fake, by kind: DELIVERY_VENDOR_BASES. */
  bases: Record<string, string>;
  /** Every request, by kind. */
  requests: Map<string, FakeRequest[]>;
  /** The next `count` requests to `kind` are answered with its rate-limit answer. */
  limitNext(kind: string, count: number): void;
  close(): Promise<void>;
}

export async function startFakeServer(fakes: readonly VendorFake[]): Promise<FakeServer> {
  const byKind = new Map(fakes.map((fake) => [fake.kind, fake]));
  const requests = new Map<string, FakeRequest[]>();
  const limited = new Map<string, number>();
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const [, kind = '', ...rest] = url.pathname.split('/');
      const fake = byKind.get(kind);
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      const request: FakeRequest = {
        method: incoming.method ?? '',
        path: `/${rest.join('/')}`,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        json,
        at: Date.now(),
      };
      let answer: FakeAnswer;
      if (!fake) answer = { status: 404, body: { message: `no fake ${kind}` } };
      else {
        requests.set(kind, [...(requests.get(kind) ?? []), request]);
        const left = limited.get(kind) ?? 0;
        if (left > 0) {
          limited.set(kind, left - 1);
          answer = fake.rateLimited();
        } else answer = fake.handle(request);
      }
      const text = answer.body === undefined ? '' : answer.type ? String(answer.body) : JSON.stringify(answer.body);
      response.writeHead(answer.status, {
        ...(text ? { 'content-type': answer.type ?? 'application/json' } : {}),
        ...answer.headers,
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    bases: Object.fromEntries(fakes.map((fake) => [fake.kind, `${origin}/${fake.kind}`])),
    requests,
    limitNext: (kind, count) => void limited.set(kind, count),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** HTTP Basic credentials of a request, or null. */
export function basicAuth(request: FakeRequest): { user: string; password: string } | null {
  const match = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''));
  if (!match) return null;
  const [user = '', ...password] = Buffer.from(match[1]!, 'base64').toString().split(':');
  return { user, password: password.join(':') };
}

export const bearer = (request: FakeRequest) => /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];

export const isEmail = (value: unknown) => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A form-encoded body (OAuth2 token requests). */
export const formOf = (request: FakeRequest) => new URLSearchParams(request.body);
