// Every code sample of README.md and docs/frameworks/*.md, read from the Markdown when the test runs, runs as written
// against the real display server, so that the docs cannot drift from what works.
//
// A fence's info string is its language, then an optional marker:
//   ```sh no-run    a sample not meant to run: an install or start command, console output, a config excerpt, a
//                   call to a third party's servers. A JS or TS one is still parsed.
// An unmarked sample of a language this file cannot run fails.
//
// Placeholders: `https://YOUR-SERVER` is the display server's origin and `http://127.0.0.1:8787` (where `npm start`
// listens) its address; both become the test server's. The pages run on another 127.0.0.1 port than the server (a
// real cross-origin setup: that origin is added to every example client's allowed_origins, as a site owner adds
// their app's), and that page server serves the built package at /dist/.
//
// How each kind runs:
//   html        a page of its own holding the sample. Every poptin-* tag is defined and drawn, each controller's display
//               call is answered, each <poptin-popup kind|trigger> it places shows; a form in one is filled and sent
//               as a person does, and its lead must reach the owner API. No console error.
//   js, ts      main.js / main.ts of a Vite app, built against the package as npm installs it and run in a page.
//   tsx, vue,   on docs/frameworks/<name>.md, the page's samples are the files of one app (each names its file on its
//   svelte      first line), the rest of examples/frameworks/<name>/ around them: type-checked where the toolchain
//               runs on TypeScript 7 (React), built with Vite, and checked as an html page is.
//   sh          run by sh in an empty folder; each one here reads the owner API, so its output holds the lead the README's demo page took.
//   json        a whole pop-up file, seeded into the server's pop-ups folder: the owner API lists it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { transform } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { appWithPackageInstalled } from '../../scripts/bundled-app.ts';
import { DEVELOPMENT_OWNER_TOKEN } from '../../server/platform/settings.ts';
import { eventually, freePort, LIBRARY_DIST, ROOT, type ServerProcess, startBrowserAndServer } from './harness.ts';

const DOCS = [
  'README.md',
  ...['README.md', 'react.md', 'vue.md', 'svelte.md'].map((file) => `docs/frameworks/${file}`),
];
const NO_RUN = 'no-run';
const YOUR_SERVER = 'https://YOUR-SERVER';
const NPM_START_ADDRESS = 'http://127.0.0.1:8787';

interface Sample {
  doc: string;
  line: number;
  lang: string;
  runs: boolean;
  code: string;
}

function samplesOf(doc: string): Sample[] {
  const samples: Sample[] = [];
  const lines = readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\S*)(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const words = open[2]!.trim().split(/\s+/).filter(Boolean);
    const start = index;
    const code: string[] = [];
    for (index += 1; index < lines.length && !lines[index]!.startsWith('```'); index += 1) code.push(lines[index]!);
    samples.push({ doc, line: start + 1, lang: open[1]!, runs: !words.includes(NO_RUN), code: code.join('\n') });
  }
  return samples;
}

const where = (sample: Sample) => `${sample.doc}:${sample.line}`;
const SAMPLES = DOCS.flatMap(samplesOf);
/** The framework pages whose samples make one app each, with the example app they complete. */
const APPS: Record<string, { folder: string; dependencies: string[]; typeCheck?: string[] }> = {
  'docs/frameworks/react.md': {
    folder: 'react',
    dependencies: ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom'],
    typeCheck: [path.join(ROOT, 'node_modules/.bin/tsc'), '-p', '.'],
  },
  'docs/frameworks/vue.md': { folder: 'vue', dependencies: ['vue', 'vite', '@vitejs/plugin-vue'] },
  'docs/frameworks/svelte.md': { folder: 'svelte', dependencies: ['svelte', 'vite', '@sveltejs/vite-plugin-svelte'] },
};
const RUNNERS = new Set(['html', 'js', 'ts', 'sh', 'json']);

// The page server's port is chosen first: the example clients must allow its origin before the server reads them.
let pageOrigin: string;
let browser: Browser;
let server: ServerProcess;
let pageServer: Server;
let work: string;
const mounts = new Map<string, string>();

async function ownerApi<T>(pathname: string): Promise<T> {
  const response = await fetch(`${server.url}${pathname}`, {
    headers: { authorization: `Bearer ${DEVELOPMENT_OWNER_TOKEN}` },
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function leadsOf(clientId: string): Promise<Array<{ email: string; poptin_id: string }>> {
  return (
    await ownerApi<{ leads: Array<{ email: string; poptin_id: string }> }>(`/api/owner/${clientId}/leads?limit=500`)
  ).leads;
}

const withServer = (code: string) => code.replaceAll(YOUR_SERVER, server.url).replaceAll(NPM_START_ADDRESS, server.url);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Serves each folder of `mounts` under its prefix, on `port` of 127.0.0.1. */
function startPageServer(port: number): Promise<Server> {
  const pages = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    // The browser asks every origin for an icon; a 404 would be a console error of the page.
    if (pathname === '/favicon.ico') return void response.writeHead(204).end();
    const prefix = [...mounts.keys()].find((mount) => pathname.startsWith(mount));
    if (!prefix) return void response.writeHead(404).end();
    const folder = mounts.get(prefix)!;
    const rest = pathname.slice(prefix.length);
    const file = path.join(folder, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest);
    if (!file.startsWith(folder)) return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => pages.listen(port, '127.0.0.1', () => resolve(pages)));
}

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'poptin-doc-samples-'));
  const pagePort = await freePort();
  pageOrigin = `http://127.0.0.1:${pagePort}`;
  const clients = path.join(work, 'clients');
  await mkdir(clients);
  for (const file of await readdir(path.join(ROOT, 'examples/clients'))) {
    const client = JSON.parse(await readFile(path.join(ROOT, 'examples/clients', file), 'utf8')) as {
      allowed_origins?: string[];
    };
    client.allowed_origins = [...(client.allowed_origins ?? []), pageOrigin];
    await writeFile(path.join(clients, file), JSON.stringify(client));
  }
  const popups = path.join(work, 'popups');
  await cp(path.join(ROOT, 'examples/popups'), popups, { recursive: true });
  for (const sample of SAMPLES.filter((found) => found.runs && found.lang === 'json' && isPopupFile(found.code)))
    await writeFile(path.join(popups, `doc-sample-${sample.line}.json`), sample.code);
  mounts.set('/dist/', LIBRARY_DIST);
  pageServer = await startPageServer(pagePort);
  // OWNER_TOKEN left empty: the server's development token, the one the README's curl sample sends.
  ({ browser, server } = await startBrowserAndServer({
    env: { CLIENTS_DIR: clients, POPUPS_DIR: popups, OWNER_TOKEN: '' },
  }));
});

after(async () => {
  await browser?.close();
  await server?.dispose();
  pageServer?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

function isPopupFile(code: string): boolean {
  try {
    const parsed = JSON.parse(code) as { client_id?: unknown; poptin_id?: unknown };
    return typeof parsed.client_id === 'string' && typeof parsed.poptin_id === 'string';
  } catch {
    return false;
  }
}

let visitors = 0;

/**
 * A page as a visitor meets it: the poptin-* tags of its markup in the page, defined and drawn, its controllers
 * answered, its pop-ups shown, the form of each filled and sent with its lead stored, and no error in the console.
 */
async function checkPage(page: Page, url: string, label: string, markup: string): Promise<void> {
  const tags = [...new Set(markup.match(/<poptin-[a-z-]+/g) ?? [])].map((tag) => tag.slice(1));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const answered = new Set<string>();
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    const match = /\/api\/display\/([^/?]+)$/.exec(new URL(response.url()).pathname);
    if (match && response.request().method() === 'POST' && response.ok()) answered.add(match[1]!);
  });
  await page.goto(url);

  // An app may render a moment after the page has loaded (after awaiting defineElements()).
  await eventually(`${label}: ${tags.join(', ')} in the page`, () =>
    page.evaluate((expected) => expected.every((tag) => document.querySelector(tag)), tags),
  );
  await eventually(`${label}: every poptin-* tag defined and drawn`, () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('*'))
        .filter((element) => element.localName.startsWith('poptin-'))
        .every(
          (element) =>
            element.matches(':defined') &&
            (element.localName === 'poptin-controller' || Boolean(element.shadowRoot?.childElementCount)),
        ),
    ),
  );
  const clients = await page.evaluate(() =>
    Array.from(document.querySelectorAll('poptin-controller'), (controller) => controller.getAttribute('client-id')),
  );
  for (const client of clients)
    await eventually(`${label}: the display call of ${client} answered`, async () => client && answered.has(client));

  // The pop-ups the page places itself; those a controller draws from the server's answer are not the sample's.
  const popups = page.locator('poptin-popup[kind], poptin-popup[trigger]');
  for (let index = 0; index < (await popups.count()); index += 1) {
    const popup = popups.nth(index);
    await popup.locator('xpath=./*').first().waitFor({ state: 'visible', timeout: 10_000 });
    if ((await popup.locator('form').count()) === 0) continue;
    visitors += 1;
    const email = `doc-sample-${visitors}@example.com`;
    const field = popup.locator('form input[name="Email"]');
    await field.click();
    await page.keyboard.type(email);
    await popup.locator('form button:not([type="button"]), form [type="submit"]').first().click();
    const client = clients[0];
    const outcome = await eventually(`${label}: the lead of ${email} stored, or the form's message`, async () => {
      const alert = popup.locator('[role="alert"]');
      if ((await alert.count()) > 0 && (await alert.first().textContent())?.trim())
        return `the form says: ${await alert.first().textContent()}`;
      if (!client) return undefined;
      const lead = (await leadsOf(client)).find((found) => found.email === email);
      return lead && `stored under ${lead.poptin_id}`;
    });
    assert.equal(
      outcome,
      `stored under ${await popup.getAttribute('poptin-id')}`,
      `${label}: the lead sent from its form`,
    );
  }
  assert.deepEqual(errors, [], `${label}: console errors`);
}

describe('the code samples of the README and docs/frameworks', () => {
  it('are each run here, or marked no-run', () => {
    const unrunnable = SAMPLES.filter((sample) => sample.runs && !RUNNERS.has(sample.lang) && !APPS[sample.doc]);
    assert.deepEqual(unrunnable.map(where), [], `mark them \`\`\`${'LANG'} ${NO_RUN}, or run them here`);
    const notAPopup = SAMPLES.filter((sample) => sample.runs && sample.lang === 'json' && !isPopupFile(sample.code));
    assert.deepEqual(notAPopup.map(where), [], 'a JSON sample that runs is a whole pop-up file');
  });

  it('that are marked no-run still parse, when they are JS or TS', async () => {
    for (const sample of SAMPLES.filter((found) => !found.runs && /^(js|ts|jsx|tsx)$/.test(found.lang)))
      await transform(sample.code, { loader: sample.lang as 'js', format: 'esm', sourcefile: where(sample) });
  });

  for (const sample of SAMPLES.filter((found) => found.runs && !APPS[found.doc] && found.lang === 'html')) {
    it(`html ${where(sample)} works in a page on another origin than the server`, async () => {
      const folder = path.join(work, `html-${sample.doc.replaceAll('/', '-')}-${sample.line}`);
      await mkdir(folder);
      await writeFile(
        path.join(folder, 'index.html'),
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${where(sample)}</title></head>\n<body>\n${withServer(sample.code)}\n</body></html>\n`,
      );
      const prefix = `/${path.basename(folder)}/`;
      mounts.set(prefix, folder);
      const page = await browser.newPage();
      await checkPage(page, `${pageOrigin}${prefix}`, where(sample), sample.code);
      await page.close();
    });
  }

  for (const sample of SAMPLES.filter((found) => found.runs && !APPS[found.doc] && /^(js|ts)$/.test(found.lang))) {
    it(`${sample.lang} ${where(sample)} builds with Vite against the package and runs in a page`, async () => {
      const source = await mkdtemp(path.join(work, 'script-'));
      await writeFile(
        path.join(source, 'index.html'),
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${where(sample)}</title></head><body><script type="module" src="./main.${sample.lang}"></script></body></html>\n`,
      );
      await writeFile(
        path.join(source, `main.${sample.lang}`),
        `${withServer(sample.code)}\ndocument.documentElement.dataset.sampleRan = '';\n`,
      );
      const dir = await appWithPackageInstalled(source, []);
      await buildAndMount(dir, path.basename(source));
      const page = await browser.newPage();
      await checkPage(page, `${pageOrigin}/${path.basename(source)}/`, where(sample), '');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.sampleRan), '', 'the sample ran');
      await page.close();
      await rm(dir, { recursive: true, force: true });
    });
  }

  for (const [doc, app] of Object.entries(APPS)) {
    it(`${doc}: its samples make a ${app.folder} app that builds, draws every element and sends its form's lead`, async () => {
      const samples = SAMPLES.filter((sample) => sample.doc === doc && sample.runs);
      assert.ok(samples.length > 0, `${doc} has samples`);
      const dir = await appWithPackageInstalled(path.join(ROOT, 'examples/frameworks', app.folder), app.dependencies);
      try {
        for (const sample of samples) {
          const name = /^(?:\/\/|<!--)\s*([\w.-]+\.\w+)/.exec(sample.code)?.[1];
          assert.ok(name, `${where(sample)} names its file on its first line (// main.ts, <!-- App.vue -->)`);
          const file = name.startsWith('vite.config') ? path.join(dir, name) : path.join(dir, 'src', name);
          await writeFile(file, withServer(sample.code));
        }
        if (app.typeCheck) {
          const [command, ...args] = app.typeCheck;
          const result = spawnSync(command!, args, { cwd: dir, encoding: 'utf8' });
          assert.equal(result.status, 0, `${app.typeCheck.join(' ')}:\n${result.stdout}${result.stderr}`);
        }
        await buildAndMount(dir, app.folder);
        const page = await browser.newPage();
        await checkPage(page, `${pageOrigin}/${app.folder}/`, doc, samples.map((sample) => sample.code).join('\n'));
        await page.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it('json: each pop-up file is taken by the server', async () => {
    for (const sample of SAMPLES.filter((found) => found.runs && found.lang === 'json' && isPopupFile(found.code))) {
      const { client_id: client, poptin_id: id } = JSON.parse(sample.code) as { client_id: string; poptin_id: string };
      const listed = await ownerApi<unknown>(`/api/owner/${client}/popups`);
      assert.match(JSON.stringify(listed), new RegExp(`"${id}"`), `${where(sample)}: ${id} among ${client}'s pop-ups`);
    }
  });

  it("sh: each command runs, and reads the lead the README's demo page took", async () => {
    // The README: the lightbox of /examples/lightbox.html opens after a few seconds; an email sent there is in the owner API.
    const page = await browser.newPage();
    await page.goto(`${server.url}/examples/lightbox.html`);
    const email = 'readme.reader@example.com';
    await page.locator('poptin-popup dialog[open] input[name="Email"]').click({ timeout: 15_000 });
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await eventually('the demo lead', async () => (await leadsOf('demo')).some((lead) => lead.email === email));
    await page.close();
    for (const sample of SAMPLES.filter((found) => found.runs && found.lang === 'sh')) {
      const result = spawnSync('sh', ['-c', withServer(sample.code)], { cwd: work, encoding: 'utf8', timeout: 30_000 });
      assert.equal(result.status, 0, `${where(sample)}:\n${result.stderr}`);
      assert.ok(result.stdout.includes(email), `${where(sample)} prints the lead:\n${result.stdout}`);
    }
  });
});

/** A production build of the Vite app in `dir`, served by the page server at /`name`/. */
async function buildAndMount(dir: string, name: string): Promise<void> {
  const config = path.join(dir, 'vite.config.ts');
  const out = path.join(dir, 'out');
  await build({
    root: dir,
    configFile: existsSync(config) ? config : false,
    logLevel: 'warn',
    mode: 'production',
    base: './',
    build: { outDir: out },
  });
  mounts.set(`/${name}/`, out);
}
