// The server tests once more, on a real PostgreSQL server (the DATABASE_URL storage), with the same SQL
// and migrations as the embedded PGlite run. `node scripts/test-postgres.mjs server/foo.test.ts …` runs only those files.
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
  // Test files named on the command line, else every server test.
  const files = process.argv.slice(2);
  const args =
    files.length > 0
      ? ['--import', 'tsx', '--test', '--test-concurrency=1', ...files]
      : ['scripts/run-node-tests.mjs', 'server:.test.ts'];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: server.url },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
