// A proxy on 127.0.0.1 in front of the real display server that fails a seeded share of the widget's write
// calls (views, closes, leads) the ways networks and servers fail: a 500 before or after the server stored
// the call, a connection dropped before or after it, and a 5 s stall before forwarding or dropping.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../../src/core/random.ts';

export const FAULTS = [
  '500 before storing',
  '500 after storing',
  'dropped before storing',
  'dropped after storing',
  'stalled 5 s, then stored',
  'stalled 5 s, then dropped',
] as const;
export type Fault = (typeof FAULTS)[number];

const STALL_MS = 5_000;
const WRITE_CALL = /^\/api\/display\/(viewed|closed|conversion)\//;

export interface ChaosProxy {
  url: string;
  /** Faults dealt, by kind and call ("conversion", "viewed", "closed"). */
  dealt: Map<string, number>;
  /** Write calls that passed untouched. */
  passed: () => number;
  close(): Promise<void>;
}

export async function startChaosProxy(
  target: { port: number },
  options: { seed: number; failureRate: number },
): Promise<ChaosProxy> {
  const random = seededRandom(options.seed);
  const dealt = new Map<string, number>();
  let passed = 0;
  const sockets = new Set<import('node:net').Socket>();

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        { host: '127.0.0.1', port: target.port, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
          answer.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const call = WRITE_CALL.exec(request.url ?? '')?.[1];
        const fault: Fault | null =
          call && request.method === 'POST' && random() < options.failureRate
            ? FAULTS[Math.floor(random() * FAULTS.length)]!
            : null;
        if (call && !fault) passed++;
        if (fault) dealt.set(`${call}: ${fault}`, (dealt.get(`${call}: ${fault}`) ?? 0) + 1);
        const send = (answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) => {
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          response.writeHead(answer.status, headers).end(answer.body);
        };
        const fail500 = () =>
          response
            .writeHead(500, {
              'content-type': 'application/json',
              'access-control-allow-origin': String(request.headers.origin ?? '*'),
            })
            .end('{"success":false}');
        try {
          switch (fault) {
            case null:
              return send(await forward(request, body));
            case '500 before storing':
              return fail500();
            case '500 after storing':
              await forward(request, body);
              return fail500();
            case 'dropped before storing':
              return request.socket.destroy();
            case 'dropped after storing':
              await forward(request, body);
              return request.socket.destroy();
            case 'stalled 5 s, then stored':
              await new Promise((resolve) => setTimeout(resolve, STALL_MS));
              return send(await forward(request, body));
            case 'stalled 5 s, then dropped':
              await new Promise((resolve) => setTimeout(resolve, STALL_MS));
              return request.socket.destroy();
          }
        } catch {
          request.socket.destroy();
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dealt,
    passed: () => passed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
