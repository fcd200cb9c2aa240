// `node --import tsx scripts/durability-cost.ts`: what flushing PGlite's data folder before each lead is
// acknowledged costs, per lead, one at a time and 16 at once, against the same store with the flush skipped.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseClientFile, parsePopupFile } from '../server/configuration/config-loader.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { openPGlite } from '../server/db/pglite.ts';
import { openRepositories } from '../server/repositories.ts';

const LEADS = Number(process.env.LEADS ?? 300);
const readFixture = async (file: string) =>
  JSON.parse(await readFile(path.join(import.meta.dirname, 'bench/fixtures', file), 'utf8'));

async function measure(label: string, durable: boolean): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-durability-'));
  const db = await openPGlite(dataDir, durable ? {} : { syncDirectory: async () => undefined });
  try {
    await runMigrations(db);
    const store = openRepositories(db);
    await store.configuration.upsertClient(parseClientFile(await readFixture('clients/bench-lightbox.json')));
    const popup = parsePopupFile(await readFixture('popups/benchlightbox.json'));
    await store.configuration.upsertPopup({ ...popup, source_file: null });
    let key = 0;
    const lead = () =>
      store.leads.recordConversion({
        idempotency_key: `${label}-${key++}`,
        poptin_id: popup.poptin_id,
        client_id: popup.client_id,
        viewer_id: popup.viewer_id,
        email: 'lead@acme.example',
        phone: null,
        name: null,
        url: null,
        poptin_view_id: null,
        fields: { Email: 'lead@acme.example' },
        payload_sha256: String(key),
        visitor_id: null,
        spam_reason: null,
      });
    let started = performance.now();
    for (let i = 0; i < LEADS; i++) await lead();
    const sequential = (performance.now() - started) / LEADS;
    started = performance.now();
    for (let batch = 0; batch < LEADS / 16; batch++) await Promise.all(Array.from({ length: 16 }, lead));
    const concurrent = (performance.now() - started) / (Math.floor(LEADS / 16) * 16);
    console.log(
      `${label.padEnd(22)} one at a time ${sequential.toFixed(2)} ms/lead   16 at once ${concurrent.toFixed(2)} ms/lead`,
    );
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`PGlite, ${LEADS} leads each way, data folder on ${os.tmpdir()}`);
await measure('flush skipped', false);
await measure('flushed (default)', true);
