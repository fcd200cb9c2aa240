import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readMigrations } from './db/migrate.ts';
import { SITE_AJAX_PATH } from './display/site-ajax.ts';
import { type RunningServer, startServer } from './main.ts';
import { DEVELOPMENT_OWNER_TOKEN, readSettings, type ServerSettings } from './platform/settings.ts';
import { SHOPIFY_STOREFRONT_PREFIX } from './store-platform/example-stores/shopify-storefront.ts';
import { blankDataDir, exampleServerSettings } from './test-support/database.ts';

describe('readSettings', () => {
  it('uses the documented defaults', () => {
    const settings = readSettings({});
    assert.equal(settings.port, 8787);
    assert.equal(settings.host, '127.0.0.1');
    assert.equal(settings.dataDir, '.data/');
    assert.equal(settings.databaseUrl, undefined);
    assert.equal(settings.ownerToken, DEVELOPMENT_OWNER_TOKEN);
    assert.equal(settings.ownerTokenIsDefault, true);
    assert.equal(settings.examplesDir, 'examples/');
    assert.equal(settings.distDir, 'dist/');
    assert.equal(settings.widgetDir, 'packages/poptin-elements/dist/');
    assert.equal(settings.popupsDir, 'examples/popups');
    assert.deepEqual(settings.rateLimit, { capacity: 120, windowMs: 10_000 });
    assert.equal(settings.trustProxy, false);
  });

  it('reads every variable and rejects malformed numbers', () => {
    const settings = readSettings({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/poptin',
      DATABASE_URL: 'postgres://db/poptin',
      OWNER_TOKEN: 'secret-token',
      EXAMPLES_DIR: 'site/',
      DIST_DIR: 'build/',
      WIDGET_DIR: 'widget/',
      POPUPS_DIR: 'conf/popups',
      CLIENTS_DIR: 'conf/clients',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '2',
    });
    assert.deepEqual(
      [
        settings.port,
        settings.host,
        settings.dataDir,
        settings.databaseUrl,
        settings.ownerToken,
        settings.ownerTokenIsDefault,
      ],
      [9000, '0.0.0.0', '/var/poptin', 'postgres://db/poptin', 'secret-token', false],
    );
    assert.deepEqual(
      [settings.examplesDir, settings.distDir, settings.widgetDir, settings.popupsDir, settings.clientsDir],
      ['site/', 'build/', 'widget/', 'conf/popups', 'conf/clients'],
    );
    assert.deepEqual(settings.rateLimit, { capacity: 10, windowMs: 1000 });
    assert.deepEqual(settings.trustProxy, { hops: 2 });
    assert.throws(() => readSettings({ PORT: 'eighty' }), /PORT must be a whole number/);
    assert.throws(() => readSettings({ NODE_ENV: 'production' }), /OWNER_TOKEN must be set/);
  });

  it('reads DATABASE_READ_URL beside DATABASE_URL, and refuses it alone', () => {
    const both = readSettings({
      DATABASE_URL: 'postgres://primary/poptin',
      DATABASE_READ_URL: 'postgres://standby/poptin',
    });
    assert.equal(both.databaseReadUrl, 'postgres://standby/poptin');
    assert.equal(readSettings({}).databaseReadUrl, undefined);
    assert.throws(
      () => readSettings({ DATABASE_READ_URL: 'postgres://standby/poptin' }),
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => readSettings({ TRUST_PROXY: value }).trustProxy;

  it('reads a number of proxies, or their addresses and CIDR ranges', () => {
    assert.equal(trustProxy(''), false);
    assert.equal(trustProxy('false'), false);
    assert.equal(trustProxy('0'), false);
    assert.deepEqual(trustProxy('1'), { hops: 1 });
    assert.deepEqual(trustProxy('10.0.0.1, 10.0.0.0/8,fd00::/8,::1,loopback'), {
      addresses: ['10.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback'],
    });
  });

  it('refuses "true", which would let every client choose its address, and entries it cannot read', () => {
    assert.throws(() => trustProxy('true'), /TRUST_PROXY=true would believe any X-Forwarded-For.*TRUST_PROXY=1/);
    assert.throws(() => trustProxy('10.0.0.0/33'), /TRUST_PROXY .*"10\.0\.0\.0\/33"/);
    assert.throws(() => trustProxy('proxy.internal,10.0.0.1'), /not understood: "proxy\.internal"/);
    assert.throws(() => trustProxy('-1'), /TRUST_PROXY/);
  });
});

describe('server over real HTTP on a PGlite data folder', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  let settings: ServerSettings;

  before(async () => {
    dataDir = await blankDataDir();
    settings = { ...exampleServerSettings(dataDir), ownerToken: 'restart-test-token', ownerTokenIsDefault: false };
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a lead across a restart on the same data folder', async () => {
    server = await startServer(settings, false);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const demoPassword = server.demoOwnerPassword;
    assert.match(demoPassword ?? '', /^[\w-]{20}$/, 'a fresh data folder gets the demo owner, with a random password');

    const display = await fetch(`${server.url}/api/display/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ domain: 'localhost', visitor_id: 'restart-visitor' }),
    });
    assert.equal(display.status, 200);
    assert.equal(display.headers.get('access-control-allow-origin'), 'http://localhost:8787');
    const lightbox = (await display.json()).poptins.find(
      (poptin: { poptin_id: string }) => poptin.poptin_id === 'demolightbox1',
    );
    assert.ok(lightbox, 'the demo lightbox is offered');

    const viewed = await fetch(`${server.url}/api/display/viewed/demolightbox1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewer_id: lightbox.viewer_id }),
    });
    const { poptin_view_id: viewId } = await viewed.json();

    const conversion = await fetch(`${server.url}/api/display/conversion/${lightbox.viewer_id}`, {
      method: 'POST',
      body: new URLSearchParams({
        email: 'restart@example.com',
        poptin_view_id: String(viewId),
        idempotency_key: 'restart-key-0001',
      }),
    });
    assert.equal(conversion.status, 200);
    const { conversion_id: conversionId } = await conversion.json();

    await server.stop();
    server = await startServer(settings, false);
    assert.equal(server.demoOwnerPassword, null, 'a later start creates no owner and changes none');
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'owner@example.com', password: demoPassword }),
    });
    assert.equal(signIn.status, 200, 'the printed password signs in, after the restart too');

    // Sent within milliseconds of its view, the lead is listed with that suspicion.
    const leads = await fetch(`${server.url}/api/owner/demo/leads`, {
      headers: { authorization: 'Bearer restart-test-token' },
    });
    assert.equal(leads.status, 200);
    const [lead] = (await leads.json()).leads;
    assert.equal(lead.conversion_id, conversionId);
    assert.equal(lead.email, 'restart@example.com');
    assert.equal(lead.poptin_view_id, viewId);
    assert.equal(lead.spam_reason, null);
    assert.equal(lead.spam_suspicion, 'fast-after-view');

    const retried = await fetch(`${server.url}/api/display/conversion/${lightbox.viewer_id}`, {
      method: 'POST',
      body: new URLSearchParams({
        email: 'restart@example.com',
        poptin_view_id: String(viewId),
        idempotency_key: 'restart-key-0001',
      }),
    });
    assert.equal((await retried.json()).conversion_id, conversionId, 'a retry after the restart is still recognised');
    const recorded = await server.db.query('SELECT count(*)::int AS n FROM schema_migrations');
    assert.deepEqual(recorded, [{ n: (await readMigrations()).length }], 'the restart applied no migration twice');

    const page = await fetch(`${server.url}/examples/lightbox.html`);
    assert.equal(page.status, 200);
    assert.equal((await fetch(`${server.url}/dist/poptin.js`)).status, 404, 'a missing build only 404s');
  });

  it("answers a browser's /favicon.ico on the server's own pages with an icon, not a 404 in its console", async () => {
    server ??= await startServer(settings, false);
    const icon = await fetch(`${server.url}/favicon.ico`);
    assert.equal(icon.status, 200);
    assert.match(String(icon.headers.get('content-type')), /^image\//);
    const bytes = Buffer.from(await icon.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
  });

  it('answers the example sites’ own platform calls, which the app alone does not mount', async () => {
    server ??= await startServer(settings, false);
    const token = await fetch(`${server.url}${SITE_AJAX_PATH}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'eael_get_token' }),
    });
    assert.equal(token.status, 200);
    assert.equal((await token.json()).success, true);
    const cart = await fetch(`${server.url}${SHOPIFY_STOREFRONT_PREFIX}/cart.js`);
    assert.equal(cart.status, 200);
    assert.deepEqual((await cart.json()).items, []);
  });
});

describe('npm start, stopped by Ctrl-C', () => {
  it('closes the server and flushes its data folder, exiting 0, when the terminal interrupts its whole process group', async () => {
    const dataDir = await blankDataDir();
    try {
      // Its own process group, as a terminal gives a command: Ctrl-C interrupts every process in it, the shell that
      // flushes the data folder included.
      const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_READ_URL: '' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk) => (output += chunk));
      server.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      // Started, and its files' templates written and flushed: the flushing shell is running.
      const deadline = Date.now() + 60_000;
      while (!/Sanitised the templates/.test(output)) {
        if (Date.now() > deadline || server.exitCode !== null) assert.fail(`the server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.kill(-server.pid!, 'SIGINT');
      assert.equal(await exited, 0, output);
      assert.doesNotMatch(output, /could not flush/);
      assert.match(output, /SIGINT: closing the server and the database/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
