// The delivery fault rig: leads sent to two server processes on one PostgreSQL while the fake vendors fail a
// seeded 30 % of calls (500s, 429 with Retry-After, reset connections, 10 s stalls) and each process is killed
// with SIGKILL and started again mid-run. Afterwards every lead has reached every destination, each applied once
// by its idempotency key (webhook-id, Klaviyo's list and e-mail, HubSpot's e-mail); the figures are printed.
// Replay with DELIVERY_RIG_SEED=<seed>; DELIVERY_RIG_LEADS changes the count. It prints the delivery throughput and
// the time from lead to delivery; with DELIVERY_RIG_FAILURE_RATE=0 DELIVERY_RIG_KILLS=0 it is the benchmark of
// healthy vendors.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startPostgres } from '../../scripts/postgres.mjs';
import { seededRandom } from '../../src/core/random.ts';
import { ConfigurationRepository } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { ownPostgresDatabase } from '../test-support/database.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';
import { DeliveryStore } from './delivery-store.ts';
import { readDeliveryKey, SecretBox } from './secrets.ts';
import { eventually } from './test-receiver.ts';
import { FAKE_KEYS, type Failure, type FakeVendors, startFakeVendors } from './test-vendors.ts';
import { newWebhookSecret } from './webhook.ts';

const SEED = Number(process.env.DELIVERY_RIG_SEED ?? 20_261_125);
const LEADS = Number(process.env.DELIVERY_RIG_LEADS ?? 1000);
const FAILURE_RATE = Number(process.env.DELIVERY_RIG_FAILURE_RATE ?? 0.3);
/** DELIVERY_RIG_KILLS=0 with DELIVERY_RIG_FAILURE_RATE=0: the benchmark of healthy vendors. */
const KILLS = Number(process.env.DELIVERY_RIG_KILLS ?? 2);
/** Every delivery is done within this of the last lead's acknowledgement. */
const DRAIN_BOUND_MS = Number(process.env.DELIVERY_RIG_DRAIN_BOUND_MS ?? 60_000);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface RigProcess {
  port: number;
  child: ChildProcess;
}

function startRigProcess(env: NodeJS.ProcessEnv): Promise<RigProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/delivery/fault-rig-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const port = /listening (\d+)/.exec(log)?.[1];
      if (port) resolve({ port: Number(port), child });
    });
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`rig process exited with ${code}:\n${log}`)));
  });
}

function killHard(rig: RigProcess): Promise<void> {
  if (rig.child.exitCode !== null || rig.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => rig.child.once('exit', () => resolve()));
  rig.child.kill('SIGKILL');
  return exited;
}

/**
 * The seeded faults: 30 % of calls fail, mostly quick ones, some 429s with Retry-After, a few 10 s stalls (the
 * senders give up after the rig's 1 s time limit). Each delivery waits out its own failures: the others go on.
 */
function faultsFrom(random: () => number): (vendor: string) => Failure | null {
  return () => {
    if (random() >= FAILURE_RATE) return null;
    const kind = random();
    if (kind < 0.48) return { status: 500 };
    if (kind < 0.96) return { reset: true };
    if (kind < 0.99) return { status: 429, headers: { 'retry-after': '1' } };
    return { stallMs: 10_000 };
  };
}

describe('delivery fault rig: vendors fail 30 % of calls, server processes are killed', () => {
  let stopPostgres: (() => unknown) | null = null;
  let db: Database;
  let vendors: FakeVendors;
  const processes: RigProcess[] = [];

  before(async () => {
    // A database of its own on the PostgreSQL of the storage pass (scripts/test-postgres.mjs, which runs other test
    // files beside this one) when there is one, else a throwaway PostgreSQL.
    const given = process.env.TEST_DATABASE_URL;
    const { server, reason } = given
      ? await ownPostgresDatabase(given).then((own) => ({ server: { url: own.url, stop: own.drop }, reason: '' }))
      : await startPostgres();
    if (!server) throw new Error(`The fault rig needs PostgreSQL (Debian package postgresql): ${reason}`);
    stopPostgres = () => server.stop();
    db = await openPostgres(server.url);
    await runMigrations(db);
    vendors = await startFakeVendors();
    const key = randomBytes(32).toString('base64');
    const box = new SecretBox(async () => readDeliveryKey(key));
    const configuration = new ConfigurationRepository(db);
    await seedClient(configuration, { client_id: 'acme' });
    await seedPopup(configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
    const destinations = new DeliveryStore(db);
    const origin = new URL(vendors.bases.hubspot).origin;
    await destinations.createDestination(
      'acme',
      { kind: 'webhook', name: 'hook', enabled: true, settings: { url: `${origin}/webhook` }, fieldMap: {} },
      await box.seal(newWebhookSecret()),
    );
    await destinations.createDestination(
      'acme',
      { kind: 'klaviyo', name: 'klaviyo', enabled: true, settings: { listId: 'L1' }, fieldMap: {} },
      await box.seal(FAKE_KEYS.klaviyo),
    );
    await destinations.createDestination(
      'acme',
      { kind: 'hubspot', name: 'hubspot', enabled: true, settings: {}, fieldMap: {} },
      await box.seal(FAKE_KEYS.hubspot),
    );
    const env = { RIG_DATABASE_URL: server.url, DELIVERY_KEY: key, RIG_VENDOR_BASES: JSON.stringify(vendors.bases) };
    processes.push(...(await Promise.all([startRigProcess(env), startRigProcess(env)])));
    (processes as RigProcess[] & { env?: typeof env }).env = env;
  });
  after(async () => {
    await Promise.all(processes.map(killHard));
    await vendors?.close();
    await db?.close();
    await stopPostgres?.();
  });

  it(`${LEADS} leads to 3 destinations: each delivered once by its idempotency key (seed ${SEED})`, async (t) => {
    const env = (processes as RigProcess[] & { env?: NodeJS.ProcessEnv }).env!;
    const random = seededRandom(SEED);
    const fault = faultsFrom(random);
    vendors.fail = (vendor) => fault(vendor);
    const started = Date.now();
    const emails = Array.from({ length: LEADS }, (_, index) => `lead${index}@rig.example`);
    let acknowledged = 0;
    let leadRetries = 0;
    const viewerId = (
      await db.query<{ viewer_id: string }>("SELECT viewer_id FROM popups WHERE poptin_id = 'acmepopup0001'")
    )[0]!.viewer_id;

    const submit = async (index: number) => {
      for (let attempt = 0; ; attempt++) {
        const target = processes[(index + attempt) % processes.length]!;
        try {
          const response = await fetch(`http://127.0.0.1:${target.port}/api/display/conversion/${viewerId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: emails[index],
              idempotency_key: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            }),
          });
          if (response.ok) {
            acknowledged += 1;
            return;
          }
        } catch {
          /* the process was killed: the lead goes to the other one, under the same key */
        }
        leadRetries += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Each process is killed with SIGKILL once, a third and two thirds of the way, and started again on a new port.
    const killAt = new Set(
      Array.from({ length: KILLS }, (_, index) => Math.floor(((index + 1) * LEADS) / (KILLS + 1))),
    );
    let next = 0;
    let kills = 0;
    const sender = async () => {
      while (next < LEADS) {
        const index = next++;
        if (killAt.has(index)) {
          const victim = kills++ % processes.length;
          await killHard(processes[victim]!);
          processes[victim] = await startRigProcess(env);
        }
        await submit(index);
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    const submittedMs = Date.now() - started;

    await eventually(
      'every delivery finished',
      async () => {
        const [row] = await db.query<{ open: number }>(
          "SELECT count(*)::int AS open FROM deliveries WHERE status = 'pending'",
        );
        return row!.open === 0;
      },
      DRAIN_BOUND_MS,
    );
    const totalMs = Date.now() - started;

    const [counts] = await db.query<{ delivered: number; failed: number; retried: number; leads: number }>(
      `SELECT (SELECT count(*)::int FROM deliveries WHERE status = 'delivered') AS delivered, (SELECT count(*)::int FROM deliveries WHERE status = 'failed') AS failed,
         (SELECT count(*)::int FROM delivery_attempts WHERE outcome = 'retry') AS retried, (SELECT count(*)::int FROM conversions) AS leads`,
    );
    const applied = {
      webhook: [...vendors.webhook.values()],
      klaviyo: [...vendors.klaviyo.values()].map((entry) => ({ email: entry.email, times: entry.jobs })),
      hubspot: [...vendors.hubspot.entries()].map(([email, entry]) => ({ email, times: entry.upserts })),
    };
    const [timing] = await db.query<{ p50: number; p99: number; seconds: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99,
         EXTRACT(EPOCH FROM max(finished_at) - min(created_at)) AS seconds
       FROM (SELECT d.finished_at, d.created_at, EXTRACT(EPOCH FROM d.finished_at - c.created_at) * 1000 AS lag FROM deliveries d JOIN conversions c ON c.id = d.conversion_id) timed`,
    );
    const duplicates = Object.fromEntries(
      Object.entries(applied).map(([name, entries]) => [
        name,
        entries.reduce((sum, entry) => sum + entry.times - 1, 0),
      ]),
    );
    t.diagnostic(
      `seed ${SEED}: ${LEADS} leads (${acknowledged} acknowledged, ${leadRetries} lead posts retried), ${kills} processes killed; ` +
        `deliveries: ${counts!.delivered} delivered, ${counts!.retried} tries retried, ${counts!.failed} failed; ` +
        `requests applied twice (same key, sent again after a stall or a kill): ${JSON.stringify(duplicates)}; ` +
        `leads in ${(submittedMs / 1000).toFixed(1)} s, all delivered after ${(totalMs / 1000).toFixed(1)} s ` +
        `(${((totalMs - submittedMs) / 1000).toFixed(1)} s after the last lead; bound ${DRAIN_BOUND_MS / 1000} s); ` +
        `${Math.round(counts!.delivered / Number(timing!.seconds))} deliveries/s, lead to delivery p50 ${Math.round(Number(timing!.p50))} ms, p99 ${Math.round(Number(timing!.p99))} ms`,
    );
    assert.equal(counts!.leads, LEADS);
    assert.equal(counts!.failed, 0);
    assert.equal(counts!.delivered, LEADS * 3);
    for (const [name, entries] of Object.entries(applied)) {
      assert.deepEqual(
        entries.map((entry) => entry.email).sort(),
        [...emails].sort(),
        `${name}: every lead once by its key`,
      );
    }
  });
});
