// Fails when the loader exceeds its budget (design §4: ≤ 8 KB gzip) or pulls
// React in, when showing a lightbox takes more than its 73,556 bytes gzip in all (toward 45 KB: issue #53), when a lazy
// chunk imports the loader, or when a file lost the compile hint that lets Chromium compile it off the main thread
// (rollup.config.mjs), when the session imports more than four files, or when a module is compiled into two of the
// files the loader loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

// The loader's modules compiled once took a lightbox back under 90 KB, and the visitor's history carried by the
// session took the loader back under 8 KB (docs/performance.md, "The loader's modules, compiled once" and "The
// visitor's history in the session").
export const LOADER_BUDGET_BYTES = 8 * 1024;
const loaderPath = process.argv[2] ?? 'packages/poptin-elements/dist/poptin.js';

if (!existsSync(loaderPath)) {
  console.error(`size: ${loaderPath} is missing; run npm run build first`);
  process.exit(1);
}

// The loader's static imports load with it, so they count against the budget too.
function staticClosure(path, seen = new Set()) {
  if (seen.has(path)) return seen;
  seen.add(path);
  const source = readFileSync(path, 'utf8');
  for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["'](\.[^"']+)["']/g)) {
    staticClosure(join(path, '..', match[1]), seen);
  }
  return seen;
}

const files = [...staticClosure(loaderPath)];
const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');
const gzipped = gzipSync(source, { level: 9 }).length;
const reactMarkers = [
  'react.production',
  'react-dom',
  '__SECRET_INTERNALS',
  'Symbol.for("react.element")',
  'react.transitional.element',
];
const foundReact = reactMarkers.filter((marker) => source.includes(marker));

console.log(
  `loader: ${files.join(' + ')}: ${source.length} bytes, ${gzipped} bytes gzip (budget ${LOADER_BUDGET_BYTES})`,
);
const chunkDir = join(loaderPath, '..', 'chunks');
const chunks = existsSync(chunkDir) ? readdirSync(chunkDir).filter((name) => name.endsWith('.js')) : [];
for (const chunk of chunks) {
  console.log(
    `  lazy chunk ${chunk}: ${gzipSync(readFileSync(join(chunkDir, chunk)), { level: 9 }).length} bytes gzip`,
  );
}

// A page loads the loader as `poptin.js?id=…`: a chunk importing `../poptin.js` would make the browser fetch
// and run the loader a second time under the other address.
const loaderName = basename(loaderPath);
const importingLoader = chunks.filter((chunk) =>
  readFileSync(join(chunkDir, chunk), 'utf8').includes(`"../${loaderName}"`),
);

// Everything a page downloads to show a lightbox with an email form: the loader, the session, the surfaces and the
// reporter chunks, and what they import. Each file is compressed on its own, as it travels. 72,532 bytes in 8 files,
// and 1 KB of headroom: the display server sanitises the template (no DOMPurify); the countdown's settings, machine
// and time load only for a pop-up that has a timer or a close-button countdown; each kind of field but the e-mail
// brings its rules in a chunk of its own; the store link and the recommended products load only on a store's page or
// for a pop-up that shows products; the styles' CSS is tidied in the build; the filters that read the page (cookies,
// script variables, engagement, source code) load only for a pop-up that sets one, and the triggers beyond a timer
// and "at once" for a pop-up that arms one (92,077 bytes in 10 files before the first two, 78,444 before the next
// two, 74,493 before the styles, 73,932 before the filters, 72,663 before the triggers). The reporter left the
// session for a chunk of its own, so that a page whose pop-ups are all decided not to show goes without it: 4 KB
// less there, 1.1 KB more here, what its own compression loses (71,363 before).
const LIGHTBOX_BUDGET_BYTES = Number(process.env.LIGHTBOX_BUDGET_BYTES ?? 72_532 + 1024);
// A chunk's name, then its hash (6 characters in rollup.config.mjs): session-shared-… is not the session.
const chunkNamed = (prefix) => chunks.find((name) => new RegExp(`^${prefix}-[\\w-]{1,8}\\.js$`).test(name));
const sessionChunk = chunkNamed('session');
// The reporter (views, closes, leads) loads beside the surfaces, for any pop-up that is armed or opened. A build with
// a session has all three: one gone means its modules went into another chunk, which a page deciding its pop-ups
// without showing any would then download.
const LIGHTBOX_ROOTS = ['session', 'surfaces', 'reporter'];
const missingRoots = sessionChunk ? LIGHTBOX_ROOTS.filter((root) => !chunkNamed(root)) : [];
const lazyRoots = LIGHTBOX_ROOTS.map(chunkNamed)
  .filter(Boolean)
  .map((name) => join(chunkDir, name));
const lightboxFiles = new Set(files);
for (const root of lazyRoots) staticClosure(root, lightboxFiles);
const lightboxBytes = [...lightboxFiles].reduce(
  (sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length,
  0,
);
if (lazyRoots.length === LIGHTBOX_ROOTS.length) {
  console.log(
    `lightbox with a form: ${lightboxFiles.size} files, ${lightboxBytes} bytes gzip (budget ${LIGHTBOX_BUDGET_BYTES})`,
  );
}

// The loader's import of the session starts a request for each file the session imports, all in the task that
// reads the display answer, and each makes that task longer (npm run bench, nothing eligible): rollup.config.mjs
// keeps what the session shares with the surfaces in one chunk, and a module that splits it again fails here.
const SESSION_IMPORTS_BUDGET = Number(process.env.SESSION_IMPORTS_BUDGET ?? 4);
const sessionImports = sessionChunk
  ? [...staticClosure(join(chunkDir, sessionChunk))].slice(1).map((file) => basename(file))
  : [];
if (sessionChunk)
  console.log(
    `the session's imports: ${sessionImports.length} files (budget ${SESSION_IMPORTS_BUDGET}): ${sessionImports.join(' ')}`,
  );

// Each module is compiled into one file of what the loader loads, statically or lazily: two copies of a module are
// two states at run time (two wrappers of History in decision/navigation.ts) and its bytes twice on the way. A lazy
// chunk reads the loader's modules through the kit the loader publishes (scripts/rollup/loader-kit.mjs). A file's
// source map names the modules it holds; the loader's are private copies (`*.loader-copy.ts`) of the same files.
function everyImport(path, seen = new Set()) {
  if (seen.has(path) || !existsSync(path)) return seen;
  seen.add(path);
  const source = readFileSync(path, 'utf8');
  for (const match of source.matchAll(
    /(?:(?:^|[;}\s,(])import\s*(?:[\w${}\s,*]+from\s*)?|\bimport\s*\(\s*)["'](\.[^"']+)["']/g,
  )) {
    everyImport(join(path, '..', match[1]), seen);
  }
  return seen;
}
const filesOfModule = new Map();
for (const file of everyImport(loaderPath)) {
  if (!existsSync(`${file}.map`)) continue;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  for (const source of map.sources) {
    if (source.includes('\0')) continue;
    const module = join(file, '..', map.sourceRoot ?? '', source.replace(/\.loader-copy\./, '.'));
    filesOfModule.set(module, [...(filesOfModule.get(module) ?? []), basename(file)]);
  }
}
const compiledTwice = [...filesOfModule]
  .filter(([, inFiles]) => inFiles.length > 1)
  .map(([module, inFiles]) => `${relative(process.cwd(), module)} (${inFiles.join(', ')})`);

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const unhinted = [loaderPath, ...chunks.map((chunk) => join(chunkDir, chunk))]
  .filter((file) => !readFileSync(file, 'utf8').startsWith(COMPILE_HINT))
  .map((file) => basename(file));

let failed = false;
if (unhinted.length > 0) {
  console.error(
    `size: ${unhinted.join(', ')} do not begin with ${COMPILE_HINT}, so Chromium compiles their functions on the main thread`,
  );
  failed = true;
}
if (missingRoots.length > 0) {
  console.error(`size: the build has a session but no ${missingRoots.join(' or ')} chunk of its own`);
  failed = true;
}
if (lazyRoots.length === LIGHTBOX_ROOTS.length && lightboxBytes > LIGHTBOX_BUDGET_BYTES) {
  console.error(
    `size: showing a lightbox takes ${lightboxBytes} bytes gzip, over the ${LIGHTBOX_BUDGET_BYTES}-byte budget`,
  );
  failed = true;
}
if (sessionImports.length > SESSION_IMPORTS_BUDGET) {
  console.error(
    `size: the session imports ${sessionImports.length} files, over its budget of ${SESSION_IMPORTS_BUDGET}; each is one more request in the task that reads the display answer`,
  );
  failed = true;
}
if (importingLoader.length > 0) {
  console.error(
    `size: ${importingLoader.join(', ')} import the loader itself, which the page loaded under another address; it would run twice`,
  );
  failed = true;
}
if (compiledTwice.length > 0) {
  console.error(
    `size: modules compiled into more than one file the loader loads, each copy with a state of its own: ${compiledTwice.join('; ')}`,
  );
  failed = true;
}
if (gzipped > LOADER_BUDGET_BYTES) {
  console.error(`size: the loader is ${gzipped} bytes gzip, over the ${LOADER_BUDGET_BYTES}-byte budget`);
  failed = true;
}
if (foundReact.length > 0) {
  console.error(
    `size: the loader contains React (${foundReact.join(', ')}); React belongs in the lazily loaded surfaces chunk`,
  );
  failed = true;
}
process.exit(failed ? 1 : 0);
