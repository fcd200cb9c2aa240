// The server tests that touch the database once more, on a real PostgreSQL server (the DATABASE_URL storage), with
// the same SQL and migrations as the embedded PGlite run, and the delivery fault rig, which runs on PostgreSQL only.
// `node scripts/test-postgres.mjs server/foo.test.ts …` runs only those files; `--concurrency=N` runs N files at once
// (each file has a database of its own on the server, server/test-support/database.ts). One by default: inside
// `npm test` this pass runs beside the Node and browser tests, and on two cores a second file at a time (with three
// end-to-end files) saved under a minute and made timing tests fail under the load.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from './postgres.mjs';

const DEFAULT_CONCURRENCY = 1;

/**
 * The server test files whose storage follows TEST_DATABASE_URL: those opening the test database (openTestDatabase,
 * useTestApp) or reading the variable. A file that only takes a blank PGlite folder from the helpers would run the
 * same PGlite code twice.
 */
function databaseTestFiles() {
  return readdirSync('server', { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => /\b(openTestDatabase|useTestApp|TEST_DATABASE_URL)\b/.test(readFileSync(file, 'utf8')))
    .sort();
}

const concurrency = Number(
  process.argv.find((arg) => arg.startsWith('--concurrency='))?.split('=')[1] ?? DEFAULT_CONCURRENCY,
);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error('--concurrency takes a whole number of test files at once, at least 1');
  process.exit(1);
}
const { server, reason } = await startPostgres();
if (!server) {
  console.log(`PostgreSQL storage pass not run: ${reason}. Install Debian's postgresql package to include it.`);
  process.exit(0);
}
let status = 1;
try {
  console.log(`server tests on ${server.url}`);
  // Test files named on the command line, else every server test that touches the database.
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const files = named.length > 0 ? named : databaseTestFiles();
  console.log(`${files.length} test files`);
  // TAP, then the 20 slowest files (as run-node-tests.mjs --slowest=20 prints them).
  const reporters = [
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    `--test-reporter=${new URL('./slowest-test-files.mjs', import.meta.url).pathname}`,
    '--test-reporter-destination=stdout',
  ];
  const args = [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=600000',
    ...reporters,
    ...files,
  ];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: server.url },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
