// `npm test`: type check, lint and format check, build, size budget, browser tests (the element tests again on React),
// server and SDK tests in Node, end to end.
// Steps of one group run side by side (two cores: a step that mostly waits leaves the other its core); their output
// is printed whole as each ends.
import { spawn, spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

function ensureChromium() {
  if (chromiumPath()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then npm test again.',
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error('Installing Chromium failed: run `apt-get install -y chromium` as root, then npm test again.');
      process.exit(1);
    }
  }
}

const groups = [
  [
    ['type check', 'npm', ['run', '--silent', 'typecheck']],
    ['lint and format', 'npm', ['run', '--silent', 'lint']],
  ],
  [['build', 'npm', ['run', '--silent', 'build']]],
  [
    ['size budget', 'npm', ['run', '--silent', 'size']],
    ['browser tests', 'npm', ['run', '--silent', 'test:browser']],
  ],
  // Alone: beside the browser tests, a second Chromium on two cores would slow both (about 80–100 s on its own).
  [['element tests on React (react-runtime)', 'npm', ['run', '--silent', 'test:browser:react']]],
  [
    ['server and SDK tests (Node)', 'npm', ['run', '--silent', 'test:node']],
    ['server tests on PostgreSQL', 'node', ['scripts/test-postgres.mjs']],
  ],
  [['end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']]],
];

ensureChromium();
// Counts read from each runner's closing lines: web-test-runner "N passed, N failed", node "# pass N" / "# fail N".
const totals = { passed: 0, failed: 0 };
function count(output) {
  const browser = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (browser) {
    totals.passed += Number(browser[1]);
    totals.failed += Number(browser[2]);
  }
  const pass = [...output.matchAll(/^# pass (\d+)$/gm)].at(-1);
  const fail = [...output.matchAll(/^# fail (\d+)$/gm)].at(-1);
  if (pass) totals.passed += Number(pass[1]);
  if (fail) totals.failed += Number(fail[1]);
}

/**
 * The failures of a step's output, named again at the end of the run so that a log read from its tail (a CI's)
 * says which tests failed and why: web-test-runner's ❌ blocks under their file, node's `not ok` lines with their error.
 */
function failuresOf(output) {
  const lines = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n');
  const picked = [];
  let file = '';
  lines.forEach((line, index) => {
    if (/^\S.*\.test\.tsx?:$/.test(line)) file = line;
    if (line.includes('❌')) {
      picked.push(file, line.trimEnd(), ...lines.slice(index + 1, index + 9).filter((next) => next.trim()));
      file = '';
    } else if (/^\s*not ok \d+ - /.test(line)) {
      const error = lines.slice(index + 1, index + 20).find((next) => /^\s*error:/.test(next));
      picked.push(line.trimEnd(), ...(error ? [error.trimEnd()] : []));
    }
  });
  return picked.filter(Boolean).slice(0, 80);
}

/** Runs a step with its output captured; resolves with its exit status and output. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    // Errors go to the terminal at once: a step that hangs still shows why.
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('close', (status) => resolve({ status, output }));
  });
}

const failed = [];
const failures = [];
const started = Date.now();
for (const group of groups) {
  const results = await Promise.all(
    group.map(async ([name, command, args]) => {
      console.log(`\n=== ${name}: started ===`);
      const stepStarted = Date.now();
      const { status, output } = await run(command, args);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(output);
      count(output);
      console.log(
        `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s ===`,
      );
      if (status !== 0) {
        failed.push(name);
        failures.push(`--- ${name}`, ...failuresOf(output));
      }
      return { name, status };
    }),
  );
  // Later steps test the build; without it they only add noise.
  if (results.some(({ name, status }) => status !== 0 && (name === 'build' || name === 'type check'))) break;
}
console.log(`\nnpm test took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed`);
if (failed.length > 0) {
  console.error(`\n=== what failed ===\n${failures.join('\n')}`);
  console.error(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('npm test: every step passed');
