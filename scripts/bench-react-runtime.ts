// What poptin-elements costs a React app's bundle, on its default entries (the loader and poptin-elements/define,
// whose views run on the preact/compat they carry) and on poptin-elements/react-runtime (the same elements on the
// app's own React), and what each costs a plain page. Each case is a Vite production build of a small page with the
// package installed as npm installs it; Chromium opens it and the scripts it fetched until an embedded pop-up drew
// are counted, each gzipped alone as a server sends it, beside every script of the build. Needs `npm run build`.
// `npm run bench:react-runtime`.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { appWithPackageInstalled, serveFolder } from './bundled-app.ts';
import { launchChromium } from './page-driver.ts';
import { assertBuilt } from './server-process.ts';

const POPUP = "createElement('poptin-popup', { kind: 'embedded' }, createElement('p', null, 'Hello'))";
const REACT_APP = (imports: string, popup: boolean) => `${imports}
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  createElement('main', null, createElement('h1', null, 'An app')${popup ? `, ${POPUP}` : ''}),
);
`;
const DEFAULT_ENTRIES = "import 'poptin-elements';\nimport 'poptin-elements/define';";
const REACT_RUNTIME = "import 'poptin-elements/react-runtime';";
const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body>${body}<script type="module" src="./main.ts"></script></body></html>`;
const ROOT_DIV = '<div id="root"></div>';
const PLAIN_POPUP = '<poptin-popup kind="embedded"><p>Hello</p></poptin-popup>';

interface Case {
  name: string;
  html: string;
  main: string;
  /** What shows that the page has drawn. */
  drawn: string;
}

const CASES: Case[] = [
  { name: 'React app alone', html: PAGE(ROOT_DIV), main: REACT_APP('', false), drawn: 'main h1' },
  {
    name: 'React app + default entries (preact/compat)',
    html: PAGE(ROOT_DIV),
    main: REACT_APP(DEFAULT_ENTRIES, true),
    drawn: 'poptin-popup [part~="base"]',
  },
  {
    name: 'React app + react-runtime',
    html: PAGE(ROOT_DIV),
    main: REACT_APP(REACT_RUNTIME, true),
    drawn: 'poptin-popup [part~="base"]',
  },
  {
    name: 'plain page + default entries (preact/compat)',
    html: PAGE(PLAIN_POPUP),
    main: DEFAULT_ENTRIES,
    drawn: 'poptin-popup [part~="base"]',
  },
  {
    name: 'plain page + react-runtime (React bundled in)',
    html: PAGE(PLAIN_POPUP),
    main: REACT_RUNTIME,
    drawn: 'poptin-popup [part~="base"]',
  },
];

const gzipOf = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(dir: string, browser: Awaited<ReturnType<typeof launchChromium>>, each: Case) {
  await writeFile(path.join(dir, 'index.html'), each.html);
  await writeFile(path.join(dir, 'main.ts'), each.main);
  const out = path.join(dir, 'out');
  await rm(out, { recursive: true, force: true });
  await build({ root: dir, configFile: false, logLevel: 'error', mode: 'production', build: { outDir: out } });
  const scripts = (await readdir(out, { recursive: true })).filter((file) => file.endsWith('.js'));
  const bundle = (await Promise.all(scripts.map((file) => gzipOf(path.join(out, file))))).reduce((a, b) => a + b, 0);

  const site = await serveFolder(out);
  const page = await browser.newPage();
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (pathname.endsWith('.js')) fetched.add(pathname.slice(1));
  });
  await page.goto(site.url);
  await page.locator(each.drawn).first().waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  site.server.close();
  const drawn = (await Promise.all([...fetched].map((file) => gzipOf(path.join(out, file))))).reduce(
    (a, b) => a + b,
    0,
  );
  return { drawn, files: fetched.size, bundle, chunks: scripts.length };
}

assertBuilt();
const source = await mkdtemp(path.join(tmpdir(), 'poptin-bench-react-runtime-src-'));
const dir = await appWithPackageInstalled(source, ['react', 'react-dom', 'scheduler']);
const browser = await launchChromium();
const results = new Map<string, Awaited<ReturnType<typeof measure>>>();
try {
  for (const each of CASES) {
    results.set(each.name, await measure(dir, browser, each));
    const result = results.get(each.name)!;
    console.log(
      `${each.name}: ${kb(result.drawn)} gzip in ${result.files} scripts to draw; ${kb(result.bundle)} gzip in the build's ${result.chunks} scripts`,
    );
  }
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
  await rm(source, { recursive: true, force: true });
}

const alone = results.get(CASES[0]!.name)!;
console.log('\nwhat poptin-elements adds to a React app (an embedded pop-up drawn; the whole build):');
for (const each of CASES.slice(1, 3)) {
  const result = results.get(each.name)!;
  console.log(`  ${each.name}: +${kb(result.drawn - alone.drawn)}; +${kb(result.bundle - alone.bundle)}`);
}
