import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConvertedVisitors } from '../leads/converted-visitors.ts';
import {
  ALL_CLIENTS,
  ConfigCache,
  forgetConfig,
  MAX_CACHED_CLIENTS,
  PopupsByViewer,
  registerConfigCache,
} from './config-cache.ts';
import type { ClientConfig, PopupRecord } from './repository.ts';

const config = (name: string): ClientConfig => ({ client: { client_id: name } as ClientConfig['client'], popups: [] });

function counting(now: () => number = Date.now) {
  const loads: string[] = [];
  const cache = new ConfigCache(
    async (clientId) => {
      loads.push(clientId);
      return config(clientId);
    },
    1_000,
    now,
  );
  return { cache, loads };
}

describe('the display configuration cache', () => {
  it('loads a client once, sharing one load between concurrent callers, until it expires', async () => {
    let now = 0;
    const { cache, loads } = counting(() => now);
    await Promise.all([cache.get('acme'), cache.get('acme'), cache.get('acme')]);
    await cache.get('acme');
    assert.deepEqual(loads, ['acme']);
    now = 999;
    await cache.get('acme');
    assert.equal(loads.length, 1);
    now = 1_000;
    await cache.get('acme');
    assert.deepEqual(loads, ['acme', 'acme']);
  });

  it('forgets one client or all of them', async () => {
    const { cache, loads } = counting();
    await cache.get('a');
    await cache.get('b');
    cache.forget('a');
    await cache.get('a');
    await cache.get('b');
    assert.deepEqual(loads, ['a', 'b', 'a']);
    cache.forget(ALL_CLIENTS);
    assert.equal(cache.size, 0);
  });

  it('keeps no failed load', async () => {
    let fail = true;
    const cache = new ConfigCache(async (clientId) => {
      if (fail) throw new Error('database down');
      return config(clientId);
    });
    await assert.rejects(cache.get('acme'), /database down/);
    fail = false;
    assert.equal((await cache.get('acme')).client?.client_id, 'acme');
  });

  it('holds at most MAX_CACHED_CLIENTS clients, made-up ids included', async () => {
    const { cache } = counting();
    for (let i = 0; i < MAX_CACHED_CLIENTS + 50; i++) await cache.get(`made-up-${i}`);
    assert.equal(cache.size, MAX_CACHED_CLIENTS);
  });

  it('a change through one store is forgotten by every cache of this process on that database', async () => {
    const database = {};
    const first = counting();
    const second = counting();
    const elsewhere = counting();
    registerConfigCache(database, first.cache);
    registerConfigCache(database, second.cache);
    registerConfigCache({}, elsewhere.cache);
    for (const { cache } of [first, second, elsewhere]) await cache.get('acme');
    forgetConfig(database, 'acme');
    for (const { cache } of [first, second, elsewhere]) await cache.get('acme');
    assert.deepEqual([first.loads.length, second.loads.length, elsewhere.loads.length], [2, 2, 1]);
  });
});

describe('the converted visitors of a client', () => {
  it('asks the database once per client, then knows new conversions without asking again', async () => {
    const loads: string[] = [];
    const converted = new ConvertedVisitors(async (clientId) => {
      loads.push(clientId);
      return ['v1'];
    });
    assert.equal(await converted.mayHaveConverted('acme', 'v1'), true);
    assert.equal(await converted.mayHaveConverted('acme', 'v2'), false);
    await converted.add('acme', 'v2');
    assert.equal(await converted.mayHaveConverted('acme', 'v2'), true);
    assert.deepEqual(loads, ['acme']);
    converted.forget();
    await converted.mayHaveConverted('acme', 'v3');
    assert.deepEqual(loads, ['acme', 'acme']);
  });

  it('answers "maybe" for every visitor of a client with too many to remember', async () => {
    const converted = new ConvertedVisitors(async (_clientId, limit) =>
      Array.from({ length: limit }, (_, i) => `v${i}`),
    );
    assert.equal(await converted.mayHaveConverted('big', 'never-seen'), true);
  });
});

describe('pop-ups by viewer id', () => {
  it('are kept until any change of configuration in this process, whichever client it names', async () => {
    const loads: string[] = [];
    const database = {};
    const viewers = new PopupsByViewer(async (viewerId) => {
      loads.push(viewerId);
      return { poptin_id: `popup-of-${viewerId}`, client_id: 'acme' } as PopupRecord;
    });
    registerConfigCache(database, viewers);
    await viewers.get('v1');
    await viewers.get('v1');
    assert.deepEqual(loads, ['v1']);
    forgetConfig(database, 'another-client');
    await viewers.get('v1');
    assert.deepEqual(loads, ['v1', 'v1'], 'a pop-up may have moved between clients: every viewer id is read again');
  });
});
