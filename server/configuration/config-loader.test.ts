import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { deriveViewerId } from '../platform/ids.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { popupFile } from '../test-support/fixtures.ts';
import { type LoadLogger, loadConfigFiles } from './config-loader.ts';

function recordingLogger() {
  const errors: string[] = [];
  const log: LoadLogger = {
    info: () => undefined,
    error: (_details: unknown, message?: string) => errors.push(String(message)),
  } as unknown as LoadLogger;
  return { log, errors };
}

describe('loadConfigFiles', () => {
  let test: TestDatabase;
  let root: string;
  let popupsDir: string;
  let clientsDir: string;

  before(async () => {
    test = await openTestDatabase();
    root = await mkdtemp(path.join(os.tmpdir(), 'poptin-config-'));
  });
  after(async () => {
    await test.dispose();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await test.reset();
    const caseDir = await mkdtemp(path.join(root, 'case-'));
    popupsDir = path.join(caseDir, 'popups');
    clientsDir = path.join(caseDir, 'clients');
    await mkdir(popupsDir);
    await mkdir(clientsDir);
  });

  const writeJson = (dir: string, file: string, value: unknown) =>
    writeFile(path.join(dir, file), JSON.stringify(value));

  it('upserts clients and pop-ups, keeping the configuration as JSON', async () => {
    await writeJson(clientsDir, 'acme.json', {
      client_id: 'acme',
      name: 'Acme',
      allowed_origins: ['https://acme.example', 'http://localhost:3000/'],
      max_views: 100,
    });
    await writeJson(popupsDir, 'welcome.json', popupFile());
    const { log, errors } = recordingLogger();
    const report = await loadConfigFiles(test.configuration, { clientsDir, popupsDir }, log);

    assert.deepEqual(errors, []);
    assert.deepEqual(report, {
      clients: ['acme'],
      popups: ['aaaaaaaaaaaa1'],
      errors: [],
      retired: [],
      keptOwnerEdits: [],
      ownerTokenHashes: new Map(),
    });
    const client = await test.configuration.findClient('acme');
    assert.deepEqual(client?.allowed_origins, ['https://acme.example', 'http://localhost:3000']);
    assert.equal(client?.max_views, 100);
    const popup = await test.configuration.findPopup('aaaaaaaaaaaa1');
    assert.equal(popup?.client_id, 'acme');
    assert.equal(popup?.viewer_id, deriveViewerId('aaaaaaaaaaaa1'));
    assert.equal(popup?.config.client_id, undefined, 'client_id is a column, not part of the pop-up configuration');
    assert.deepEqual(popup?.config.design_properties, { poptin_design_thank_screen: 'yes' });

    await writeJson(popupsDir, 'welcome.json', popupFile({ poptin_name: 'Renamed' }));
    await loadConfigFiles(test.configuration, { popupsDir }, log);
    assert.equal((await test.configuration.findPopup('aaaaaaaaaaaa1'))?.config.poptin_name, 'Renamed');
  });

  it('retires a pop-up whose file was removed: no longer listed, but a broken file keeps its pop-up', async () => {
    await writeJson(popupsDir, 'welcome.json', popupFile());
    await writeJson(popupsDir, 'second.json', popupFile({ poptin_id: 'aaaaaaaaaaaa2' }));
    const { log } = recordingLogger();
    await loadConfigFiles(test.configuration, { popupsDir }, log);
    assert.deepEqual((await test.configuration.listClientPopups('acme')).map((popup) => popup.poptin_id).sort(), [
      'aaaaaaaaaaaa1',
      'aaaaaaaaaaaa2',
    ]);

    await rm(path.join(popupsDir, 'welcome.json'));
    await writeFile(path.join(popupsDir, 'second.json'), '{ not json');
    const report = await loadConfigFiles(test.configuration, { popupsDir }, log);
    assert.deepEqual(report.retired, ['aaaaaaaaaaaa1']);
    assert.deepEqual(
      (await test.configuration.listClientPopups('acme')).map((popup) => popup.poptin_id),
      ['aaaaaaaaaaaa2'],
    );
    assert.equal(await test.configuration.findActivePopup('aaaaaaaaaaaa1'), null);
    // Its history stays, and a lead posted late still finds it by viewer id.
    assert.equal(
      (await test.configuration.findPopupByViewerId(deriveViewerId('aaaaaaaaaaaa1')))?.poptin_id,
      'aaaaaaaaaaaa1',
    );

    await writeJson(popupsDir, 'welcome.json', popupFile());
    assert.deepEqual((await loadConfigFiles(test.configuration, { popupsDir }, log)).retired, []);
    assert.equal((await test.configuration.findActivePopup('aaaaaaaaaaaa1'))?.poptin_id, 'aaaaaaaaaaaa1');
  });

  it('writes nothing when started again on unchanged files, and still writes a changed file and retires a removed one', async () => {
    await writeJson(clientsDir, 'acme.json', {
      client_id: 'acme',
      name: 'Acme',
      allowed_origins: ['https://acme.example'],
    });
    await writeJson(popupsDir, 'welcome.json', popupFile());
    await writeJson(popupsDir, 'second.json', popupFile({ poptin_id: 'aaaaaaaaaaaa2' }));
    const { log, errors } = recordingLogger();
    const stored = () =>
      test.db.query<{ id: string; updated_at: string; revision: number | null; active: boolean }>(
        `SELECT poptin_id AS id, updated_at::text, revision, active FROM popups
         UNION ALL SELECT client_id, updated_at::text, NULL, true FROM clients
         UNION ALL SELECT poptin_id || ' revision ' || revision, saved_at::text, NULL, true FROM popup_revisions
         ORDER BY 1`,
      );
    const first = await loadConfigFiles(test.configuration, { clientsDir, popupsDir }, log);
    const afterFirst = await stored();

    const again = await loadConfigFiles(test.configuration, { clientsDir, popupsDir }, log);
    assert.deepEqual(again, first, 'the second start reports the same pop-ups and clients');
    assert.deepEqual(await stored(), afterFirst, 'the second start wrote nothing');

    await writeJson(popupsDir, 'welcome.json', popupFile({ poptin_name: 'Renamed' }));
    await rm(path.join(popupsDir, 'second.json'));
    const changed = await loadConfigFiles(test.configuration, { clientsDir, popupsDir }, log);
    assert.deepEqual(changed.popups, ['aaaaaaaaaaaa1']);
    assert.deepEqual(changed.retired, ['aaaaaaaaaaaa2']);
    const welcome = await test.configuration.findActivePopup('aaaaaaaaaaaa1');
    assert.equal(welcome?.config.poptin_name, 'Renamed');
    const [row] = (await stored()).filter((popup) => popup.id === 'aaaaaaaaaaaa1');
    assert.equal(row?.revision, 2, 'the changed file is a new revision');
    assert.equal(await test.configuration.findActivePopup('aaaaaaaaaaaa2'), null);
    assert.deepEqual(errors, []);
  });

  it('logs a broken file clearly and still loads the others', async () => {
    await writeFile(path.join(popupsDir, 'a-broken.json'), '{ "poptin_id": "bbbbbbbbbbbb1", ');
    await writeJson(popupsDir, 'b-short-id.json', popupFile({ poptin_id: 'short' }));
    await writeJson(popupsDir, 'c-bad-type.json', popupFile({ poptin_id: 'cccccccccccc1', poptin_type: 'banner' }));
    await writeJson(popupsDir, 'd-no-client.json', {
      ...popupFile({ poptin_id: 'dddddddddddd1' }),
      client_id: undefined,
    });
    await writeJson(popupsDir, 'e-good.json', popupFile({ poptin_id: 'eeeeeeeeeeee1' }));
    await writeJson(popupsDir, 'f-duplicate.json', popupFile({ poptin_id: 'eeeeeeeeeeee1' }));
    await writeJson(popupsDir, 'g-list.json', [popupFile({ poptin_id: 'gggggggggggg1' })]);
    const { log, errors } = recordingLogger();
    const report = await loadConfigFiles(test.configuration, { popupsDir }, log);

    assert.deepEqual(report.popups, ['eeeeeeeeeeee1']);
    const byFile = Object.fromEntries(report.errors.map((error) => [path.basename(error.file), error.message]));
    assert.match(byFile['a-broken.json']!, /^invalid JSON/);
    assert.match(byFile['b-short-id.json']!, /poptin_id must be exactly 13/);
    assert.match(byFile['c-bad-type.json']!, /unknown poptin_type "banner"/);
    assert.match(byFile['d-no-client.json']!, /client_id/);
    assert.match(byFile['f-duplicate.json']!, /already defined/);
    assert.match(byFile['g-list.json']!, /one JSON object/);
    assert.equal(errors.length, 6);
    assert.ok(
      errors.some((line) => line.includes('a-broken.json') && line.includes('invalid JSON')),
      errors.join('\n'),
    );
    assert.equal(await test.configuration.findPopup('cccccccccccc1'), null);
  });

  it('creates a client with no extra origins for a pop-up whose client has no file', async () => {
    await writeJson(popupsDir, 'orphan.json', popupFile({ client_id: 'newsite' }));
    await loadConfigFiles(test.configuration, { clientsDir, popupsDir }, recordingLogger().log);
    const client = await test.configuration.findClient('newsite');
    assert.deepEqual(client?.allowed_origins, []);
    assert.equal(client?.restricted, false);
  });

  it('refuses client files with malformed origins or limits', async () => {
    await writeJson(clientsDir, 'a.json', { client_id: 'a', allowed_origins: ['https://a.example/path'] });
    await writeJson(clientsDir, 'b.json', { client_id: 'b', max_views: -1 });
    await writeJson(clientsDir, 'c.json', { client_id: 'c d' });
    const report = await loadConfigFiles(test.configuration, { clientsDir }, recordingLogger().log);
    assert.deepEqual(report.clients, []);
    assert.deepEqual(
      report.errors.map((error) => error.message),
      [
        'allowed origin "https://a.example/path" must be scheme://host[:port] only, e.g. "https://a.example"',
        'max_views must be a whole number >= 0, or null for no limit',
        'client_id must be 1-64 letters, digits, "_" or "-"',
      ],
    );
  });

  it('reads the SHA-256 of a client’s own owner token, and refuses a token stored as it is', async () => {
    const hash = 'AB'.repeat(32);
    await writeJson(clientsDir, 'a.json', { client_id: 'acme', owner_token_sha256: hash });
    await writeJson(clientsDir, 'b.json', { client_id: 'globex' });
    await writeJson(clientsDir, 'c.json', { client_id: 'initech', owner_token_sha256: 'abc' });
    await writeJson(clientsDir, 'd.json', { client_id: 'hooli', owner_token: 'plain-text-token' });
    const report = await loadConfigFiles(test.configuration, { clientsDir }, recordingLogger().log);
    assert.deepEqual(report.clients, ['acme', 'globex']);
    assert.deepEqual(report.ownerTokenHashes, new Map([['acme', 'ab'.repeat(32)]]));
    assert.deepEqual(
      report.errors.map((error) => error.message),
      [
        'owner_token_sha256 must be 64 hexadecimal characters (the SHA-256 of the token)',
        'owner_token must not be stored in a file: put its SHA-256 in owner_token_sha256 instead',
      ],
    );
    assert.equal(await test.configuration.findClient('hooli'), null);
  });

  it('loads the shipped examples without errors', async () => {
    const examples = path.join(import.meta.dirname, '..', '..', 'examples');
    const report = await loadConfigFiles(
      test.configuration,
      { clientsDir: path.join(examples, 'clients'), popupsDir: path.join(examples, 'popups') },
      recordingLogger().log,
    );
    assert.deepEqual(report.errors, []);
    assert.ok(report.popups.includes('demolightbox1'));
    const demo = await test.configuration.findPopup('demolightbox1');
    assert.equal(demo?.client_id, 'demo');
    assert.equal(demo?.config.poptin_type, 'lightbox');
    assert.equal(demo?.config.display_after_sec_active, '3');
    const html = String(demo?.config.poptin);
    for (const part of [
      'data-poptin-screen="form"',
      'type="email" name="Email"',
      '<label',
      'type="submit"',
      'data-poptin-screen="thank-you" hidden',
    ]) {
      assert.ok(html.includes(part), `demo template lacks ${part}`);
    }
    assert.deepEqual((await test.configuration.findClient('demo'))?.allowed_origins, [
      'http://localhost:8787',
      'http://127.0.0.1:8787',
    ]);
  });
});
