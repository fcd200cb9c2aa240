// A destination's backlog through the server's real worker to the vendor fakes, in each vendor's batch call: the
// calls it takes, each lead's own answer inside a batch, and a lead retried after a failed batch sent once.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { eventually } from './test-receiver.ts';
import { BREVO_KEY } from './test-support/fakes/brevo.ts';
import type { FakeServer } from './test-support/fakes/fake.ts';
import { startVendorFakes, type VendorFakes } from './test-support/fakes/index.ts';
import { FAKE_KEYS, type FakeVendors, REJECTED_DOMAIN, startFakeVendors } from './test-vendors.ts';

let test: TestDatabase;
let app: FastifyInstance;
let vendors: FakeVendors;
let fakes: VendorFakes;
let fakeServer: FakeServer;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  vendors = await startFakeVendors();
  ({ fakes, server: fakeServer } = await startVendorFakes());
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    delivery: {
      allowPrivate: true,
      vendorBases: { ...fakeServer.bases, ...vendors.bases },
      // A retry waits 200–400 ms, many polls long: the leads of one failed batch come back together only if they share it.
      worker: { pollMs: 25, concurrency: 8, retry: { baseMs: 400, maxMs: 2_000, giveUpAfterMs: 60_000 } },
      // Far above what a loaded machine takes to answer, so that only the stalled call below times out.
      timeoutMs: 5_000,
    },
  });
});
after(async () => {
  await app?.close();
  await vendors?.close();
  await fakeServer?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await app.delivery.worker!.stop();
  await test.reset();
  for (const held of [vendors.mailchimp, vendors.klaviyo, vendors.hubspot, vendors.webhook]) held.clear();
  vendors.requests.length = 0;
  vendors.fail = () => null;
  fakes.brevo.contacts.clear();
  fakes.brevo.imports.length = 0;
  fakeServer.requests.clear();
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
});

const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

async function create(kind: string, body: object): Promise<{ id: number; secret?: string }> {
  const response = await asOwner('POST', '/acme/destinations', { kind, name: kind, ...body });
  assert.equal(response.statusCode, 201, response.body);
  return { id: response.json().destination.id as number, secret: response.json().secret };
}

let leadNumber = 0;
async function postLead(email: string): Promise<number> {
  leadNumber += 1;
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: {
      idempotency_key: `00000000-0000-4000-8000-${String(leadNumber).padStart(12, '0')}`,
      email,
      name: 'Jane Doe',
      consent: 'on',
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  return Number(response.json().conversion_id);
}

/**
 * A backlog: leads stored while the worker is stopped, then the worker started. Posted ten at a time, as visitors
 * at once: the server stores leads that arrive together in one statement and one flush, where one at a time each
 * paid its own.
 */
async function backlog(emails: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < emails.length; start += 10)
    ids.push(...(await Promise.all(emails.slice(start, start + 10).map(postLead))));
  app.delivery.worker!.start();
  return ids;
}

const emails = (count: number, domain = 'visitor.example') =>
  Array.from({ length: count }, (_, index) => `lead${index}@${domain}`);

type Delivery = { status: string; attempts: number; lastStatusCode: number | null; lastResponse: string | null };
const deliveryOf = async (leadId: number) =>
  (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries[0] as Delivery;

async function settled(leadIds: number[]): Promise<Delivery[]> {
  await eventually(
    'every lead settled',
    async () => (await test.db.query(`SELECT 1 FROM deliveries WHERE status = 'pending' LIMIT 1`)).length === 0,
    30_000,
  );
  return Promise.all(leadIds.map(deliveryOf));
}

const callsTo = (vendor: string, path: RegExp) =>
  vendors.requests.filter((request) => request.vendor === vendor && path.test(request.path));
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('a backlog in the vendor’s batch call', () => {
  it('HubSpot: 250 leads in ceil(250 / 100) = 3 batch upserts, each contact upserted once', async () => {
    await create('hubspot', { apiKey: FAKE_KEYS.hubspot, settings: {} });
    const leads = await backlog(emails(250));
    const deliveries = await settled(leads);
    assert.deepEqual(new Set(deliveries.map((delivery) => delivery.status)), new Set(['delivered']));
    const calls = callsTo('hubspot', /batch\/upsert$/);
    assert.equal(calls.length, 3);
    assert.deepEqual(calls.map((call) => JSON.parse(call.body).inputs.length).sort(), [100, 100, 50]);
    assert.equal(vendors.hubspot.size, 250);
    assert.ok([...vendors.hubspot.values()].every((contact) => contact.upserts === 1));
  });

  it('HubSpot: an input the 207 answer refuses fails alone; the others of its batch are delivered', async () => {
    await create('hubspot', { apiKey: FAKE_KEYS.hubspot, settings: {} });
    const leads = await backlog([...emails(3), `bad${REJECTED_DOMAIN}`, ...emails(2, 'other.example')]);
    const deliveries = await settled(leads);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.status),
      ['delivered', 'delivered', 'delivered', 'failed', 'delivered', 'delivered'],
    );
    assert.match(deliveries[3]!.lastResponse ?? '', /Property values were not valid/);
    assert.equal(callsTo('hubspot', /batch\/upsert$/).length, 1, 'nothing was sent again');
    assert.equal(vendors.hubspot.size, 5);
  });

  it('Mailchimp: new members in one batch subscribe, a refused one failed alone, an existing one upserted keeping its status', async () => {
    await create('mailchimp', { apiKey: FAKE_KEYS.mailchimp, settings: { listId: 'list1', tags: ['spring'] } });
    const known = 'known@visitor.example';
    vendors.mailchimp.set(`list1/${md5(known)}`, {
      email_address: known,
      status: 'unsubscribed',
      merge_fields: {},
      tags: [],
    });
    const leads = await backlog([...emails(4), `fake${REJECTED_DOMAIN}`, known]);
    const deliveries = await settled(leads);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.status),
      ['delivered', 'delivered', 'delivered', 'delivered', 'failed', 'delivered'],
    );
    assert.match(deliveries[4]!.lastResponse ?? '', /looks fake or invalid/);
    const batches = callsTo('mailchimp', /^\/mailchimp\/3\.0\/lists\/list1$/);
    assert.equal(batches.length, 1);
    assert.equal(JSON.parse(batches[0]!.body).update_existing, false);
    assert.deepEqual(vendors.mailchimp.get(`list1/${md5('lead0@visitor.example')}`), {
      email_address: 'lead0@visitor.example',
      status: 'subscribed',
      merge_fields: { FNAME: 'Jane', LNAME: 'Doe' },
      tags: ['spring'],
    });
    assert.equal(vendors.mailchimp.get(`list1/${md5(known)}`)!.status, 'unsubscribed', 'no one is resubscribed');
    assert.equal(callsTo('mailchimp', /\/members\/[0-9a-f]{32}$/).length, 1, 'only the existing member alone');
  });

  it('Mailchimp: an audience with a marketing permission sends lead by lead', async () => {
    await create('mailchimp', {
      apiKey: FAKE_KEYS.mailchimp,
      settings: { listId: 'list1', marketingPermissionId: 'perm1' },
    });
    await settled(await backlog(emails(3)));
    assert.equal(callsTo('mailchimp', /^\/mailchimp\/3\.0\/lists\/list1$/).length, 0);
    assert.equal(callsTo('mailchimp', /\/members\/[0-9a-f]{32}$/).length, 3);
  });

  it('Klaviyo: a job refused whole for one address is retried lead by lead; only that lead fails', async () => {
    await create('klaviyo', { apiKey: FAKE_KEYS.klaviyo, settings: { listId: 'L1' } });
    const leads = await backlog([...emails(3), `bad${REJECTED_DOMAIN}`]);
    const deliveries = await settled(leads);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.status),
      ['delivered', 'delivered', 'delivered', 'failed'],
    );
    assert.deepEqual(
      deliveries.map((delivery) => delivery.attempts),
      [2, 2, 2, 2],
    );
    const jobs = callsTo('klaviyo', /profile-subscription-bulk-create-jobs$/).map(
      (call) => JSON.parse(call.body).data.attributes.profiles.data.length,
    );
    assert.deepEqual(jobs, [4, 1, 1, 1, 1]);
    assert.ok([...vendors.klaviyo.values()].every((profile) => profile.jobs === 1));
  });

  it('Klaviyo: a job answered 503 is retried, still in one job, and no profile is subscribed twice', async () => {
    await create('klaviyo', { apiKey: FAKE_KEYS.klaviyo, settings: { listId: 'L1' } });
    vendors.fail = (vendor, index) => (vendor === 'klaviyo' && index === 0 ? { status: 503 } : null);
    const deliveries = await settled(await backlog(emails(5)));
    assert.ok(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 2));
    assert.equal(callsTo('klaviyo', /profile-subscription-bulk-create-jobs$/).length, 2);
    assert.equal(vendors.klaviyo.size, 5);
    assert.ok([...vendors.klaviyo.values()].every((profile) => profile.jobs === 1));
  });

  it('Brevo: one import into the lists; a destination with double opt-in sends lead by lead', async () => {
    await create('brevo', { apiKey: BREVO_KEY, settings: { listIds: [7] } });
    const deliveries = await settled(await backlog(emails(5)));
    assert.ok(deliveries.every((delivery) => delivery.status === 'delivered'));
    assert.deepEqual(fakes.brevo.imports, [5]);
    assert.deepEqual(fakes.brevo.contacts.get('lead0@visitor.example')?.listIds, [7]);
    assert.deepEqual(fakes.brevo.contacts.get('lead0@visitor.example')?.attributes, {
      FIRSTNAME: 'Jane',
      LASTNAME: 'Doe',
    });

    await app.delivery.worker!.stop();
    await create('brevo', {
      apiKey: BREVO_KEY,
      settings: { listIds: [8], doubleOptInTemplateId: 3, redirectionUrl: 'https://acme.example/thanks' },
    });
    await settled(await backlog(emails(2, 'later.example')));
    assert.deepEqual(fakes.brevo.imports, [5, 2], 'the first destination imported its two; the second, none');
    assert.equal(fakes.brevo.doubleOptIns.size, 2);
  });
});

describe('a webhook that takes batches', () => {
  const sign = (secret: string, id: string, timestamp: string, body: string) =>
    `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64')}`;

  it('sends { leads } signed over the whole body, 100 at most, each item with the webhook-id it would have alone', async () => {
    const { secret } = await create('webhook', {
      settings: { url: `${vendors.bases.hubspot.replace('/hubspot', '/webhook')}/in`, batchLeads: true },
    });
    const leads = await backlog(emails(250));
    const deliveries = await settled(leads);
    assert.ok(deliveries.every((delivery) => delivery.status === 'delivered'));
    const calls = callsTo('webhook', /\/in$/);
    assert.deepEqual(calls.map((call) => JSON.parse(call.body).leads.length).sort(), [100, 100, 50]);
    for (const call of calls) {
      const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = call.headers;
      assert.equal(signature, sign(secret!, String(id), String(timestamp), call.body));
      const body = JSON.parse(call.body);
      assert.equal(body.type, 'leads.created');
      assert.match(body.leads[0].webhook_id, /^dlv_\d+$/);
      assert.equal(body.leads[0].type, 'lead.created');
    }
    assert.equal(vendors.webhook.size, 250);
  });

  it('after a batch that timed out, its leads come again with the same item ids, so the receiver keeps each once', async () => {
    await create('webhook', {
      settings: { url: `${vendors.bases.hubspot.replace('/hubspot', '/webhook')}/in`, batchLeads: true },
    });
    vendors.fail = (vendor, index) => (vendor === 'webhook' && index === 0 ? { stallMs: 7_000 } : null);
    const deliveries = await settled(await backlog(emails(5)));
    assert.ok(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 2));
    assert.equal(vendors.webhook.size, 5, 'five leads, each under its own id');
    assert.ok([...vendors.webhook.values()].every((item) => item.times === 2));
  });

  it('without the opt-in, sends each lead alone in the single-lead shape', async () => {
    await create('webhook', { settings: { url: `${vendors.bases.hubspot.replace('/hubspot', '/webhook')}/in` } });
    await settled(await backlog(emails(3)));
    const calls = callsTo('webhook', /\/in$/);
    assert.equal(calls.length, 3);
    assert.ok(calls.every((call) => JSON.parse(call.body).lead?.email));
  });
});
