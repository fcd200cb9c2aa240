// `npm test`: type check, lint and format check, build, size budget, browser tests (the element tests again on React),
// server and SDK tests in Node, end to end.
// Each step starts as soon as the steps it waits for have passed (see `steps`); its output is printed whole as it ends.
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

// The steps and what each waits for. On two cores every step is mostly computing, so the run is as short as the
// cores are kept busy: after the build, the server tests (Node and PostgreSQL) and the browser tests start together,
// and the end-to-end tests (two files at a time, and the lead-loss rig beside them) start as soon as the PostgreSQL
// and browser lanes are done, beside whatever the Node tests have left. The two web-test-runner steps never overlap: two Chromiums of theirs on two
// cores slow each other more than they gain. Three end-to-end files at a time (and the PostgreSQL pass two at a time)
// saved under a minute on two cores (23.1 against 24.0 min) and failed three timing tests under the load.
const steps = [
  { name: 'type check', command: 'npm', args: ['run', '--silent', 'typecheck'], after: [] },
  { name: 'lint and format', command: 'npm', args: ['run', '--silent', 'lint'], after: [] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'], after: [] },
  { name: 'size budget', command: 'npm', args: ['run', '--silent', 'size'], after: ['build'] },
  { name: 'browser tests', command: 'npm', args: ['run', '--silent', 'test:browser'], after: ['build'] },
  {
    name: 'element tests on React (react-runtime)',
    command: 'npm',
    args: ['run', '--silent', 'test:browser:react'],
    after: ['browser tests'],
  },
  { name: 'server and SDK tests (Node)', command: 'npm', args: ['run', '--silent', 'test:node'], after: ['build'] },
  // The longest lane before the end-to-end tests, and it needs no build: it starts beside the build.
  { name: 'server tests on PostgreSQL', command: 'node', args: ['scripts/test-postgres.mjs'], after: ['type check'] },
  {
    name: 'end-to-end tests',
    command: 'npm',
    args: ['run', '--silent', 'test:e2e'],
    after: ['element tests on React (react-runtime)', 'server tests on PostgreSQL'],
  },
  // Three minutes of one test file: beside the other end-to-end files instead of after them.
  {
    name: 'lead-loss rig (end to end)',
    command: 'npm',
    args: ['run', '--silent', 'test:lead-loss'],
    after: ['element tests on React (react-runtime)', 'server tests on PostgreSQL'],
  },
];
// Later steps test the build and the types; when either fails, nothing new starts.
const GATES = new Set(['build', 'type check']);

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

/** Runs one step, prints its output whole when it ends, and records its counts and failures. */
async function runStep({ name, command, args }) {
  console.log(`\n=== ${name}: started at ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
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
  return status === 0;
}

// Each step starts once every step it waits for has passed; a step whose prerequisite failed is not run.
const outcome = new Map();
const running = new Map();
let gateFailed = false;
while (outcome.size < steps.length) {
  for (const step of steps) {
    if (outcome.has(step.name) || running.has(step.name)) continue;
    if (gateFailed || step.after.some((name) => outcome.get(name) === false)) {
      console.log(
        `\n=== ${step.name}: not run (${gateFailed ? 'the build or the types failed' : 'a step before it failed'}) ===`,
      );
      outcome.set(step.name, false);
      continue;
    }
    if (step.after.every((name) => outcome.get(name) === true)) {
      running.set(
        step.name,
        runStep(step).then((ok) => {
          outcome.set(step.name, ok);
          running.delete(step.name);
          if (!ok && GATES.has(step.name)) gateFailed = true;
        }),
      );
    }
  }
  if (running.size > 0) await Promise.race(running.values());
  else if (outcome.size < steps.length)
    throw new Error('test-all.mjs: a step waits for a step that is not in the list');
}
console.log(`\nnpm test took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed`);
if (failed.length > 0) {
  console.error(`\n=== what failed ===\n${failures.join('\n')}`);
  console.error(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('npm test: every step passed');
