// The library as npm publishes it: `npm pack` of packages/poptin-elements, installed from its tarball into a new Vite +
// React + TypeScript app in a temporary folder, type-checked and built for production. The app's own dependencies are
// copied from this repository's install and npm installs the tarball offline: the registry is never asked. Vite and tsc
// are this repository's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build, createLogger } from 'vite';
import { assertBuilt, LIBRARY_DIR, ROOT } from './harness.ts';

// Measured at 395,518 B (1.47 MB unpacked, 134 files) for 0.1.0, when the whole repository's tarball, before the library
// had a package of its own, was 2.9 MB: the loader, its lazy chunks, the react-runtime build, the SDK, the typings and
// custom-elements.json, without source maps. The budget leaves room for a few more elements.
const TARBALL_BUDGET_BYTES = 450_000;
/** What a React + TypeScript app has installed before it adds the library. */
const APP_DEPENDENCIES = ['react', 'react-dom', 'scheduler', 'csstype', '@types/react', '@types/react-dom'];

const APP_FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  'src/main.tsx': `import 'poptin-elements';
import 'poptin-elements/define';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
`,
  'src/App.tsx': `import type { PoptinEventDetails } from 'poptin-elements';
import type {} from 'poptin-elements/react';

export function App() {
  const submitted = (event: CustomEvent<PoptinEventDetails['poptin-submit']>) =>
    console.log(event.detail.fields.map((field) => field.name));
  return (
    <poptin-popup kind="embedded" trigger="seconds:3" onpoptin-submit={submitted}>
      <form><input name="Email" type="email" /></form>
    </poptin-popup>
  );
}
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      types: [],
    },
    include: ['src'],
  }),
};

interface Packed {
  filename: string;
  size: number;
  files: { path: string; size: number }[];
}

function run(command: string, args: string[], cwd: string) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

/** The packages in a node_modules folder, scoped ones as `@scope/name`. */
function packagesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(path.join(folder, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .sort();
}

const versionOf = async (name: string) =>
  (JSON.parse(await readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('the poptin-elements tarball in a new Vite + React + TypeScript app', () => {
  let work: string;
  let app: string;
  let packed: Packed;
  let preinstalled: string[];
  let installed: string[];

  before(async () => {
    assertBuilt();
    work = await mkdtemp(path.join(tmpdir(), 'poptin-pack-'));
    const pack = run('npm', ['pack', '--json', '--pack-destination', work], LIBRARY_DIR);
    assert.equal(pack.status, 0, pack.stderr);
    [packed] = JSON.parse(pack.stdout) as Packed[];

    app = path.join(work, 'app');
    for (const [file, text] of Object.entries(APP_FILES)) {
      await mkdir(path.dirname(path.join(app, file)), { recursive: true });
      await writeFile(path.join(app, file), text);
    }
    const version = async (names: string[]) =>
      Object.fromEntries(await Promise.all(names.map(async (name) => [name, await versionOf(name)])));
    await writeFile(
      path.join(app, 'package.json'),
      JSON.stringify({
        name: 'an-app',
        private: true,
        type: 'module',
        dependencies: await version(['react', 'react-dom']),
        devDependencies: await version(['@types/react', '@types/react-dom']),
      }),
    );
    for (const name of APP_DEPENDENCIES)
      await cp(path.join(ROOT, 'node_modules', name), path.join(app, 'node_modules', name), { recursive: true });
    preinstalled = packagesIn(path.join(app, 'node_modules'));
    const install = run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(work, packed.filename)],
      app,
    );
    assert.equal(install.status, 0, install.stderr);
    installed = packagesIn(path.join(app, 'node_modules'));
  });

  after(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(`holds only what a page or a bundler loads, in under ${TARBALL_BUDGET_BYTES} bytes`, async () => {
    const files = packed.files.map((file) => file.path);
    console.log(`${packed.filename}: ${packed.size} B packed, ${files.length} files`);
    assert.ok(packed.size < TARBALL_BUDGET_BYTES, `${packed.size} B, over the budget of ${TARBALL_BUDGET_BYTES} B`);
    const outside = files.filter(
      (file) => !file.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE)$/.test(file),
    );
    assert.deepEqual(outside, [], 'nothing but the build, its manifest, README and LICENSE');
    assert.deepEqual(
      files.filter((file) => /\.map$|^dist\/(console|docs)\/|k3-site|^dist\/chunks\/sdk-/.test(file)),
      [],
      'no source map, console, reference pages or example site',
    );
    const manifest = JSON.parse(await readFile(path.join(app, 'node_modules/poptin-elements/package.json'), 'utf8'));
    const targets = (function flatten(exports: unknown): string[] {
      return typeof exports === 'string' ? [exports] : Object.values(exports as object).flatMap(flatten);
    })(manifest.exports);
    const missing = targets.map((target) => target.replace(/^\.\//, '')).filter((target) => !files.includes(target));
    assert.deepEqual(missing, [], 'every path of its exports map is in the tarball');
  });

  it('depends on nothing at run time; React and ReactDOM are optional peers, for react-runtime only', async () => {
    const manifest = JSON.parse(await readFile(path.join(app, 'node_modules/poptin-elements/package.json'), 'utf8'));
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(Object.keys(manifest.peerDependencies).sort(), ['react', 'react-dom']);
    assert.deepEqual(manifest.peerDependenciesMeta, { react: { optional: true }, 'react-dom': { optional: true } });
  });

  it("adds one package to the app's node_modules: itself", () => {
    assert.deepEqual(
      installed.filter((name) => !preinstalled.includes(name)),
      ['poptin-elements'],
    );
    assert.deepEqual(
      preinstalled.filter((name) => !installed.includes(name)),
      [],
    );
  });

  it('type-checks a component that places <poptin-popup> with typed props, and refuses a wrong prop', async () => {
    const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
    const good = run(tsc, ['-p', '.'], app);
    assert.equal(good.status, 0, `tsc -p .:\n${good.stdout}${good.stderr}`);
    await writeFile(
      path.join(app, 'src/Mistake.tsx'),
      'import type {} from \'poptin-elements/react\';\n\nexport const Mistake = () => <poptin-popup kind="sidebar" />;\n',
    );
    const bad = run(tsc, ['-p', '.'], app);
    await rm(path.join(app, 'src/Mistake.tsx'));
    assert.notEqual(bad.status, 0, 'a pop-up kind the package does not know is refused');
    const errors = bad.stdout.split('\n').filter((line) => line.includes('error TS'));
    assert.ok(errors.length > 0, bad.stdout);
    assert.ok(
      errors.every((line) => line.startsWith('src/Mistake.tsx(3,')),
      `only the wrong prop is refused:\n${bad.stdout}`,
    );
  });

  it('builds for production with Vite, without a warning, keeping the lazy chunks', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    await build({
      root: app,
      configFile: false,
      logLevel: 'warn',
      customLogger: logger,
      mode: 'production',
      build: { outDir: path.join(app, 'out') },
    });
    assert.deepEqual(warnings, []);
    const scripts = readdirSync(path.join(app, 'out'), { recursive: true }).filter((file) =>
      String(file).endsWith('.js'),
    );
    const code = (
      await Promise.all(scripts.map((file) => readFile(path.join(app, 'out', String(file)), 'utf8')))
    ).join();
    assert.ok(code.includes('poptin-controller'), 'the loader is in the bundle');
    assert.ok(scripts.length > 1, `the elements stay lazy chunks: ${scripts.join(', ')}`);
  });
});
