import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { HONEYPOT_FIELD } from '../../src/core/api/contract.ts';
import type { FormField } from '../../src/core/forms/form-field.ts';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { checkTarget, isForbiddenAddress } from './addresses.ts';
import { LeadDelivery } from './index.ts';
import { eventually, type Receiver, startReceiver } from './test-receiver.ts';
import { JANES_FORM, submitWidgetLead } from './test-widget-lead.ts';

/** The receiver's check, as docs/integrations.md shows it. */
function verifyWebhook(secret: string, headers: IncomingHttpHeaders, body: string, toleranceSeconds = 300): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature = ''] = entry.split(',');
      const given = Buffer.from(signature, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const FAST_RETRY = { baseMs: 20, maxMs: 2_000, giveUpAfterMs: 60_000 };

let test: TestDatabase;
let app: FastifyInstance;
let receiver: Receiver;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    // Tests hold a receiver's answer while they look at what is in flight: a send that timed out meanwhile (on a
    // busy machine, seconds pass) would free its slot and fail its delivery under them. A lease of a minute: nothing
    // here waits for one to run out.
    delivery: {
      allowPrivate: true,
      worker: { pollMs: 25, concurrency: 8, retry: FAST_RETRY, leaseMs: 60_000 },
      timeoutMs: 30_000,
    },
  });
  receiver = await startReceiver();
});
after(async () => {
  await app?.close();
  await receiver?.close();
  await test?.dispose();
});
beforeEach(async () => {
  // The worker rests while the tables are emptied: on PostgreSQL its claim (deliveries, then destinations) and the
  // DELETEs that empty the tables (destinations, then deliveries) would take locks in opposite orders: a deadlock.
  await app.delivery.worker!.stop();
  await test.reset();
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200, body: 'ok' });
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  app.delivery.worker!.start();
});

const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

async function createWebhook(url = receiver.url, extra: object = {}) {
  const response = await asOwner('POST', '/acme/destinations', {
    kind: 'webhook',
    name: 'CRM hook',
    settings: { url },
    ...extra,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as { destination: { id: number }; secret: string };
}

let leadNumber = 0;
async function submitLead(email: string, fields: Record<string, string> = {}) {
  leadNumber += 1;
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: { email, idempotency_key: `00000000-0000-4000-8000-${String(leadNumber).padStart(12, '0')}`, ...fields },
  });
  assert.equal(response.statusCode, 200, response.body);
  return Number(response.json().conversion_id);
}

const receivedLeads = () => receiver.received.map((request) => JSON.parse(request.body).lead.email as string);

describe('webhook delivery', () => {
  it('POSTs each new lead, signed as Standard Webhooks says, with the secret shown once at creation', async () => {
    const { destination, secret } = await createWebhook();
    assert.match(secret, /^whsec_[A-Za-z0-9+/=]{32}$/);
    const shown = (await asOwner('GET', `/acme/destinations/${destination.id}`)).json();
    assert.equal(JSON.stringify(shown).includes(secret), false, 'the secret is not shown again');
    assert.equal(shown.destination.hasSecret, true);

    const leadId = await submitLead('jane@acme.example', { consent: 'on', Company: 'Acme' });
    await eventually('the lead is received', () => receiver.received.length === 1);
    const [request] = receiver.received;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.ok(verifyWebhook(secret, request!.headers, request!.body), 'the signature verifies');
    assert.equal(
      verifyWebhook(secret, request!.headers, request!.body.replace('jane', 'john')),
      false,
      'a changed body does not',
    );
    const body = JSON.parse(request!.body);
    assert.equal(body.type, 'lead.created');
    assert.deepEqual(
      { id: body.lead.id, email: body.lead.email, consent: body.lead.consent, company: body.lead.fields.Company },
      { id: leadId, email: 'jane@acme.example', consent: true, company: 'Acme' },
    );
    await eventually(
      'the delivery is recorded',
      async () =>
        (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries[0]?.status === 'delivered',
    );
    const { deliveries } = (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json();
    assert.equal(request!.headers['webhook-id'], `dlv_${deliveries[0].id}`);
  });

  it('retries 5xx, 429 after its Retry-After and resets, then delivers once with the same webhook-id', async () => {
    const { destination } = await createWebhook();
    receiver.answer = (_request, index) =>
      [
        { status: 503, body: 'down' },
        { status: 429, body: 'slow down', headers: { 'retry-after': '1' } },
        { status: 200, body: 'ok' },
      ][index] ?? { status: 200 };
    const leadId = await submitLead('retry@acme.example');
    await eventually(
      'delivered',
      async () =>
        (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries[0]?.status === 'delivered',
    );
    assert.equal(receiver.received.length, 3);
    assert.equal(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size, 1);
    assert.ok(receiver.received[2]!.at - receiver.received[1]!.at >= 1000, 'the third try waited for Retry-After: 1');
    const log = (await asOwner('GET', `/acme/destinations/${destination.id}/deliveries`)).json().deliveries;
    const attempts = (await asOwner('GET', `/acme/deliveries/${log[0].id}`)).json().attempts;
    assert.deepEqual(
      attempts.map((attempt: { outcome: string; statusCode: number }) => `${attempt.outcome} ${attempt.statusCode}`),
      ['retry 503', 'retry 429', 'delivered 200'],
    );
  });

  it('stops on a permanent answer, keeps it, lets the next lead through, and sends the failed one again on retry', async () => {
    const { destination } = await createWebhook();
    receiver.answer = (request) =>
      request.body.includes('bad@') ? { status: 422, body: '{"error":"email rejected"}' } : { status: 200, body: 'ok' };
    const badId = await submitLead('bad@acme.example');
    const goodId = await submitLead('good@acme.example');
    await eventually(
      'the second lead delivered',
      async () =>
        (await asOwner('GET', `/acme/leads/${goodId}/deliveries`)).json().deliveries[0]?.status === 'delivered',
    );
    const [failed] = (await asOwner('GET', `/acme/leads/${badId}/deliveries`)).json().deliveries;
    assert.deepEqual(
      {
        status: failed.status,
        attempts: failed.attempts,
        code: failed.lastStatusCode,
        response: failed.lastResponse,
        error: failed.lastError,
      },
      { status: 'failed', attempts: 1, code: 422, response: '{"error":"email rejected"}', error: 'answered 422' },
    );
    assert.deepEqual(receivedLeads().sort(), ['bad@acme.example', 'good@acme.example']);
    const failedLog = (await asOwner('GET', `/acme/destinations/${destination.id}/deliveries?status=failed`)).json()
      .deliveries;
    assert.deepEqual(
      failedLog.map((delivery: { id: number }) => delivery.id),
      [failed.id],
    );

    receiver.answer = () => ({ status: 200 });
    const retried = await asOwner('POST', `/acme/deliveries/${failed.id}/retry`);
    assert.equal(retried.statusCode, 200, retried.body);
    await eventually(
      'the retried lead delivered',
      async () =>
        (await asOwner('GET', `/acme/leads/${badId}/deliveries`)).json().deliveries[0]?.status === 'delivered',
    );
    assert.deepEqual(receivedLeads().sort(), ['bad@acme.example', 'bad@acme.example', 'good@acme.example']);
    assert.equal(
      (await asOwner('POST', `/acme/deliveries/${failed.id}/retry`)).statusCode,
      409,
      'a delivered one is not retried',
    );
  });

  it('a lead its receiver refuses with 500 forever holds back none of the 20 after it: they arrive within 5 s', async () => {
    const { destination } = await createWebhook();
    // The others are answered as a real receiver does, a moment after they arrive: what the receiver got is not yet
    // what the server has recorded.
    receiver.answer = (request) =>
      request.body.includes('poison@')
        ? { status: 500, body: 'cannot parse this one' }
        : { status: 200, hold: new Promise((resolve) => setTimeout(resolve, 150)) };
    const poisonId = await submitLead('poison@acme.example', { Company: '{{broken' });
    const emails = Array.from({ length: 20 }, (_, index) => `after${index}@acme.example`);
    for (const email of emails) await submitLead(email);
    await eventually('the other 20 delivered', () => emails.every((email) => receivedLeads().includes(email)), 5_000);
    assert.equal(new Set(receivedLeads().filter((email) => email !== 'poison@acme.example')).size, 20);
    assert.equal(
      receivedLeads().filter((email) => email !== 'poison@acme.example').length,
      20,
      'each of the others once',
    );
    await eventually(
      'the answers to the 20 recorded: only the refused lead pending',
      async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 1,
    );
    const [poison] = (await asOwner('GET', `/acme/leads/${poisonId}/deliveries`)).json().deliveries;
    assert.equal(poison.status, 'pending', 'the refused lead is still retried on its own schedule');
  });

  it('while a destination is down, retries each lead on its own and delivers each once when it is back', async () => {
    const { destination } = await createWebhook();
    let up = false;
    receiver.answer = () => (up ? { status: 204 } : { status: 500, body: 'down' });
    const emails = Array.from({ length: 6 }, (_, index) => `lead${index}@acme.example`);
    for (const email of emails) await submitLead(email);
    await eventually('every lead tried', () => emails.every((email) => receivedLeads().includes(email)));
    up = true;
    await eventually(
      'all delivered',
      async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 0,
    );
    assert.deepEqual(new Set(receivedLeads()), new Set(emails));
    const rows = await test.db.query<{ tries: number }>(
      `SELECT count(*)::int AS tries FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id
       WHERE d.destination_id = $1 AND a.outcome = 'delivered' GROUP BY d.id`,
      [destination.id],
    );
    assert.deepEqual(
      rows.map((row) => row.tries),
      [1, 1, 1, 1, 1, 1],
      'each delivered once',
    );
  });

  it("sends at most 4 of a destination's leads at once, and the next as soon as one is answered", async () => {
    const { destination } = await createWebhook();
    let release = () => undefined as unknown;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer = () => ({ status: 200, hold: held });
    const other = await LeadDelivery.open(test.db, { allowPrivate: true, worker: false });
    try {
      for (let index = 0; index < 10; index++) await submitLead(`many${index}@acme.example`);
      await eventually('4 in flight', () => receiver.received.length >= 4);
      assert.equal(receiver.received.length, 4, 'no fifth while the four are unanswered');
      assert.deepEqual(
        await other.store.claim('another-process', 60_000, 10),
        [],
        'another process finds no room either: the 4 count across processes',
      );
      assert.equal(receiver.received.length, 4);
    } finally {
      release();
    }
    await eventually(
      'all 10 delivered',
      async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 0,
    );
    assert.equal(new Set(receivedLeads()).size, 10);
  });

  it('keeps delivering to other destinations while one holds its answer', async () => {
    await createWebhook(`${receiver.url}?slow`);
    await createWebhook(`${receiver.url}?fast`);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer = (request) => (request.path.endsWith('?slow') ? { status: 200, hold: held } : { status: 200 });
    const first = await submitLead('first@acme.example');
    const second = await submitLead('second@acme.example');
    try {
      await eventually('both leads delivered to the fast destination', async () => {
        const [a, b] = [
          await asOwner('GET', `/acme/leads/${first}/deliveries`),
          await asOwner('GET', `/acme/leads/${second}/deliveries`),
        ];
        return [a, b].every((answer) => answer.json().deliveries[1]?.status === 'delivered');
      });
      const slow = (await asOwner('GET', `/acme/leads/${first}/deliveries`)).json().deliveries[0];
      assert.deepEqual(
        [slow.status, slow.attempts, slow.lastError],
        ['pending', 1, null],
        'its first try is still waiting for the answer',
      );
    } finally {
      release();
    }
    await eventually(
      'the slow destination answered',
      async () =>
        (await asOwner('GET', `/acme/leads/${second}/deliveries`)).json().deliveries[0]?.status === 'delivered',
    );
  });

  it('retries every failed delivery of a destination at once', async () => {
    const { destination } = await createWebhook();
    receiver.answer = () => ({ status: 400, body: 'no' });
    for (const email of ['a@acme.example', 'b@acme.example']) await submitLead(email);
    await eventually(
      'both failed',
      async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.failed === 2,
    );
    receiver.answer = () => ({ status: 200 });
    const answer = await asOwner('POST', `/acme/destinations/${destination.id}/retry`);
    assert.deepEqual(answer.json(), { retried: 2 });
    await eventually(
      'both delivered',
      async () =>
        (await asOwner('GET', `/acme/destinations/${destination.id}/deliveries?status=delivered`)).json().deliveries
          .length === 2,
    );
  });

  it('queues no delivery for a spam lead, nor for a disabled destination', async () => {
    const { destination } = await createWebhook();
    const spamId = await submitLead('bot@acme.example', { [HONEYPOT_FIELD]: 'http://spam.example' });
    await asOwner('PATCH', `/acme/destinations/${destination.id}`, { enabled: false });
    const laterId = await submitLead('later@acme.example');
    for (const leadId of [spamId, laterId])
      assert.deepEqual((await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries, []);
  });

  it('delivers a lead its owner moves out of spam, once, however often it is moved back and forth', async () => {
    await createWebhook();
    const spamId = await submitLead('person@acme.example', { [HONEYPOT_FIELD]: 'http://spam.example' });
    for (const spam of [false, true, false]) {
      const moved = await asOwner('PATCH', `/acme/leads/${spamId}`, { spam });
      assert.equal(moved.statusCode, 200, moved.body);
    }
    const deliveriesOf = async () =>
      ((await asOwner('GET', `/acme/leads/${spamId}/deliveries`)).json().deliveries as { status: string }[]).map(
        (delivery) => delivery.status,
      );
    await eventually('delivered', async () => (await deliveriesOf()).includes('delivered'));
    assert.deepEqual(await deliveriesOf(), ['delivered']);
    assert.deepEqual(receivedLeads(), ['person@acme.example']);
  });
});

describe('a lead of a pop-up in steps, partial then whole', () => {
  const showing: FormField = { name: 'poptin_steps_lead', type: 'hidden', value: 'showing-0000001' };
  const email: FormField = { name: 'Email', type: 'email', value: 'ada@acme.example' };

  it('is sent again once its visitor finishes the pop-up: the whole lead after the partial one, under a new webhook-id', async () => {
    await createWebhook();
    const partialId = await submitWidgetLead(app, popup, 'key-partial-0001', [
      email,
      showing,
      { name: 'poptin_partial', type: 'hidden', value: 'yes' },
    ]);
    await eventually('the partial lead is received', () => receiver.received.length === 1);
    // The visitor finishes once the partial lead's send is recorded (the next test finishes while it is in flight).
    await eventually('the partial lead recorded delivered', async () =>
      ((await asOwner('GET', `/acme/leads/${partialId}/deliveries`)).json().deliveries as { status: string }[]).some(
        (delivery) => delivery.status === 'delivered',
      ),
    );

    const wholeForm: FormField[] = [email, { name: 'Name', type: 'text', value: 'Ada' }, showing];
    assert.equal(await submitWidgetLead(app, popup, 'key-whole-00001', wholeForm), partialId);
    await eventually('the whole lead is received', () => receiver.received.length === 2);
    const [first, second] = receiver.received.map((request) => JSON.parse(request.body).lead);
    assert.equal(first.fields.partial, 'yes');
    assert.equal(second.id, first.id);
    assert.equal(second.values.name, 'Ada');
    assert.equal(Object.hasOwn(second.fields, 'partial'), false);
    const [firstId, secondId] = receiver.received.map((request) => request.headers['webhook-id']);
    assert.notEqual(secondId, firstId, 'a receiver that drops repeated webhook-ids still takes the whole lead');

    // A retry of the whole lead queues nothing more: its one delivery stays delivered.
    assert.equal(await submitWidgetLead(app, popup, 'key-whole-00001', wholeForm), partialId);
    const deliveries = await asOwner('GET', `/acme/leads/${partialId}/deliveries`);
    assert.deepEqual(
      deliveries.json().deliveries.map((delivery: { status: string }) => delivery.status),
      ['delivered'],
    );
  });

  it('finished while the partial lead is being sent: the whole lead goes once that send is answered, and both tries are in the log', async () => {
    await createWebhook();
    let answerPartial: () => void = () => undefined;
    const partialHeld = new Promise<void>((resolve) => (answerPartial = resolve));
    receiver.answer = (_request, index) => (index === 0 ? { status: 200, hold: partialHeld } : { status: 200 });
    const partialId = await submitWidgetLead(app, popup, 'key-partial-0002', [
      email,
      showing,
      { name: 'poptin_partial', type: 'hidden', value: 'yes' },
    ]);
    await eventually('the partial lead is being sent', () => receiver.received.length === 1);

    const wholeForm: FormField[] = [email, { name: 'Name', type: 'text', value: 'Ada' }, showing];
    assert.equal(await submitWidgetLead(app, popup, 'key-whole-00002', wholeForm), partialId);
    answerPartial();
    // The worker's lease here is a minute (this file's app): the whole lead must not wait for it.
    await eventually('the whole lead is received', () => receiver.received.length === 2);
    assert.equal(JSON.parse(receiver.received[1]!.body).lead.values.name, 'Ada');

    const [delivery] = (await asOwner('GET', `/acme/leads/${partialId}/deliveries`)).json().deliveries as {
      id: number;
    }[];
    await eventually(
      'the whole lead recorded delivered',
      async () => (await asOwner('GET', `/acme/deliveries/${delivery!.id}`)).json().delivery.status === 'delivered',
    );
    const { attempts } = (await asOwner('GET', `/acme/deliveries/${delivery!.id}`)).json();
    assert.deepEqual(
      attempts.map((attempt: { outcome: string }) => attempt.outcome),
      ['delivered', 'delivered'],
      'the partial lead reached the vendor: its try is logged too',
    );
  });
});

describe('what a webhook receives of a lead the widget sent', () => {
  it('maps it by the console example Email=EMAIL, and a test lead to the same keys', async () => {
    const { destination } = await createWebhook(receiver.url, {
      fieldMap: { Email: 'EMAIL', FirstName: 'FNAME', id: 'LEAD_ID', created_at: 'SIGNED_UP' },
    });
    const leadId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000901', JANES_FORM);
    await eventually('the lead is received', () => receiver.received.length === 1);
    const real = JSON.parse(receiver.received[0]!.body).lead;
    assert.deepEqual(real.mapped, {
      EMAIL: 'jane@acme.example',
      FNAME: 'Jane',
      LEAD_ID: leadId,
      SIGNED_UP: real.created_at,
    });

    const answer = await asOwner('POST', `/acme/destinations/${destination.id}/test`);
    assert.equal(answer.json().test.delivered, true, answer.body);
    const sample = JSON.parse(receiver.received[1]!.body).lead;
    assert.deepEqual(Object.keys(sample.mapped).sort(), Object.keys(real.mapped).sort());
    assert.deepEqual(
      ['email', 'name', 'first_name', 'last_name', 'checkbox_checked'].map((name) => typeof sample.values[name]),
      ['email', 'name', 'first_name', 'last_name', 'checkbox_checked'].map((name) => typeof real.values[name]),
    );
    assert.equal(sample.consent, real.consent);
  });

  it('carries its id, created_at, consent and every field by its canonical name, without the internal ones', async () => {
    await createWebhook();
    const leadId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000902', JANES_FORM);
    await eventually('the lead is received', () => receiver.received.length === 1);
    const { lead } = JSON.parse(receiver.received[0]!.body);
    assert.equal(lead.id, leadId);
    assert.ok(!Number.isNaN(Date.parse(lead.created_at)));
    assert.equal(lead.consent, true, 'the widget sends a ticked consent box as checkbox_checked=yes');
    assert.deepEqual(
      {
        email: lead.values.email,
        name: lead.values.name,
        first_name: lead.values.first_name,
        last_name: lead.values.last_name,
        company: lead.values.company,
        url: lead.values.url,
      },
      {
        email: 'jane@acme.example',
        name: 'Jane Doe',
        first_name: 'Jane',
        last_name: 'Doe',
        company: 'Acme',
        url: 'https://acme.example/spring',
      },
    );
    for (const internal of ['idempotency_key', HONEYPOT_FIELD, 'since_page_load_ms']) {
      assert.equal(Object.hasOwn(lead.fields, internal), false, `fields leaves out ${internal}`);
      assert.equal(Object.hasOwn(lead.values, internal), false, `values leaves out ${internal}`);
    }
  });
});

describe('the delivery queue across processes', () => {
  it('a delivery whose worker died is taken over once its lease has run out, and the dead worker cannot record it', async () => {
    const LEASE_MS = 1_000;
    const { destination } = await createWebhook();
    const other = await LeadDelivery.open(test.db, { allowPrivate: true, worker: false });
    await app.delivery.worker!.stop();
    try {
      const leadId = await submitLead('lease@acme.example');
      // A lease of a second: a busy machine took 67 ms between two claims, past a lease of 50.
      const [claimed] = await other.store.claim('dead-worker', LEASE_MS, 10);
      assert.equal(claimed?.lead.id, leadId);
      assert.deepEqual(await other.store.claim('second-worker', LEASE_MS, 10), [], 'held while the lease runs');
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
      const [takenOver] = await other.store.claim('second-worker', 60_000, 10);
      assert.equal(takenOver?.id, claimed!.id);
      const late = await other.store.finish(
        claimed!.id,
        'dead-worker',
        { kind: 'answered', statusCode: 200, body: '', retryAfterMs: null },
        { kind: 'delivered' },
        1,
      );
      assert.equal(late, false);
      assert.equal((await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending, 1);
    } finally {
      app.delivery.worker!.start();
    }
  });

  it('two workers on one database deliver 40 leads to two destinations, each once', async () => {
    await createWebhook(`${receiver.url}?to=one`);
    await createWebhook(`${receiver.url}?to=two`);
    const second = await LeadDelivery.open(test.db, {
      allowPrivate: true,
      worker: { pollMs: 10, concurrency: 4, retry: FAST_RETRY },
    });
    second.worker!.start();
    try {
      let calls = 0;
      // Every third call fails: both workers keep retrying and taking turns.
      receiver.answer = () => ((calls += 1) % 3 === 0 ? { status: 502 } : { status: 200 });
      const emails = Array.from({ length: 20 }, (_, index) => `p${index}@acme.example`);
      for (const email of emails) await submitLead(email);
      await eventually(
        'every delivery done',
        async () => {
          const [row] = await test.db.query<{ pending: number }>(
            "SELECT count(*)::int AS pending FROM deliveries WHERE status <> 'delivered'",
          );
          return row!.pending === 0;
        },
        30_000,
      );
      for (const target of ['one', 'two']) {
        const accepted = receiver.received.filter(
          (request, index) => request.path.endsWith(`to=${target}`) && (index + 1) % 3 !== 0,
        );
        assert.deepEqual(
          accepted.map((request) => JSON.parse(request.body).lead.email).sort(),
          [...emails].sort(),
          target,
        );
      }
    } finally {
      await second.worker!.stop();
    }
  });
});

describe("a destination's backlog", () => {
  /** Leads queued while no worker runs; then `worker` (a LeadDelivery of its own) is started to deliver them. */
  async function queueWhileStopped(count: number, prefix: string): Promise<string[]> {
    await app.delivery.worker!.stop();
    const emails = Array.from({ length: count }, (_, index) => `${prefix}${index}@acme.example`);
    for (const email of emails) await submitLead(email);
    return emails;
  }

  it('30 waiting leads are each sent once, with about two statements a send (a claim and a record, shared by the sends that end together)', async () => {
    const { destination } = await createWebhook();
    let statements = 0;
    const counting: Database = {
      ...test.db,
      query: (sql, params) => {
        statements += 1;
        return test.db.query(sql, params);
      },
    };
    // No polling: the worker looks again only when a send has ended.
    const worker = await LeadDelivery.open(counting, {
      allowPrivate: true,
      worker: { pollMs: 60_000, concurrency: 8, perDestination: 8, retry: FAST_RETRY },
    });
    try {
      const emails = await queueWhileStopped(30, 'backlog');
      worker.worker!.start();
      await eventually(
        'all delivered',
        async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 0,
      );
      assert.deepEqual(receivedLeads().sort(), [...emails].sort());
      assert.ok(statements <= 2 * 30 + 8, `${statements} statements for 30 deliveries`);
    } finally {
      await worker.worker!.stop();
      app.delivery.worker!.start();
    }
  });

  it('a worker that stops lets its sends end and records them, holding nothing; the rest go out on the next start', async () => {
    const { destination } = await createWebhook();
    let release = () => undefined as unknown;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer = (_request, index) => (index === 0 ? { status: 200, hold: held } : { status: 200 });
    try {
      await queueWhileStopped(6, 'stop');
      const worker = await LeadDelivery.open(test.db, {
        allowPrivate: true,
        worker: { pollMs: 60_000, concurrency: 1, retry: FAST_RETRY },
      });
      worker.worker!.start();
      await eventually('the first lead is being sent', () => receiver.received.length === 1);
      const stopping = worker.worker!.stop();
      release();
      await stopping;
      const rows = await test.db.query<{ status: string; leased: boolean }>(
        'SELECT status, lease_token IS NOT NULL AS leased FROM deliveries WHERE destination_id = $1 ORDER BY id',
        [destination.id],
      );
      assert.deepEqual(rows.map((row) => `${row.status}${row.leased ? ' leased' : ''}`).sort(), [
        'delivered',
        'pending',
        'pending',
        'pending',
        'pending',
        'pending',
      ]);
      app.delivery.worker!.start();
      await eventually(
        'the rest delivered by the next worker, without waiting for a lease',
        async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 0,
        3_000,
      );
      assert.equal(receivedLeads().length, 6, 'each once');
      assert.equal(new Set(receivedLeads()).size, 6);
    } finally {
      release();
      app.delivery.worker!.start();
    }
  });

  it("a send that outlasts its lease keeps it while its worker lives; a dead worker's claim is taken over once the lease runs out", async () => {
    const { destination } = await createWebhook();
    let release = () => undefined as unknown;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer = () => ({ status: 200, hold: held });
    const other = await LeadDelivery.open(test.db, { allowPrivate: true, worker: false });
    const worker = await LeadDelivery.open(test.db, {
      allowPrivate: true,
      worker: { pollMs: 60_000, leaseMs: 300, retry: FAST_RETRY },
    });
    try {
      await queueWhileStopped(1, 'slow');
      worker.worker!.start();
      await eventually('being sent', () => receiver.received.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 900));
      assert.deepEqual(await other.store.claim('other', 60_000, 10), [], 'three leases later, still held');
    } finally {
      release();
      await worker.worker!.stop();
    }
    assert.equal((await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending, 0);
    assert.equal(receiver.received.length, 1, 'sent once');
  });

  it("a delivery's three days of tries start at its first try, not when the lead was stored", async () => {
    const { destination } = await createWebhook();
    await queueWhileStopped(1, 'window');
    const before = await test.db.query<{ started: unknown }>(
      'SELECT window_started_at AS started FROM deliveries WHERE destination_id = $1',
      [destination.id],
    );
    assert.equal(before[0]!.started, null, 'not started while it waits for a worker');
    app.delivery.worker!.start();
    await eventually(
      'delivered',
      async () => (await asOwner('GET', `/acme/destinations/${destination.id}`)).json().destination.pending === 0,
    );
    const after = await test.db.query<{ started: unknown }>(
      'SELECT window_started_at AS started FROM deliveries WHERE destination_id = $1',
      [destination.id],
    );
    assert.notEqual(after[0]!.started, null);
  });
});

describe('destinations in the owner API', () => {
  it('creates, lists, updates and deletes, refusing what is not a destination with each field named', async () => {
    const { destination } = await createWebhook();
    const bad = await asOwner('POST', '/acme/destinations', {
      kind: 'webhook',
      name: ' ',
      settings: { url: 'ftp://x.example/' },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      bad.json().fields.map((field: { field: string }) => field.field),
      ['settings.url', 'name'],
    );
    const email = await asOwner('POST', '/acme/destinations', {
      kind: 'email',
      name: 'Owners',
      settings: { to: ['not-an-address'] },
    });
    assert.deepEqual(
      email.json().fields.map((field: { field: string }) => field.field),
      ['kind', 'settings.to.0'],
    );
    assert.match(email.json().fields[0].message, /no SMTP server: set SMTP_URL/, 'e-mail needs SMTP_URL, named');
    assert.equal(email.json().fields[1].message, 'must be an e-mail address');
    assert.equal(
      (await asOwner('POST', '/acme/destinations', { kind: 'pigeon', name: 'x', settings: {} })).statusCode,
      400,
    );
    const renamed = await asOwner('PATCH', `/acme/destinations/${destination.id}`, {
      name: 'Renamed',
      fieldMap: { email: 'EMAIL' },
    });
    assert.equal(renamed.json().destination.name, 'Renamed');
    assert.deepEqual(
      (await asOwner('GET', '/acme/destinations')).json().destinations.map((entry: { name: string }) => entry.name),
      ['Renamed'],
    );
    assert.equal((await asOwner('DELETE', `/acme/destinations/${destination.id}`)).statusCode, 204);
    assert.equal((await asOwner('GET', `/acme/destinations/${destination.id}`)).statusCode, 404);
    assert.equal((await asOwner('GET', '/nosuchsite/destinations')).statusCode, 404);
  });

  it('sends a test lead and answers what the destination said; a rotated secret signs from then on', async () => {
    const { destination, secret } = await createWebhook();
    receiver.answer = () => ({ status: 418, body: 'I am a teapot' });
    const test1 = (await asOwner('POST', `/acme/destinations/${destination.id}/test`)).json().test;
    assert.deepEqual(
      { delivered: test1.delivered, statusCode: test1.statusCode, response: test1.response },
      { delivered: false, statusCode: 418, response: 'I am a teapot' },
    );
    assert.equal(JSON.parse(receiver.received[0]!.body).type, 'lead.test');
    assert.ok(verifyWebhook(secret, receiver.received[0]!.headers, receiver.received[0]!.body));

    const rotated = (await asOwner('POST', `/acme/destinations/${destination.id}/secret`)).json().secret;
    assert.notEqual(rotated, secret);
    receiver.answer = () => ({ status: 200, body: 'fine' });
    const test2 = (await asOwner('POST', `/acme/destinations/${destination.id}/test`)).json().test;
    assert.equal(test2.delivered, true);
    const last = receiver.received[1]!;
    assert.ok(verifyWebhook(rotated, last.headers, last.body));
    assert.equal(verifyWebhook(secret, last.headers, last.body), false);
  });

  it('answers a test send to an address nobody listens on with the network error, not a server error', async () => {
    const closed = await startReceiver();
    await closed.close();
    const { destination } = await createWebhook(closed.url);
    const answer = await asOwner('POST', `/acme/destinations/${destination.id}/test`);
    assert.equal(answer.statusCode, 200);
    assert.match(answer.json().test.error, /ECONNREFUSED/);
  });

  it("answers 404 when an owner names another site's destination, delivery or lead under their own site, and changes nothing", async () => {
    await seedClient(test.configuration, { client_id: 'globex' });
    const globexPopup = await seedPopup(test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
    const created = await asOwner('POST', '/globex/destinations', {
      kind: 'webhook',
      name: 'Globex hook',
      settings: { url: receiver.url },
    });
    const globexDestination = created.json().destination.id;
    receiver.answer = () => ({ status: 400 });
    const globexLead = await app.inject({
      method: 'POST',
      url: `/api/display/conversion/${globexPopup.viewer_id}`,
      payload: { email: 'g@globex.example', idempotency_key: '00000000-0000-4000-8000-99999999999a' },
    });
    const globexLeadId = Number(globexLead.json().conversion_id);
    await eventually(
      'globex delivery failed',
      async () => (await asOwner('GET', `/globex/destinations/${globexDestination}`)).json().destination.failed === 1,
    );
    const [globexDelivery] = (await asOwner('GET', `/globex/leads/${globexLeadId}/deliveries`)).json().deliveries;
    const before = await test.db.query("SELECT * FROM destinations WHERE client_id = 'globex'");
    const calls: [string, string, object?][] = [
      ['GET', `/acme/destinations/${globexDestination}`],
      ['PATCH', `/acme/destinations/${globexDestination}`, { name: 'taken' }],
      ['DELETE', `/acme/destinations/${globexDestination}`],
      ['POST', `/acme/destinations/${globexDestination}/test`],
      ['POST', `/acme/destinations/${globexDestination}/secret`],
      ['GET', `/acme/destinations/${globexDestination}/deliveries`],
      ['POST', `/acme/destinations/${globexDestination}/retry`],
      ['GET', `/acme/deliveries/${globexDelivery.id}`],
      ['POST', `/acme/deliveries/${globexDelivery.id}/retry`],
      ['GET', `/acme/leads/${globexLeadId}/deliveries`],
    ];
    const sentBefore = receiver.received.length;
    for (const [method, url, payload] of calls) {
      const answer = await asOwner(method as 'GET', url, payload);
      assert.equal(answer.statusCode, 404, `${method} ${url}: ${answer.body}`);
    }
    assert.deepEqual(await test.db.query("SELECT * FROM destinations WHERE client_id = 'globex'"), before);
    assert.equal(receiver.received.length, sentBefore, 'nothing was sent');
    assert.equal((await asOwner('GET', `/globex/deliveries/${globexDelivery.id}`)).json().delivery.status, 'failed');
  });
});

describe('the SSRF check at send time', () => {
  const strict = { allowPrivate: false };

  it('refuses loopback, private, link-local and IPv4-mapped addresses, resolving names first, and plain http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://localhost/hook',
    ]) {
      await assert.rejects(checkTarget(url, strict), /private or reserved address: refused/, url);
    }
    await assert.rejects(checkTarget('http://93.184.215.14/hook', strict), /must be an https:\/\/ URL/);
    await assert.rejects(checkTarget('https://user:pw@93.184.215.14/hook', strict), /user name or password/);
  });

  it('lets a public address through, and private ones when the admin allows them', async () => {
    assert.equal((await checkTarget('https://93.184.215.14/hook', strict)).address, '93.184.215.14');
    assert.equal((await checkTarget('http://127.0.0.1:9/hook', { allowPrivate: true })).address, '127.0.0.1');
    assert.equal(isForbiddenAddress('2606:4700:4700::1111'), false);
    assert.equal(isForbiddenAddress('::ffff:7f00:1'), true);
  });

  it('fails a queued delivery to a private address for good, without sending it', async () => {
    const strictApp = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      delivery: { allowPrivate: false, worker: false },
    });
    try {
      const created = await strictApp.inject({
        method: 'POST',
        url: '/api/owner/acme/destinations',
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
        payload: { kind: 'webhook', name: 'inside', settings: { url: 'https://127.0.0.1:1/hook' } },
      });
      assert.equal(created.statusCode, 201, created.body);
      const answer = await strictApp.inject({
        method: 'POST',
        url: `/api/owner/acme/destinations/${created.json().destination.id}/test`,
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      });
      assert.match(answer.json().test.error, /127\.0\.0\.1, a private or reserved address: refused/);
    } finally {
      await strictApp.close();
    }
  });
});
