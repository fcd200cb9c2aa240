import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

// The daily digest's e-mails wait for midnight: the SMTP server is never called, but a server needs one to have e-mail destinations.
const shared = useTestApp({ delivery: { mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'leads@acme.example' } } });

const owner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  shared.app.inject({ method, url, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

const submit = (viewerId: string, body: Record<string, string>) =>
  shared.app.inject({ method: 'POST', url: `/api/display/conversion/${viewerId}`, payload: body });

async function count(table: 'conversions' | 'deliveries'): Promise<number> {
  const [row] = await shared.test.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return row!.count;
}

async function countedLeads(): Promise<number> {
  const [row] = await shared.test.db.query<{ count: number }>(
    "SELECT COALESCE(sum(conversions), 0)::int AS count FROM stats_daily WHERE client_id = 'acme'",
  );
  return row!.count;
}

/** acme with a pop-up and a daily digest: each lead gets a delivery that waits, pending, until midnight UTC. */
async function siteWithDigest() {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  const popup = await seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  const destination = await owner('POST', '/api/owner/acme/destinations', {
    kind: 'email',
    name: 'Digest',
    settings: { to: ['owner@acme.example'], digest: 'daily' },
  });
  assert.equal(destination.statusCode, 201, destination.body);
  return popup;
}

describe('an erasure stays erased', () => {
  it("answers a replay of an erased lead 200 and stores nothing, yet stores the person's new lead", async () => {
    const popup = await siteWithDigest();
    const original = {
      email: 'Ana@Acme.example',
      name: 'Ana',
      idempotency_key: 'erased-lead-key-0001',
      url: 'https://acme.example/',
    };
    const first = await submit(popup.viewer_id, original);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual([await count('conversions'), await count('deliveries'), await countedLeads()], [1, 1, 1]);

    const erased = await owner('DELETE', '/api/owner/acme/people?email=ana%40acme.example');
    assert.equal(erased.statusCode, 200, erased.body);
    assert.equal(erased.json().erasure.leads, 1);
    assert.equal(await count('deliveries'), 0, 'the pending delivery went with the lead');

    const replay = await submit(popup.viewer_id, original);
    assert.equal(replay.statusCode, 200, replay.body);
    assert.deepEqual(replay.json(), { success: true, integration: { conversion_code: '' } });
    const changed = await submit(popup.viewer_id, { ...original, name: 'Ana B.' });
    assert.equal(changed.statusCode, 200, 'a retry whose fields differ is no new lead either: its key is erased');
    assert.deepEqual(
      [await count('conversions'), await count('deliveries'), await countedLeads()],
      [0, 0, 1],
      'no lead, no delivery, not counted again',
    );

    const tombstones = await shared.test.db.query('SELECT * FROM erased_lead_keys');
    assert.equal(tombstones.length, 1, "the erased lead's key is kept");
    const tombstone = JSON.stringify(tombstones);
    const log = JSON.stringify(await shared.test.db.query('SELECT * FROM erasures'));
    for (const readable of ['erased-lead-key-0001', 'ana@acme.example', 'Ana']) {
      assert.equal(tombstone.includes(readable), false, `the tombstone holds no ${readable}`);
      assert.equal(log.toLowerCase().includes(readable.toLowerCase()), false, `the log holds no ${readable}`);
    }

    const later = await submit(popup.viewer_id, { ...original, idempotency_key: 'new-lead-key-0002' });
    assert.equal(later.statusCode, 200, later.body);
    assert.equal(typeof later.json().conversion_id, 'number');
    assert.deepEqual([await count('conversions'), await count('deliveries'), await countedLeads()], [1, 1, 2]);
  });

  it('tells the owner whether an address was erased on the site, without the log naming anyone', async () => {
    await siteWithDigest();
    await seedClient(shared.test.configuration, { client_id: 'globex' });
    assert.equal((await owner('DELETE', '/api/owner/acme/people?email=ana%40acme.example')).statusCode, 200);
    assert.equal((await owner('DELETE', '/api/owner/acme/people?email=bo%40acme.example')).statusCode, 200);
    assert.equal((await owner('DELETE', '/api/owner/globex/people?email=ana%40acme.example')).statusCode, 200);

    const asked = async (clientId: string, email: string) => {
      const response = await owner('GET', `/api/owner/${clientId}/erasures?email=${encodeURIComponent(email)}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().erasures as { erased_by: string }[];
    };
    assert.equal((await asked('acme', 'ANA@acme.example')).length, 1);
    assert.equal((await asked('acme', 'carl@acme.example')).length, 0);
    assert.equal((await asked('globex', 'bo@acme.example')).length, 0, 'each site its own log');
    const all = await owner('GET', '/api/owner/acme/erasures');
    assert.equal(all.json().erasures.length, 2);
    assert.equal(JSON.stringify(all.json()).includes('ana'), false);

    await shared.test.db.query(
      `INSERT INTO erasures (client_id, email_sha256, erased_by, leads, views, closes, store_activity)
       VALUES ('acme', $1, 'owner token', 1, 0, 0, 0)`,
      [createHash('sha256').update('old@acme.example').digest('hex')],
    );
    assert.equal((await asked('acme', 'Old@acme.example')).length, 1, 'an erasure logged before the keyed hash');
    assert.equal((await owner('GET', '/api/owner/acme/erasures?email=no-at-sign')).statusCode, 400);

    const [hashes] = await shared.test.db.query<{ sites: number }>(
      'SELECT count(DISTINCT email_hmac)::int AS sites FROM erasures WHERE email_hmac IS NOT NULL',
    );
    assert.equal(hashes!.sites, 3, "one address on two sites hashes apart: the sites' logs cannot be joined");
  });

  it('a delivery claimed before the erasure is not recorded after it', async () => {
    const popup = await siteWithDigest();
    await shared.app.delivery.worker!.stop();
    try {
      const lead = await submit(popup.viewer_id, { email: 'cy@acme.example', idempotency_key: 'claimed-key-0001' });
      assert.equal(lead.statusCode, 200, lead.body);
      await shared.test.db.query('UPDATE deliveries SET next_attempt_at = now()');
      const [claimed] = await shared.app.delivery.store.claim('sending-worker', 60_000, 10);
      assert.ok(claimed, 'the delivery is claimed');
      assert.equal((await owner('DELETE', '/api/owner/acme/people?email=cy%40acme.example')).statusCode, 200);
      const recorded = await shared.app.delivery.store.record('sending-worker', [
        {
          id: claimed.id,
          attempt: { kind: 'answered', statusCode: 200, body: 'ok', retryAfterMs: null },
          outcome: { kind: 'delivered' },
          durationMs: 1,
        },
      ]);
      assert.equal(recorded.size, 0);
      const [attempts] = await shared.test.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM delivery_attempts',
      );
      assert.equal(attempts!.count, 0);
    } finally {
      shared.app.delivery.worker!.start();
    }
  });

  it('forgets the erased keys after the retention, in the daily maintenance', async () => {
    const popup = await siteWithDigest();
    const original = { email: 'dee@acme.example', idempotency_key: 'forgotten-key-0001' };
    assert.equal((await submit(popup.viewer_id, original)).statusCode, 200);
    assert.equal((await owner('DELETE', '/api/owner/acme/people?email=dee%40acme.example')).statusCode, 200);
    const keys = async () =>
      (await shared.test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM erased_lead_keys'))[0]!.count;
    await shared.test.insights.maintainEvents(new Date(Date.now() + 364 * 86_400_000));
    assert.equal(await keys(), 1);
    await shared.test.insights.maintainEvents(new Date(Date.now() + 366 * 86_400_000));
    assert.equal(await keys(), 0);
    assert.equal((await owner('GET', '/api/owner/acme/erasures?email=dee%40acme.example')).json().erasures.length, 1);
  });
});
