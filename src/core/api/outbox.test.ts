import { expect } from '@open-wc/testing';
import { HttpError, isRetryable } from './http.ts';
import { backoffDelay, Outbox, RETRY_CAP_MS, retryAfterMs } from './outbox.ts';
import { IndexedDbOutboxStore, LocalStorageOutboxStore, MemoryOutboxStore, openOutboxStore } from './outbox-store.ts';

const answer = (status: number, body: unknown = { success: true }, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A scripted fetch for the retry policy: each call takes the next answer (a Response or a thrown error). */
function scriptedFetch(script: (Response | Error)[]) {
  const calls: { url: string; body: string }[] = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, body: String(init?.body ?? '') });
    const next = script.shift();
    if (!next) throw new Error('no more answers scripted');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('lead outbox', () => {
  describe('retry policy (design §5)', () => {
    it('retries 5xx, 408, 429 and network errors; not other 4xx', () => {
      expect(isRetryable(new HttpError(503, null, ''))).to.equal(true);
      expect(isRetryable(new HttpError(500, null, ''))).to.equal(true);
      expect(isRetryable(new HttpError(408, null, ''))).to.equal(true);
      expect(isRetryable(new HttpError(429, '1', ''))).to.equal(true);
      expect(isRetryable(new TypeError('Failed to fetch'))).to.equal(true);
      expect(isRetryable(new HttpError(400, null, ''))).to.equal(false);
      expect(isRetryable(new HttpError(404, null, ''))).to.equal(false);
    });

    it('backs off exponentially with jitter, capped, and never sooner than Retry-After', () => {
      expect(backoffDelay(1, () => 0)).to.equal(500);
      expect(backoffDelay(1, () => 1)).to.equal(1000);
      expect(backoffDelay(3, () => 1)).to.equal(4000);
      expect(backoffDelay(30, () => 1)).to.equal(RETRY_CAP_MS);
      expect(backoffDelay(1, () => 0, 7000)).to.equal(7000);
    });
  });

  describe('delivery', () => {
    it('persists the lead with its idempotency key before sending, and removes it once the server confirms', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([answer(200, { success: true, conversion_id: 7 })]);
      const delivered: unknown[] = [];
      const outbox = new Outbox({ store, fetchImpl: impl, onDelivered: (_entry, body) => delivered.push(body) });
      const key = await outbox.add('http://server.test/api/display/conversion/v1', { email: 'a@example.com' });
      await outbox.flush();
      expect(calls).to.have.length(1);
      expect(new URLSearchParams(calls[0].body).get('idempotency_key')).to.equal(key);
      expect(await store.all()).to.deep.equal([]);
      expect(delivered).to.deep.equal([{ success: true, conversion_id: 7 }]);
      outbox.dispose();
    });

    it('keeps a lead the server could not take, with the next attempt scheduled after the backoff', async () => {
      const store = new MemoryOutboxStore();
      let now = 1_000_000;
      const { impl } = scriptedFetch([answer(503), new TypeError('Failed to fetch')]);
      const outbox = new Outbox({ store, fetchImpl: impl, now: () => now, random: () => 1 });
      await outbox.add('http://server.test/c', { email: 'b@example.com' });
      await outbox.flush();
      let [entry] = await store.all();
      expect(entry.attempts).to.equal(1);
      expect(entry.nextAttemptAt).to.equal(now + 1000);
      await outbox.flush();
      expect((await store.all())[0].attempts).to.equal(1, 'not retried before it is due');
      now += 1000;
      await outbox.flush();
      [entry] = await store.all();
      expect(entry.attempts).to.equal(2);
      expect(entry.nextAttemptAt).to.equal(now + 2000);
      outbox.dispose();
    });

    it('reads Retry-After in seconds or as an HTTP date, and ignores what it cannot read', () => {
      const now = Date.parse('Tue, 24 Nov 2026 10:00:00 GMT');
      expect(retryAfterMs('120', now)).to.equal(120_000);
      expect(retryAfterMs('Tue, 24 Nov 2026 10:00:30 GMT', now)).to.equal(30_000);
      expect(retryAfterMs('Tue, 24 Nov 2026 09:00:00 GMT', now)).to.equal(0, 'a date gone by asks no wait');
      expect(retryAfterMs('soon', now)).to.equal(null);
      expect(retryAfterMs(null, now)).to.equal(null);
    });

    it("waits as long as a busy server's Retry-After asks before the next attempt", async () => {
      const store = new MemoryOutboxStore();
      const now = 1_000_000;
      const { impl } = scriptedFetch([answer(503, { success: false }, { 'retry-after': '30' })]);
      const outbox = new Outbox({ store, fetchImpl: impl, now: () => now, random: () => 1 });
      await outbox.add('http://server.test/c', { email: 'e@example.com' });
      await outbox.flush();
      const [entry] = await store.all();
      expect(entry.attempts).to.equal(1);
      expect(entry.nextAttemptAt).to.equal(now + 30_000, 'not the 1 s backoff of a first failure');
      outbox.dispose();
    });

    it('flush({ now: true }) (page load, back online) sends a lead at once, whatever its backoff', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([answer(200)]);
      const outbox = new Outbox({ store, fetchImpl: impl, now: () => 1_000 });
      await store.put({
        key: 'k-backoff-1',
        url: 'http://server.test/c',
        fields: { idempotency_key: 'k-backoff-1' },
        attempts: 4,
        nextAttemptAt: 60_000,
        createdAt: 0,
      });
      await outbox.flush();
      expect(calls).to.have.length(0, 'not due yet');
      await outbox.flush({ now: true });
      expect(calls).to.have.length(1);
      expect(await store.all()).to.deep.equal([]);
      outbox.dispose();
    });

    it('keeps a lead the server refuses (400) in the dead-letter list with the reason, and never sends it again by itself', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([
        answer(400, { message: 'body/message must NOT have more than 8192 characters' }),
        answer(200),
      ]);
      const outbox = new Outbox({ store, fetchImpl: impl, now: () => 5_000 });
      const { key, firstAttempt } = await outbox.addAndTry('http://server.test/c', { email: 'c@example.com' });
      expect(await firstAttempt).to.equal('refused');
      await outbox.flush({ now: true });
      expect(calls).to.have.length(1, 'not retried: the same body would be refused again');
      expect(await outbox.pending()).to.deep.equal([]);
      const [dead] = await outbox.deadLetters();
      expect(dead.key).to.equal(key);
      expect(dead.fields.email).to.equal('c@example.com');
      expect(dead.refused).to.deep.include({ status: 400, at: 5_000 });
      expect(dead.refused!.reason).to.contain('body/message must NOT have more than 8192 characters');
      outbox.dispose();
    });

    it('a view the server refuses is dropped; the first attempt says how each entry went', async () => {
      const store = new MemoryOutboxStore();
      const { impl } = scriptedFetch([answer(404), answer(200), answer(503)]);
      const outbox = new Outbox({ store, fetchImpl: impl, random: () => 1 });
      expect(await (await outbox.addAndTry('http://server.test/v', { viewer_id: 'v1' }, 'view')).firstAttempt).to.equal(
        'refused',
      );
      expect(await (await outbox.addAndTry('http://server.test/c', { email: 'd@example.com' })).firstAttempt).to.equal(
        'delivered',
      );
      expect(await (await outbox.addAndTry('http://server.test/c', { email: 'e@example.com' })).firstAttempt).to.equal(
        'kept',
      );
      expect((await store.all()).map((entry) => entry.fields.email)).to.deep.equal(['e@example.com']);
      outbox.dispose();
    });

    it('concurrent flushes share one pass: a lead is sent once', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([answer(200)]);
      const outbox = new Outbox({ store, fetchImpl: impl });
      await store.put({
        key: 'k-123456789',
        url: 'http://server.test/c',
        fields: { idempotency_key: 'k-123456789' },
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
      });
      await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
      expect(calls).to.have.length(1);
      outbox.dispose();
    });

    it('a new entry goes out at once, even while another call is stalled, and each entry is sent once', async () => {
      const store = new MemoryOutboxStore();
      const calls: string[] = [];
      let releaseStalled: (response: Response) => void = () => undefined;
      const impl = (async (url: string) => {
        calls.push(url);
        if (url.endsWith('/stalled')) return new Promise<Response>((resolve) => (releaseStalled = resolve));
        return answer(200, { success: true, poptin_view_id: 41 });
      }) as unknown as typeof fetch;
      const delivered: [string | undefined, unknown][] = [];
      const outbox = new Outbox({
        store,
        fetchImpl: impl,
        onDelivered: (entry, body) => delivered.push([entry.kind, body]),
      });
      await outbox.add('http://server.test/stalled', { email: 'a@example.com' });
      const flushing = outbox.flush({ now: true });
      await outbox.add('http://server.test/api/display/viewed/p1', { viewer_id: 'v1' }, 'view');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(delivered).to.deep.equal(
        [['view', { success: true, poptin_view_id: 41 }]],
        'the view did not wait for the stalled lead',
      );
      releaseStalled(answer(200, { success: true }));
      await flushing;
      await outbox.flush();
      expect(calls.filter((url) => url.endsWith('/stalled'))).to.have.length(
        1,
        'the stalled lead was sent once, not again by the flush',
      );
      expect(delivered.map(([kind]) => kind)).to.deep.equal(['view', 'lead']);
      expect(await store.all()).to.deep.equal([]);
      outbox.dispose();
    });

    it('on pagehide hands every pending lead to sendBeacon, form-encoded, and keeps it until confirmed', async () => {
      const store = new MemoryOutboxStore();
      await store.put({
        key: 'k-beacon-1',
        url: 'http://server.test/c',
        fields: { email: 'd@example.com', idempotency_key: 'k-beacon-1' },
        attempts: 1,
        nextAttemptAt: 0,
        createdAt: 0,
      });
      const beacons: [string, string][] = [];
      const outbox = new Outbox({ store, sendBeacon: (url, body) => (beacons.push([url, body.toString()]), true) });
      outbox.flushOnUnload();
      await new Promise((resolve) => setTimeout(resolve));
      expect(beacons).to.deep.equal([['http://server.test/c', 'email=d%40example.com&idempotency_key=k-beacon-1']]);
      expect(await store.all()).to.have.length(1);
      outbox.dispose();
    });
  });

  describe('a lead whose proof of work is still being found (a site that takes leads only with one)', () => {
    it('is kept at once without it, left out of the beacons meanwhile, and sent with it once found', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([answer(200)]);
      const beacons: string[] = [];
      const outbox = new Outbox({ store, fetchImpl: impl, sendBeacon: (url) => beacons.push(url) > 0 });
      let found!: (proof: string) => void;
      const proof = new Promise<string>((resolve) => (found = resolve));
      const { key, firstAttempt } = await outbox.addAndTry('http://server.test/c', { email: 'e@example.com' }, 'lead', {
        poptinId: 'pop-1',
        proof,
      });
      expect((await store.all()).map((entry) => [entry.key, entry.proofFor])).to.deep.equal([[key, 'pop-1']]);
      outbox.flushOnUnload();
      await new Promise((resolve) => setTimeout(resolve));
      expect(beacons).to.deep.equal([], 'a lead without its proof would only be refused');
      expect(calls).to.deep.equal([]);

      found('the-proof');
      expect(await firstAttempt).to.equal('delivered');
      expect(new URLSearchParams(calls[0]!.body).get('proof_of_work')).to.equal('the-proof');
      expect(await store.all()).to.deep.equal([]);
      outbox.dispose();
    });

    it('left by an earlier page, it is proved before it is sent; a proof that could not be had is asked again', async () => {
      const store = new MemoryOutboxStore();
      await store.put({
        key: 'k-unproven',
        kind: 'lead',
        url: 'http://server.test/c',
        fields: { email: 'f@example.com', idempotency_key: 'k-unproven' },
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
        proofFor: 'pop-2',
      });
      const { impl, calls } = scriptedFetch([answer(200)]);
      const asked: string[] = [];
      const proofs = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve('second-proof')];
      const outbox = new Outbox({
        store,
        fetchImpl: impl,
        random: () => 0,
        prove: (poptinId) => {
          asked.push(poptinId);
          return proofs.shift()!;
        },
      });
      await outbox.flush({ now: true });
      expect(asked).to.deep.equal(['pop-2']);
      expect(calls).to.deep.equal([], 'not sent without its proof');
      const [kept] = await store.all();
      expect([kept!.proofFor, kept!.attempts]).to.deep.equal(['pop-2', 1]);

      await outbox.flush({ now: true });
      expect(asked).to.deep.equal(['pop-2', 'pop-2']);
      expect(new URLSearchParams(calls[0]!.body).get('proof_of_work')).to.equal('second-proof');
      expect(await store.all()).to.deep.equal([]);
      outbox.dispose();
    });
  });

  describe('a lead of a pop-up placed by hand, kept before its pop-up is looked up', () => {
    const located = { url: 'http://server.test/conversion/viewer-7', target: 'everyone' };

    it('is kept at once without its address, left out of the beacons meanwhile, and sent there once known', async () => {
      const store = new MemoryOutboxStore();
      const { impl, calls } = scriptedFetch([answer(200)]);
      const beacons: string[] = [];
      const outbox = new Outbox({ store, fetchImpl: impl, sendBeacon: (url) => beacons.push(url) > 0 });
      let found!: (address: typeof located) => void;
      const address = new Promise<typeof located>((resolve) => (found = resolve));
      const { key, firstAttempt } = await outbox.addAndTry('', { email: 'h@example.com', p_target: '' }, 'lead', {
        poptinId: 'placed1',
        address,
      });
      expect((await store.all()).map((entry) => [entry.key, entry.addressFor])).to.deep.equal([[key, 'placed1']]);
      outbox.flushOnUnload();
      await new Promise((resolve) => setTimeout(resolve));
      expect(beacons).to.deep.equal([], 'nowhere to send it yet');
      expect(calls).to.deep.equal([]);

      found(located);
      expect(await firstAttempt).to.equal('delivered');
      expect(calls[0]!.url).to.equal(located.url);
      const body = new URLSearchParams(calls[0]!.body);
      expect([body.get('email'), body.get('p_target'), body.get('idempotency_key')]).to.deep.equal([
        'h@example.com',
        'everyone',
        key,
      ]);
      expect(await store.all()).to.deep.equal([]);
      outbox.dispose();
    });

    it('left by an earlier page, it is looked up and sent; an unanswered look-up is asked again, an unknown pop-up refuses it', async () => {
      const store = new MemoryOutboxStore();
      const left = (key: string, poptinId: string) =>
        store.put({
          key,
          kind: 'lead',
          url: '',
          fields: { email: `${key}@example.com`, idempotency_key: key, poptin_id: poptinId },
          attempts: 0,
          nextAttemptAt: 0,
          createdAt: 0,
          addressFor: poptinId,
        });
      await left('k-placed', 'placed2');
      const { impl, calls } = scriptedFetch([answer(200)]);
      const asked: string[] = [];
      const lookUps = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve(located)];
      const outbox = new Outbox({
        store,
        fetchImpl: impl,
        random: () => 0,
        locate: (poptinId) => {
          asked.push(poptinId);
          return poptinId === 'gone1' ? Promise.reject(new HttpError(404, null, 'Not Found')) : lookUps.shift()!;
        },
      });
      await outbox.flush({ now: true });
      expect(asked).to.deep.equal(['placed2']);
      expect(calls).to.deep.equal([], 'not sent without its address');
      const [kept] = await store.all();
      expect([kept!.addressFor, kept!.attempts]).to.deep.equal(['placed2', 1]);

      await outbox.flush({ now: true });
      expect(asked).to.deep.equal(['placed2', 'placed2']);
      expect(calls.map((call) => call.url)).to.deep.equal([located.url]);
      expect(await store.all()).to.deep.equal([]);

      await left('k-gone', 'gone1');
      await outbox.flush({ now: true });
      const dead = await outbox.deadLetters();
      expect(dead.map((entry) => [entry.key, entry.refused?.status])).to.deep.equal([['k-gone', 404]]);
      expect(calls).to.have.length(1, 'a lead of a pop-up the server does not know is never sent');
      outbox.dispose();
    });
    it('a lead left without its address and its proof keeps the address it found when the proof fails', async () => {
      const store = new MemoryOutboxStore();
      await store.put({
        key: 'k-both',
        kind: 'lead',
        url: '',
        fields: { email: 'b@example.com', idempotency_key: 'k-both' },
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
        addressFor: 'placed3',
        proofFor: 'placed3',
      });
      const { impl, calls } = scriptedFetch([answer(200)]);
      const lookUps: string[] = [];
      const proofs = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve('the-proof')];
      const outbox = new Outbox({
        store,
        fetchImpl: impl,
        random: () => 0,
        locate: async (poptinId) => {
          lookUps.push(poptinId);
          return { url: 'http://server.test/conversion/viewer-3', target: 'everyone' };
        },
        prove: () => proofs.shift()!,
      });
      await outbox.flush({ now: true });
      const [kept] = await store.all();
      expect([kept!.url, kept!.addressFor, kept!.proofFor, kept!.attempts]).to.deep.equal([
        'http://server.test/conversion/viewer-3',
        undefined,
        'placed3',
        1,
      ]);
      await outbox.flush({ now: true });
      expect(lookUps).to.deep.equal(['placed3'], 'looked up once');
      expect(calls.map((call) => new URLSearchParams(call.body).get('proof_of_work'))).to.deep.equal(['the-proof']);
      outbox.dispose();
    });
  });

  describe('storage', () => {
    it('uses localStorage first: its writes are kept at once, even as the page goes away', async () => {
      expect((await openOutboxStore()).kind).to.equal('localstorage');
    });

    it('uses IndexedDB where localStorage is blocked, and entries survive reopening', async () => {
      const blocked = {
        setItem() {
          throw new DOMException('denied', 'SecurityError');
        },
      } as unknown as Storage;
      const store = await openOutboxStore({ localStorage: blocked, indexedDB });
      expect(store.kind).to.equal('indexeddb');
      await store.put({ key: 'k-idb-0001', url: 'u', fields: {}, attempts: 0, nextAttemptAt: 0, createdAt: 1 });
      const reopened = await IndexedDbOutboxStore.open(indexedDB);
      expect((await reopened.all()).map((entry) => entry.key)).to.include('k-idb-0001');
      await reopened.delete('k-idb-0001');
    });

    it('keeps entries in localStorage, readable by their key', async () => {
      const store = await openOutboxStore({ localStorage });
      expect(store).to.be.instanceOf(LocalStorageOutboxStore);
      await store.put({ key: 'k-ls-00001', url: 'u', fields: { a: '1' }, attempts: 0, nextAttemptAt: 0, createdAt: 1 });
      expect(JSON.parse(localStorage.getItem('poptin_outbox')!)['k-ls-00001'].fields).to.deep.equal({ a: '1' });
      await store.delete('k-ls-00001');
    });

    it('consent mode before consent: memory only, neither localStorage nor IndexedDB is touched', async () => {
      const touched: string[] = [];
      const spyStorage = new Proxy(localStorage, {
        get: (target, name) => (touched.push(`localStorage.${String(name)}`), Reflect.get(target, name)),
      });
      const spyDatabases = {
        open: () => (touched.push('indexedDB.open'), indexedDB.open('never')),
      } as unknown as IDBFactory;
      const store = await openOutboxStore({ localStorage: spyStorage, indexedDB: spyDatabases }, { memoryOnly: true });
      await store.put({ key: 'k-mem-0001', url: 'u', fields: {}, attempts: 0, nextAttemptAt: 0, createdAt: 1 });
      expect(store.kind).to.equal('memory');
      expect((await store.all()).map((entry) => entry.key)).to.deep.equal(['k-mem-0001']);
      expect(touched).to.deep.equal([]);
    });

    it('falls back to memory when storage throws (blocked or full)', async () => {
      const throwing = {
        setItem() {
          throw new DOMException('quota', 'QuotaExceededError');
        },
      } as unknown as Storage;
      const store = await openOutboxStore({ localStorage: throwing });
      expect(store.kind).to.equal('memory');
    });
  });
});
