import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PopupRecord } from '../configuration/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };

const ownerGet = (url: string) => shared.app.inject({ method: 'GET', url, headers: AUTH });
const setSpam = (clientId: string, leadId: unknown, body: unknown) =>
  shared.app.inject({
    method: 'PATCH',
    url: `/api/owner/${clientId}/leads/${leadId}`,
    headers: AUTH,
    payload: body as Record<string, unknown>,
  });

interface ListedLead {
  conversion_id: number;
  email: string;
  spam_reason: string | null;
  fields: Record<string, unknown>;
}

/**
 * `count` leads stored in one statement (so they share one created_at, which the cursor must tell apart by id),
 * each with `bytes` of fields that do not compress (hex of random hashes).
 */
async function storeLeads(
  popup: PopupRecord,
  count: number,
  bytes = 0,
  spamReason: string | null = null,
): Promise<void> {
  await shared.test.db.query(
    `INSERT INTO conversions (idempotency_key, poptin_id, client_id, viewer_id, email, fields, spam_reason)
     SELECT 'bulk-' || $5::text || '-' || n, $1, $2, $3, 'lead' || n || '@acme.example',
       jsonb_build_object('n', n, 'text', (SELECT COALESCE(string_agg(md5(random()::text || n || g), ''), '') FROM generate_series(1, $4::int / 32) g)),
       $6::text
     FROM generate_series(1, $7::int) n`,
    [popup.poptin_id, popup.client_id, popup.viewer_id, bytes, spamReason ?? 'real', spamReason, count],
  );
}

async function everyPage(query: string): Promise<{ pages: ListedLead[][]; nexts: (string | null)[] }> {
  const pages: ListedLead[][] = [];
  const nexts: (string | null)[] = [];
  let after: string | null = null;
  do {
    const response = await ownerGet(`/api/owner/acme/leads?${query}${after ? `&after=${after}` : ''}`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { leads: ListedLead[]; next: string | null };
    pages.push(body.leads);
    nexts.push(body.next);
    after = body.next;
  } while (after && pages.length < 100);
  return { pages, nexts };
}

describe('GET /api/owner/{clientId}/leads in pages', () => {
  it('answers 100 leads and a next cursor by default, at most 500, and every lead once along the cursors', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await storeLeads(popup, 230);

    const first = (await ownerGet('/api/owner/acme/leads')).json();
    assert.equal(first.leads.length, 100);
    assert.equal(typeof first.next, 'string');

    const { pages, nexts } = await everyPage('limit=100');
    assert.deepEqual(
      pages.map((page) => page.length),
      [100, 100, 30],
    );
    assert.equal(nexts.at(-1), null);
    const ids = pages.flat().map((lead) => lead.conversion_id);
    assert.equal(new Set(ids).size, 230, 'no lead twice, none missing');
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first (same time: higher id first)',
    );

    const all = (await ownerGet('/api/owner/acme/leads?limit=500')).json();
    assert.equal(all.leads.length, 230);
    assert.equal(all.next, null);
  });

  it('refuses a page size above 500 and an after that is not a cursor, with 400', async () => {
    await seedClient(shared.test.configuration);
    for (const query of [
      'limit=501',
      'limit=0',
      'after=nonsense',
      `after=${Buffer.from('2026-01-01|1; DROP').toString('base64url')}`,
    ]) {
      const response = await ownerGet(`/api/owner/acme/leads?${query}`);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.equal(response.json().success, false);
    }
  });

  it('keeps a page of big leads to about 1 MiB, and display calls answer quickly during a big listing and export', {
    timeout: 180_000,
  }, async (t) => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await storeLeads(popup, 160, 60_000);

    const first = (await ownerGet('/api/owner/acme/leads')).json();
    assert.ok(
      first.leads.length < 40 && first.leads.length > 0,
      `a page of 60 KB leads holds about 1 MiB (${first.leads.length} leads)`,
    );
    assert.equal(typeof first.next, 'string');

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let exporting = true;
    const displayMs: number[] = [];
    const displays = (async () => {
      while (exporting) {
        const started = performance.now();
        const response = await shared.app.inject({
          method: 'POST',
          url: '/api/display/acme',
          payload: { visitor_id: 'visitor-during-export' },
        });
        assert.equal(response.statusCode, 200);
        displayMs.push(performance.now() - started);
        await sleep(10);
      }
    })();
    const exportStarted = performance.now();
    const [listing, csv] = await Promise.all([
      everyPage('spam=include'),
      ownerGet('/api/owner/acme/leads.csv'),
    ]).finally(() => (exporting = false));
    const exportMs = performance.now() - exportStarted;
    await displays;
    delay.disable();

    assert.equal(listing.pages.flat().length, 160);
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.body.split('\r\n').length - 2, 160);
    const slowest = Math.max(...displayMs);
    const stallMs = delay.max / 1e6;
    t.diagnostic(
      `${displayMs.length} display calls during the listing and export, slowest ${slowest.toFixed(0)} ms; longest event-loop stall ${stallMs.toFixed(0)} ms`,
    );
    assert.ok(displayMs.length >= 5, `display calls were answered during the export (${displayMs.length})`);
    // Relative to the listing and export, which a loaded machine slows as much: nothing waited for them to end.
    assert.ok(
      slowest < exportMs / 2,
      `the slowest display call took ${slowest.toFixed(0)} ms of the export's ${exportMs.toFixed(0)} ms`,
    );
    assert.ok(stallMs < exportMs / 2, `the event loop stalled ${stallMs.toFixed(0)} ms of ${exportMs.toFixed(0)} ms`);
  });
});

describe('PATCH /api/owner/{clientId}/leads/{leadId}', () => {
  it('moves a lead into spam with the reason "owner", and one out of spam, the listing following', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await storeLeads(popup, 1);
    await storeLeads(popup, 1, 0, 'honeypot');
    const [real] = (await ownerGet('/api/owner/acme/leads')).json().leads as ListedLead[];
    const [trapped] = (await ownerGet('/api/owner/acme/leads?spam=only')).json().leads as ListedLead[];
    assert.equal(trapped!.spam_reason, 'honeypot');

    const moved = await setSpam('acme', real!.conversion_id, { spam: true });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().lead.spam_reason, 'owner');
    const freed = await setSpam('acme', trapped!.conversion_id, { spam: false });
    assert.equal(freed.json().lead.spam_reason, null);

    const listed = (query: string) =>
      ownerGet(`/api/owner/acme/leads${query}`).then((response) =>
        (response.json().leads as ListedLead[]).map((lead) => [lead.conversion_id, lead.spam_reason]),
      );
    assert.deepEqual(await listed(''), [[trapped!.conversion_id, null]]);
    assert.deepEqual(await listed('?spam=only'), [[real!.conversion_id, 'owner']]);
    assert.deepEqual(await listed('?spam=include'), [
      [trapped!.conversion_id, null],
      [real!.conversion_id, 'owner'],
    ]);
    const stats = (await ownerGet('/api/owner/acme/stats')).json().popups[0];
    assert.deepEqual([stats.conversions, stats.spam_conversions], [1, 1]);
  });

  it("answers 404 for another client's lead and 400 for a bad id or body, changing nothing", async () => {
    await seedClient(shared.test.configuration);
    await seedClient(shared.test.configuration, { client_id: 'other' });
    const popup = await seedPopup(shared.test.configuration);
    await storeLeads(popup, 1);
    const [lead] = (await ownerGet('/api/owner/acme/leads')).json().leads as ListedLead[];

    const elsewhere = await setSpam('other', lead!.conversion_id, { spam: true });
    assert.equal(elsewhere.statusCode, 404, elsewhere.body);
    for (const [leadId, body] of [
      ['0', { spam: true }],
      ['x1', { spam: true }],
      ['9'.repeat(19), { spam: true }],
      [lead!.conversion_id, {}],
      [lead!.conversion_id, { spam: 'maybe' }],
    ] as const) {
      const response = await setSpam('acme', leadId, body);
      assert.equal(response.statusCode, 400, `${leadId} ${JSON.stringify(body)}: ${response.body}`);
    }
    assert.equal((await setSpam('acme', 999_999, { spam: true })).statusCode, 404);
    assert.deepEqual(
      (await ownerGet('/api/owner/acme/leads')).json().leads.map((listed: ListedLead) => listed.spam_reason),
      [null],
    );
  });
});
