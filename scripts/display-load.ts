// `node --import tsx scripts/display-load.ts`: the display server held under a bounded load from this process
// (a separate one from the server): 16 connections for 10 s each on a static file, the display call and the
// conversion call, on a fresh PGlite data folder, with the rate limit lifted. `npm run bench` runs the same on
// PostgreSQL too.

import { serverLoad } from './bench/server-load.ts';
import { startServerProcess } from './server-process.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const server = await startServerProcess({ env: { RATE_LIMIT_MAX: '100000000', SPAM_MIN_SUBMIT_MS: '0' } });
try {
  console.log(`16 connections, ${SECONDS} s each, server ${server.url} (PGlite)`);
  for (const result of await serverLoad(server.url, 'demo', '/examples/demo.css', { seconds: SECONDS })) {
    console.log(
      `${result.label.padEnd(24)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   non-2xx ${JSON.stringify(result.failures)}`,
    );
  }
} finally {
  await server.dispose();
}
