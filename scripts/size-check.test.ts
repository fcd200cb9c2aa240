import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const script = path.resolve('scripts/size-check.mjs');
// Every shipped file begins with V8's compile hint (rollup.config.mjs), and so do these.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const writeScript = (file: string, code: string) => writeFile(file, `${COMPILE_HINT}\n${code}`);
/** The chunks a build with a session has beside it, each of its own (scripts/size-check.mjs, the lightbox's roots). */
const writeShowingChunks = async (build: string) => {
  await writeScript(path.join(build, 'chunks', 'surfaces-s1.js'), 'export const surfaces = 1;');
  await writeScript(path.join(build, 'chunks', 'reporter-r1.js'), 'export const reporter = 1;');
};
const check = (loader: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [script, loader], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('npm run size', () => {
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'poptin-size-'));
    await mkdir(path.join(dir, 'chunks'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('passes a small loader without React', async () => {
    const loader = path.join(dir, 'small.js');
    await writeScript(loader, 'customElements.define("poptin-controller", class extends HTMLElement {});');
    const result = check(loader);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /bytes gzip \(budget 8192\)/);
  });

  it('fails a loader over its 8 KB gzip, counting what it imports statically', async () => {
    const loader = path.join(dir, 'big.js');
    // Random text does not compress: 12 KB of it stays well over 8 KB gzip.
    await writeScript(
      path.join(dir, 'chunks', 'shared.js'),
      `export const blob = "${randomBytes(9_000).toString('base64')}";`,
    );
    await writeScript(loader, 'import "./chunks/shared.js";');
    const result = check(loader);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /over the 8192-byte budget/);
  });

  it('fails when a lazy chunk imports the loader, which would run it a second time', async () => {
    const loader = path.join(dir, 'poptin.js');
    await writeScript(loader, 'export const guard = () => {}; import("./chunks/session.js");');
    await writeScript(path.join(dir, 'chunks', 'session.js'), 'import { guard } from "../poptin.js"; guard();');
    const result = check(loader);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /session\.js import the loader itself/);
  });

  it('fails when what a lightbox needs (loader, session, surfaces, reporter and their imports) is over its budget', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'poptin-size-lightbox-'));
    await mkdir(path.join(build, 'chunks'));
    await writeScript(
      path.join(build, 'poptin.js'),
      'import("./chunks/session-a1.js"); import("./chunks/surfaces-b2.js");',
    );
    await writeScript(
      path.join(build, 'chunks', 'session-a1.js'),
      'import "./shared-c3.js"; export const session = 1; import("./reporter-d4.js");',
    );
    await writeScript(path.join(build, 'chunks', 'surfaces-b2.js'), 'export const surfaces = 1;');
    await writeScript(path.join(build, 'chunks', 'reporter-d4.js'), 'export const reporter = 1;');
    await writeScript(
      path.join(build, 'chunks', 'shared-c3.js'),
      `export const blob = "${randomBytes(3_000).toString('base64')}";`,
    );
    const held = check(path.join(build, 'poptin.js'));
    assert.equal(held.status, 0, held.stderr);
    assert.match(held.stdout, /lightbox with a form: 5 files, \d+ bytes gzip \(budget \d+\)/);
    const grown = check(path.join(build, 'poptin.js'), { LIGHTBOX_BUDGET_BYTES: '3000' });
    assert.equal(grown.status, 1);
    assert.match(grown.stderr, /showing a lightbox takes \d+ bytes gzip, over the 3000-byte budget/);
    await rm(build, { recursive: true, force: true });
  });

  it('fails when a build with a session has no reporter of its own, which a page that shows nothing would download', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'poptin-size-roots-'));
    await mkdir(path.join(build, 'chunks'));
    await writeScript(path.join(build, 'poptin.js'), 'import("./chunks/session-a1.js");');
    await writeScript(path.join(build, 'chunks', 'session-a1.js'), 'export const session = 1;');
    await writeScript(path.join(build, 'chunks', 'surfaces-s1.js'), 'export const surfaces = 1;');
    const merged = check(path.join(build, 'poptin.js'));
    assert.equal(merged.status, 1);
    assert.match(merged.stderr, /has a session but no reporter chunk of its own/);
    await rm(build, { recursive: true, force: true });
  });

  it('fails when the session imports more files than its budget, each one more request when it loads', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'poptin-size-session-'));
    await mkdir(path.join(build, 'chunks'));
    // The session-shared chunk sorts before the session here: it is not taken for the session.
    await writeScript(path.join(build, 'poptin.js'), 'import("./chunks/session-x1y2z3.js");');
    await writeScript(
      path.join(build, 'chunks', 'session-x1y2z3.js'),
      'import "./session-shared-a1b2c3.js"; import "./language-d4e5f6.js"; export const session = 1;',
    );
    await writeScript(
      path.join(build, 'chunks', 'session-shared-a1b2c3.js'),
      'import "./language-d4e5f6.js"; export const shared = 1;',
    );
    await writeScript(path.join(build, 'chunks', 'language-d4e5f6.js'), 'export const language = 1;');
    await writeShowingChunks(build);
    const held = check(path.join(build, 'poptin.js'));
    assert.equal(held.status, 0, held.stderr);
    assert.match(
      held.stdout,
      /the session's imports: 2 files \(budget 4\): session-shared-a1b2c3\.js language-d4e5f6\.js/,
    );
    const split = check(path.join(build, 'poptin.js'), { SESSION_IMPORTS_BUDGET: '1' });
    assert.equal(split.status, 1);
    assert.match(split.stderr, /the session imports 2 files, over its budget of 1/);
    await rm(build, { recursive: true, force: true });
  });

  it("fails when a module is compiled into two files the loader loads, the loader's private copy counted as it", async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'poptin-size-twice-'));
    await mkdir(path.join(build, 'chunks'));
    const mapOf = (sources: string[]) => JSON.stringify({ version: 3, sources, names: [], mappings: '' });
    await writeScript(path.join(build, 'poptin.js'), 'import("./chunks/session-a1.js");');
    await writeFile(
      path.join(build, 'poptin.js.map'),
      mapOf(['../src/loader.ts', '../src/core/decision/navigation.loader-copy.ts']),
    );
    await writeScript(path.join(build, 'chunks', 'session-a1.js'), 'export const session = 1;');
    await writeShowingChunks(build);
    const chunkMap = path.join(build, 'chunks', 'session-a1.js.map');
    await writeFile(chunkMap, mapOf(['../../src/core/session.ts', '../../src/core/decision/navigation.ts']));
    const twice = check(path.join(build, 'poptin.js'));
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /compiled into more than one file.*navigation\.ts \(poptin\.js, session-a1\.js\)/);
    // Read through the kit, the module is the loader's alone.
    await writeFile(chunkMap, mapOf(['../../src/core/session.ts', '\u0000poptin-kit:0']));
    const once = check(path.join(build, 'poptin.js'));
    assert.equal(once.status, 0, once.stderr);
    await rm(build, { recursive: true, force: true });
  });

  it('fails when a file lost the compile hint, so that Chromium would compile it on the main thread', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'poptin-size-hint-'));
    await mkdir(path.join(build, 'chunks'));
    await writeScript(path.join(build, 'poptin.js'), 'import("./chunks/session-a1.js");');
    await writeFile(path.join(build, 'chunks', 'session-a1.js'), 'export const session = 1;');
    await writeShowingChunks(build);
    const result = check(path.join(build, 'poptin.js'));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /session-a1\.js do not begin with \/\/# allFunctionsCalledOnLoad/);
    await writeScript(path.join(build, 'chunks', 'session-a1.js'), 'export const session = 1;');
    assert.equal(check(path.join(build, 'poptin.js')).status, 0);
    await rm(build, { recursive: true, force: true });
  });

  it('fails a loader that contains React', async () => {
    const loader = path.join(dir, 'react.js');
    await writeScript(loader, 'const element = Symbol.for("react.transitional.element");');
    const result = check(loader);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /contains React/);
  });
});
