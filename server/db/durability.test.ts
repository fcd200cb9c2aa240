import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../app.ts';
import { ConfigurationRepository } from '../configuration/repository.ts';
import { blankDataDir, openSeededPGlite } from '../test-support/database.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';
import { folderSyncer, groupCommits, syncFileSystemOf } from './disk-sync.ts';
import { runMigrations } from './migrate.ts';
import { openPGlite } from './pglite.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('group commit', () => {
  it('a caller is served by a flush that started after it called; callers during a flush share the next one', async () => {
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    const flush = groupCommits(() => {
      started.push(started.length);
      return new Promise<void>((resolve) => finishers.push(resolve));
    });
    const first = flush();
    const second = flush();
    const third = flush();
    assert.equal(started.length, 1, 'one flush runs; the callers after it wait for the next');
    let secondDone = false;
    void second.then(() => (secondDone = true));
    finishers[0]!();
    await first;
    await later(0);
    assert.equal(started.length, 2, 'the next flush starts once the running one ends');
    assert.equal(secondDone, false, 'the first flush may have missed what the second caller committed');
    finishers[1]!();
    await Promise.all([second, third]);
    assert.equal(started.length, 2, 'the two waiting callers shared one flush');
  });

  it('a failed flush fails its own callers only; the next round flushes again', async () => {
    let calls = 0;
    const flush = groupCommits(async () => {
      calls++;
      if (calls === 1) throw new Error('disk gone');
    });
    await assert.rejects(flush(), /disk gone/);
    await flush();
    assert.equal(calls, 2);
  });
});

describe('syncFileSystemOf', () => {
  it('flushes a real folder with sync --file-system, and by fsync of every file where that command is missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poptin-sync-'));
    try {
      await writeFile(path.join(dir, 'a'), 'lead');
      await syncFileSystemOf(dir);
      await syncFileSystemOf(dir, 'no-such-sync-command');
      await assert.rejects(
        syncFileSystemOf(path.join(dir, 'missing'), 'no-such-sync-command'),
        /could not flush .*missing to disk/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folderSyncer', () => {
  it('flushes a folder again and again through one shell, falls back to fsync without the command, and fails for a folder that is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poptin-syncer-'));
    const syncer = folderSyncer(dir);
    const withoutCommand = folderSyncer(dir, 'no-such-sync-command');
    const gone = folderSyncer(path.join(dir, 'missing'));
    const goneWithoutCommand = folderSyncer(path.join(dir, 'missing'), 'no-such-sync-command');
    try {
      for (let round = 0; round < 3; round++) {
        await writeFile(path.join(dir, `lead-${round}`), 'lead');
        await Promise.all([syncer.sync(), withoutCommand.sync()]);
      }
      await assert.rejects(gone.sync(), /could not flush .*missing to disk: sync --file-system exited with 1/);
      await assert.rejects(goneWithoutCommand.sync(), /could not flush .*missing to disk/);
      await syncer.sync();
    } finally {
      for (const each of [syncer, withoutCommand, gone, goneWithoutCommand]) each.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite acknowledges a lead only once it is flushed to disk', () => {
  it('the conversion answer waits for a flush of the data folder that began after the lead was stored', async () => {
    const events: string[] = [];
    const { db, popup, dispose } = await openSeededPGlite(async () => {
      events.push('flush started');
      await later(150);
      events.push('flush done');
    });
    try {
      const app = await buildApp({ db, ownerToken: OWNER_TOKEN, rateLimit: false });
      events.length = 0;
      const response = await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: { idempotency_key: 'durable-1', email: 'a@acme.example' },
      });
      events.push(`answered ${response.statusCode}`);
      const retry = await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: { idempotency_key: 'durable-1', email: 'a@acme.example' },
      });
      events.push(`answered ${retry.statusCode}`);
      await app.close();
      assert.deepEqual(events, [
        'flush started',
        'flush done',
        'answered 200',
        'flush started',
        'flush done',
        'answered 200',
      ]);
    } finally {
      await dispose();
    }
  });
});

describe('PGlite flushes other writes in the background', () => {
  it('a view recorded without any lead reaches the disk within about a second', async () => {
    const dataDir = await blankDataDir();
    let flushes = 0;
    const db = await openPGlite(dataDir, {
      syncDirectory: async () => {
        flushes++;
      },
    });
    try {
      await runMigrations(db);
      await later(1200);
      const before = flushes;
      await new ConfigurationRepository(db).ensureClient('acme');
      await later(1200);
      assert.equal(flushes, before + 1, 'one background flush after the write');
      await later(1200);
      assert.equal(flushes, before + 1, 'nothing new written, nothing flushed');
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
