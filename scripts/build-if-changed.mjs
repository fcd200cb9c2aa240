// `npm start`'s first half: builds when a source of the build changed since the last build, or when POPTIN_REBUILD=1
// asks for it; otherwise the last build is served as it is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP = 'dist/.build-inputs';
// What the build writes: the display server's own files, and the library's in its package.
const BUILT = ['dist/console/index.html', 'packages/poptin-elements/dist/poptin.js'];

/** What the build reads, under `root`: a change to any of these makes the next start build again. */
function buildInputs(root) {
  const build = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.build ?? '';
  // The scripts `npm run build` names, and the rollup plugins.
  const scripts = ['scripts/rollup', ...new Set(build.match(/scripts\/[\w./-]+/g) ?? [])];
  return [
    'src',
    'elements',
    'templates',
    ...scripts,
    'package.json',
    'package-lock.json',
    'rollup.config.mjs',
    'tsconfig.json',
    'tsconfig.types.json',
    'custom-elements-manifest.config.mjs',
  ].map((path) => join(root, path));
}

function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** A hash of the build's inputs under `root`: their paths and contents. */
export function buildInputsHash(root = '.') {
  const hash = createHash('sha256');
  for (const file of buildInputs(root).flatMap(filesOf))
    hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

function main() {
  const inputs = buildInputsHash();
  const built =
    existsSync(STAMP) && BUILT.every((file) => existsSync(file)) ? readFileSync(STAMP, 'utf8').trim() : null;
  const asked = process.env.POPTIN_REBUILD === '1';
  if (!asked && built === inputs) {
    console.log('The build is up to date with the sources (POPTIN_REBUILD=1 npm start builds anyway).');
    return;
  }
  console.log(
    built === null
      ? 'Building…'
      : asked
        ? 'Building again, as asked…'
        : 'Sources changed since the last build: building…',
  );
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${inputs}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
