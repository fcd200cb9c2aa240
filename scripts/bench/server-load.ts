// A bounded load on one URL from this process (the server runs in another): `connections` keep-alive
// connections, each sending its next request as soon as the last is answered, for `seconds`; with `perSecond`, the
// requests start at that steady pace instead (while a connection is free), as a site's visitors send them.
import { Agent, request } from 'node:http';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, by status (0: a network error). */
  failures: Record<string, number>;
}

export async function loadTest(
  label: string,
  url: string,
  body: (n: number) => string | null,
  { connections = 16, seconds = 10, perSecond = 0 } = {},
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const until = performance.now() + seconds * 1000;
  let nextStart = performance.now();
  /** With a pace, waits for the next request's turn. */
  const turn = async () => {
    if (perSecond <= 0) return;
    const at = nextStart;
    nextStart += 1000 / perSecond;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  let n = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const payload = body(n++);
      const started = performance.now();
      const req = request(
        url,
        {
          method: payload === null ? 'GET' : 'POST',
          agent,
          headers: payload === null ? {} : { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            const status = res.statusCode ?? 0;
            if (status >= 300) failures[status] = (failures[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures[0] = (failures[0] ?? 0) + 1;
        resolve();
      });
      req.end(payload ?? undefined);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await turn();
        if (performance.now() < until) await one();
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
  return { label, requestsPerSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

/** The static file, the display call and the conversion call of one running server, in that order. */
export async function serverLoad(
  serverUrl: string,
  clientId: string,
  staticPath: string,
  options: { connections?: number; seconds?: number } = {},
): Promise<LoadResult[]> {
  const answer = (await (
    await fetch(`${serverUrl}/api/display/${clientId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { poptins: { viewer_id: string }[] };
  const viewerId = answer.poptins[0]?.viewer_id;
  if (!viewerId) throw new Error(`client ${clientId} has no pop-up to convert on`);
  const stamp = Date.now();
  // Every call a new visitor, as most page views are: nothing per visitor is served from memory.
  const display = (n: number) =>
    JSON.stringify({
      domain: '127.0.0.1',
      referrer: '',
      previous_url: '',
      if_mobile: false,
      page_title: 'bench',
      poptin_viewed_url: `${serverUrl}/examples/lightbox.html`,
      visitor_id: `bench-${stamp}-${n}`,
    });
  return [
    await loadTest('static file', serverUrl + staticPath, () => null, options),
    await loadTest('POST display', `${serverUrl}/api/display/${clientId}`, display, options),
    await loadTest(
      'POST conversion',
      `${serverUrl}/api/display/conversion/${viewerId}`,
      (i) => JSON.stringify({ email: `load${i}@example.com`, idempotency_key: `load-key-${stamp}-${i}` }),
      options,
    ),
  ];
}
