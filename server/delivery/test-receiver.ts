// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that answers as it is told and keeps what it got.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** The answer waits for this. */
  hold?: Promise<void>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides each answer; 200 by default. */
  answer: (request: Received, index: number) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = {
    received: [] as Received[],
    answer: (): Answer => ({ status: 200, body: 'ok' }),
  } as unknown as Receiver;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        at: Date.now(),
      };
      const index = receiver.received.push(received) - 1;
      const answer = receiver.answer(received, index);
      void (answer.hold ?? Promise.resolve()).then(() => {
        response.writeHead(answer.status, answer.headers ?? {});
        response.end(answer.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lead`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Resolves once `check` holds, looking every 10 ms; throws with `what` after `limitMs`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = 10_000,
): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Not reached within ${limitMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
