// The server tests once more, on a real PostgreSQL server (the DATABASE_URL storage), with the same SQL
// and migrations as the embedded PGlite run.
import { spawnSync } from 'node:child_process';
import { startPostgres } from './postgres.mjs';

const { server, reason } = await startPostgres();
if (!server) {
  console.log(`PostgreSQL storage pass not run: ${reason}. Install Debian's postgresql package to include it.`);
  process.exit(0);
}
let status = 1;
try {
  console.log(`server tests on ${server.url}`);
  const result = spawnSync(process.execPath, ['scripts/run-node-tests.mjs', 'server:.test.ts'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: server.url } });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
