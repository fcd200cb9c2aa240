import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { createOwner } from '../test-support/owners.ts';
import { startSmtp } from '../test-support/smtp.ts';
import { eventually, startReceiver } from './test-receiver.ts';

const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';

let test: TestDatabase;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  smtp = await startSmtp();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    delivery: {
      mail: { smtpUrl: smtp.url, from: 'Leads <leads@poptin.example>' },
      worker: { pollMs: 25, concurrency: 4, retry: { baseMs: 20, maxMs: 500, giveUpAfterMs: 60_000 } },
    },
  });
});
after(async () => {
  await app?.close();
  await smtp?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await test.reset();
  smtp.mails.length = 0;
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
});

const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

async function createNotification() {
  const response = await asOwner('POST', '/acme/destinations', {
    kind: 'email',
    name: 'Owners',
    settings: { to: ['owner@acme.example', 'sales@acme.example'] },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().destination.id as number;
}

describe('e-mail notification of each new lead', () => {
  it("mails the site's owners through SMTP_URL, and the SMTP server receives the lead", async () => {
    await createNotification();
    const lead = await app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      payload: {
        email: 'jane@visitor.example',
        name: 'Jane Doe',
        consent: 'on',
        Company: 'Acme',
        idempotency_key: '00000000-0000-4000-8000-000000000101',
      },
    });
    assert.equal(lead.statusCode, 200);
    await eventually('the message is received', () => smtp.mails.length === 1);
    const [mail] = smtp.mails;
    assert.equal(mail!.from, 'leads@poptin.example');
    assert.deepEqual(mail!.to, ['owner@acme.example', 'sales@acme.example']);
    assert.match(mail!.data, /^Subject: New lead: jane@visitor\.example$/m);
    assert.match(mail!.data, /^Name: Jane Doe$/m);
    assert.match(mail!.data, /^Consent: given$/m);
    assert.match(mail!.data, new RegExp(`^Lead: #${lead.json().conversion_id}, created ${ISO_TIME}$`, 'm'));
    assert.match(mail!.data, /^Message-ID: <dlv_\d+@poptin-elements>$/im);
    assert.match(mail!.data, /^ {2}company: Acme$/m, 'every field by its canonical name');
    assert.doesNotMatch(mail!.data, /idempotency_key/, 'the internal fields are left out');
  });

  it("sends a daily digest: nothing during the day, then one message with the day's leads at midnight UTC", async () => {
    const response = await asOwner('POST', '/acme/destinations', {
      kind: 'email',
      name: 'Digest',
      settings: { to: ['owner@acme.example'], digest: 'daily' },
    });
    assert.equal(response.statusCode, 201, response.body);
    for (const [index, email] of ['first@visitor.example', 'second@visitor.example'].entries()) {
      const lead = await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: { email, idempotency_key: `00000000-0000-4000-8000-00000000020${index}` },
      });
      assert.equal(lead.statusCode, 200);
    }
    const [due] = await test.db.query<{ midnight: boolean }>(
      `SELECT bool_and(next_attempt_at = (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC') AS midnight FROM deliveries`,
    );
    assert.equal(due!.midnight, true, 'both wait for the next midnight UTC');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(smtp.mails.length, 0, 'nothing is mailed during the day');
    // Midnight comes.
    await test.db.query('UPDATE deliveries SET next_attempt_at = now()');
    await eventually('the digest is received', () => smtp.mails.length === 1);
    const [mail] = smtp.mails;
    assert.match(mail!.data, /^Subject: 2 new leads$/m);
    assert.match(mail!.data, /first@visitor\.example[\s\S]*second@visitor\.example/);
    await eventually('both recorded as delivered', async () =>
      (await test.db.query<{ status: string }>('SELECT status FROM deliveries')).every(
        (row) => row.status === 'delivered',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(smtp.mails.length, 1, 'one message for the day');
  });

  it('retries a 4xx SMTP answer and keeps a 5xx one as a failure', async () => {
    const destinationId = await createNotification();
    smtp.control.reject = 451;
    await app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      payload: { email: 'later@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000102' },
    });
    await eventually('delivered on the second try', () => smtp.mails.length === 1);
    smtp.control.reject = 550;
    await app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      payload: { email: 'never@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000103' },
    });
    await eventually(
      'failed',
      async () => (await asOwner('GET', `/acme/destinations/${destinationId}`)).json().destination.failed === 1,
    );
    const [failed] = (await asOwner('GET', `/acme/destinations/${destinationId}/deliveries?status=failed`)).json()
      .deliveries;
    assert.match(failed.lastError, /^SMTP 550/);
    assert.equal(smtp.mails.length, 1);
  });

  it('answers a test send with what the SMTP server said', async () => {
    const destinationId = await createNotification();
    const answer = (await asOwner('POST', `/acme/destinations/${destinationId}/test`)).json().test;
    assert.equal(answer.delivered, true);
    assert.match(answer.response, /^250/);
    assert.match(smtp.mails[0]!.data, /^Subject: \[test\] New lead: test\.lead@example\.com$/m);
  });

  it("tells the site's owners once a day when a destination fails a delivery for good", async () => {
    await createOwner(app, 'ana@acme.example', { sites: ['acme'] });
    await createOwner(app, 'bob@other.example', { sites: [] });
    // The app refuses private addresses: the delivery to this one fails at once, for good.
    const created = await asOwner('POST', '/acme/destinations', {
      kind: 'webhook',
      name: 'Inside hook',
      settings: { url: 'https://127.0.0.1:1/hook' },
    });
    const destinationId = created.json().destination.id as number;
    for (const key of ['00000000-0000-4000-8000-000000000201', '00000000-0000-4000-8000-000000000202']) {
      await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: { email: 'lost@visitor.example', idempotency_key: key },
      });
    }
    await eventually(
      'both failed',
      async () => (await asOwner('GET', `/acme/destinations/${destinationId}`)).json().destination.failed === 2,
    );
    await eventually('the alert is received', () => smtp.mails.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(smtp.mails.length, 1, 'one alert for the day');
    const [alert] = smtp.mails;
    assert.deepEqual(alert!.to, ['ana@acme.example']);
    assert.match(alert!.data, /^Subject: Lead delivery failing: Inside hook \(site acme\)$/m);
    assert.match(alert!.data, /127\.0\.0\.1, a private or reserved address: refused/);
  });
  it('tells them within minutes when every try of a destination fails, long before its three days, and shows it on the destination', async () => {
    await createOwner(app, 'ana@acme.example', { sites: ['acme'] });
    const receiver = await startReceiver();
    receiver.answer = () => ({ status: 503, body: 'maintenance' });
    // A process of its own that may send to 127.0.0.1 and mails once tries have failed for 300 ms.
    await app.delivery.worker!.stop();
    const quick = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      spamMinSubmitMs: 0,
      delivery: {
        allowPrivate: true,
        mail: { smtpUrl: smtp.url, from: 'Leads <leads@poptin.example>' },
        worker: { pollMs: 25, alertAfterFailingMs: 300, retry: { baseMs: 20, maxMs: 100, giveUpAfterMs: 60_000 } },
      },
    });
    try {
      const created = await quick.inject({
        method: 'POST',
        url: '/api/owner/acme/destinations',
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
        payload: { kind: 'webhook', name: 'CRM', settings: { url: receiver.url } },
      });
      const destinationId = created.json().destination.id as number;
      await quick.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: { email: 'waiting@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000301' },
      });
      await eventually('the alert is received', () => smtp.mails.length >= 1);
      const [alert] = smtp.mails;
      assert.deepEqual(alert!.to, ['ana@acme.example']);
      assert.match(alert!.data, /^Subject: Lead delivery failing: CRM \(site acme\)$/m);
      assert.match(alert!.data, /has taken no lead since/);
      assert.match(alert!.data, /answered 503/);
      const { destination } = (await asOwner('GET', `/acme/destinations/${destinationId}`)).json();
      assert.deepEqual(
        [destination.pending, destination.failed, destination.lastError, destination.lastSuccessAt],
        [1, 0, 'answered 503', null],
      );
      assert.match(destination.failingSince, new RegExp(`^${ISO_TIME}$`));

      receiver.answer = () => ({ status: 200 });
      await eventually(
        'delivered once the receiver is back, and no longer failing',
        async () =>
          (await asOwner('GET', `/acme/destinations/${destinationId}`)).json().destination.failingSince === null,
      );
    } finally {
      await quick.close();
      await receiver.close();
      app.delivery.worker!.start();
    }
  });
});
