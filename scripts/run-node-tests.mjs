// Node 20's test runner does not expand globs itself: list the test files, then run them.
// Usage: node scripts/run-node-tests.mjs [--concurrency=N] [--slowest=N] <folder>:<suffix> … [!<file> …]
//   e.g. server:.test.ts src:.node.test.ts. A `!file` leaves that file out; N test files run at once (1 by default);
//   --slowest=N prints the N test files that took longest once the run ends.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function filesUnder(folder, suffix) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((path) => !path.includes('node_modules'))
    .sort();
}

const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
// The last --concurrency given wins: `npm run test:e2e -- --concurrency=3` overrides the script's own.
const concurrency = Number(options.findLast((option) => option.startsWith('--concurrency='))?.split('=')[1] ?? 1);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`--concurrency takes a whole number of test files at once, at least 1: ${options.join(' ')}`);
  process.exit(1);
}
const slowest = options.find((option) => option.startsWith('--slowest='))?.split('=')[1];
if (slowest !== undefined && !(Number.isInteger(Number(slowest)) && Number(slowest) > 0)) {
  console.error(`--slowest takes how many of the slowest test files to print, at least 1: --slowest=${slowest}`);
  process.exit(1);
}
const leftOut = new Set(args.filter((arg) => arg.startsWith('!')).map((arg) => join(arg.slice(1))));
const files = args
  .filter((arg) => !arg.startsWith('!'))
  .flatMap((spec) => {
    const [folder, suffix] = spec.split(':');
    return filesUnder(folder, suffix);
  })
  .filter((file) => !leftOut.has(file));
if (files.length === 0) {
  console.error(`no test files found for ${args.join(' ')}`);
  process.exit(1);
}
// TAP on stdout, as without a reporter named (test-all.mjs reads its closing counts), and the slowest files after it.
const reporters =
  slowest === undefined
    ? []
    : [
        '--test-reporter=tap',
        '--test-reporter-destination=stdout',
        `--test-reporter=${new URL('./slowest-test-files.mjs', import.meta.url).pathname}`,
        '--test-reporter-destination=stdout',
      ];
// A test that hangs fails after 10 minutes instead of holding the whole run.
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=600000', ...reporters, ...files],
  { stdio: 'inherit', env: { ...process.env, ...(slowest && { SLOWEST_TEST_FILES: slowest }) } },
);
process.exit(result.status ?? 1);
