// `npm run bench:ab -- <baseline>`: which of two widget builds costs a page less. Between two runs of `npm run bench`
// the machine's speed at 4× moves by more than most changes, so both builds are measured in the same rounds: each
// round visits every case once with each build, in fresh browser contexts, the order alternating, and each case's
// figures are compared round by round (scripts/bench/paired.ts: the paired median, and an exact sign test).
//
//   <baseline>        build A: a commit (checked out into a temporary folder and built there) or a built dist folder
//   WIDGET_DIR        build B (packages/poptin-elements/dist/, as `npm run build` left it)
//   AB_CASES          the bench pages visited (lightbox,blockedOnPage,empty); any case of scripts/bench/pages.ts
//   AB_ROUNDS (9)     rounds; a verdict at p < 0.05 takes 8 of 9 rounds agreeing, or 6 of 6
//   AB_RATE (4)       the CPU slowdown
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchServerEnv, removeBenchPages } from './bench/pages.ts';
import { comparePaired } from './bench/paired.ts';
import { visitCase } from './bench/visits.ts';
import { launchChromium } from './page-driver.ts';
import { LIBRARY_DIST, ROOT, type ServerProcess, startServerProcess } from './server-process.ts';

const baseline = process.argv[2];
if (!baseline) {
  console.error('usage: npm run bench:ab -- <commit or built dist folder>');
  process.exit(2);
}
const CASES = (process.env.AB_CASES ?? 'lightbox,blockedOnPage,empty').split(',').filter(Boolean);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 9);
const RATE = Number(process.env.AB_RATE ?? 4);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || !(RATE >= 1)) {
  console.error(`AB_ROUNDS must be a whole number from 1 and AB_RATE a number from 1 (got ${ROUNDS} and ${RATE})`);
  process.exit(2);
}

/** The baseline's dist folder: as given, or the commit built in a folder of its own with this tree's dependencies. */
async function baselineDist(ref: string): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  if (existsSync(ref) && statSync(ref).isDirectory()) return { dist: path.resolve(ref), cleanup: async () => {} };
  const tree = await mkdtemp(path.join(tmpdir(), 'poptin-ab-'));
  const archive = execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  process.stderr.write(`building ${ref} in ${tree}\n`);
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    dist: path.join(tree, 'packages/poptin-elements/dist'),
    cleanup: () => rm(tree, { recursive: true, force: true }),
  };
}

const builds = { A: await baselineDist(baseline), B: { dist: process.env.WIDGET_DIR ?? LIBRARY_DIST } };
const environments = { A: await benchServerEnv(builds.A.dist), B: await benchServerEnv(builds.B.dist) };
/** The pages written for both servers, and the baseline's build folder. */
const cleanUp = async () => {
  for (const env of Object.values(environments)) await removeBenchPages(env);
  await builds.A.cleanup();
};
const pagesDir = environments.B.EXAMPLES_DIR ?? '';
const unknown = CASES.filter((name) => !existsSync(path.join(pagesDir, `${name}.html`)));
if (unknown.length > 0) {
  const known = readdirSync(pagesDir).filter((file) => file.endsWith('.html'));
  console.error(
    `no bench page ${unknown.join(', ')}; AB_CASES takes: ${known.map((file) => file.slice(0, -5)).join(', ')}`,
  );
  await cleanUp();
  process.exit(2);
}
const servers: Record<'A' | 'B', ServerProcess> = {
  A: await startServerProcess({ env: environments.A }),
  B: await startServerProcess({ env: environments.B }),
};
const browser = await launchChromium();
const figures = new Map(
  CASES.map((name) => [
    name,
    { A: [] as number[], B: [] as number[], bytes: { A: 0, B: 0 }, longTasks: { A: 0, B: 0 } },
  ]),
);
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of CASES) {
      const order: ('A' | 'B')[] = round % 2 ? ['B', 'A'] : ['A', 'B'];
      for (const build of order) {
        const run = await visitCase(browser, servers[build].url, name, RATE);
        const figure = figures.get(name);
        if (!figure) continue;
        figure[build].push(run.scriptMs);
        figure.bytes[build] = run.scriptBytes;
        figure.longTasks[build] += run.widgetLongTasks.length;
      }
    }
    process.stderr.write(`round ${round + 1} of ${ROUNDS}\n`);
  }
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.dispose();
  await cleanUp();
}

const ms = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)} ms`;
console.log(`\n## ${baseline} (A) against ${builds.B.dist} (B): widget script at ${RATE}×, ${ROUNDS} rounds\n`);
console.log(
  '| case | A, median | B, median | B − A, paired median | rounds B less / more | p | verdict | gzip A / B | widget long tasks A / B |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, figure] of figures) {
  const paired = comparePaired(figure.A, figure.B);
  console.log(
    `| ${name} | ${paired.medianA.toFixed(1)} ms | ${paired.medianB.toFixed(1)} ms | ${ms(paired.pairedMedian)} | ` +
      `${paired.bLess} / ${paired.bMore} | ${paired.p.toFixed(3)} | ${paired.verdict} | ` +
      `${figure.bytes.A} / ${figure.bytes.B} B | ${figure.longTasks.A} / ${figure.longTasks.B} |`,
  );
}
