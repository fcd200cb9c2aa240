import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { hubspotRequest } from './adapters/hubspot.ts';
import type { LeadForDelivery } from './delivery-store.ts';
import { eventually } from './test-receiver.ts';
import { FAKE_KEYS, type FakeVendors, startFakeVendors } from './test-vendors.ts';
import { JANES_FORM, submitWidgetLead } from './test-widget-lead.ts';
import { KLAVIYO_REVISION } from './vendors.ts';

let test: TestDatabase;
let app: FastifyInstance;
let vendors: FakeVendors;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  vendors = await startFakeVendors();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    delivery: {
      allowPrivate: true,
      vendorBases: vendors.bases,
      worker: { pollMs: 25, concurrency: 8, retry: { baseMs: 20, maxMs: 2_000, giveUpAfterMs: 60_000 } },
    },
  });
});
after(async () => {
  await app?.close();
  await vendors?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await test.reset();
  vendors.mailchimp.clear();
  vendors.klaviyo.clear();
  vendors.hubspot.clear();
  vendors.requests.length = 0;
  vendors.fail = () => null;
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
});

const asOwner = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

async function createVendor(kind: 'mailchimp' | 'klaviyo' | 'hubspot', settings: object, extra: object = {}) {
  const response = await asOwner('POST', '/acme/destinations', {
    kind,
    name: kind,
    apiKey: FAKE_KEYS[kind],
    settings,
    ...extra,
  });
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(JSON.stringify(response.json()).includes(FAKE_KEYS[kind]), false, 'the API key is not read back');
  return response.json().destination.id as number;
}

let leadNumber = 0;
async function submitLead(fields: Record<string, string>) {
  leadNumber += 1;
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: { idempotency_key: `00000000-0000-4000-8000-${String(leadNumber).padStart(12, '0')}`, ...fields },
  });
  assert.equal(response.statusCode, 200, response.body);
  return Number(response.json().conversion_id);
}

const deliveriesOf = async (leadId: number) =>
  (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries as {
    status: string;
    lastResponse: string | null;
    lastStatusCode: number | null;
  }[];
const settled = (leadId: number) =>
  eventually(`lead ${leadId} settled`, async () =>
    (await deliveriesOf(leadId)).every((delivery) => delivery.status !== 'pending'),
  );
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('Mailchimp', () => {
  it('adds or updates the audience member with merge fields (mapped too), double opt-in as pending, and its tags', async () => {
    await createVendor(
      'mailchimp',
      { listId: 'list1', doubleOptIn: true, tags: ['poptin', 'spring'] },
      { fieldMap: { Company: 'COMPANY' } },
    );
    const leadId = await submitLead({
      email: 'Jane@Visitor.example',
      name: 'Jane Q Doe',
      Company: 'Acme',
      consent: 'on',
    });
    await settled(leadId);
    assert.equal((await deliveriesOf(leadId))[0]!.status, 'delivered');
    const member = vendors.mailchimp.get(`list1/${md5('jane@visitor.example')}`);
    assert.deepEqual(member, {
      email_address: 'Jane@Visitor.example',
      status: 'pending',
      merge_fields: { FNAME: 'Jane', LNAME: 'Q Doe', COMPANY: 'Acme' },
      tags: ['poptin', 'spring'],
    });
    assert.deepEqual(
      vendors.requests.map((request) => `${request.method} ${request.path.replace(/[0-9a-f]{32}/, 'HASH')}`),
      ['PUT /mailchimp/3.0/lists/list1/members/HASH', 'POST /mailchimp/3.0/lists/list1/members/HASH/tags'],
    );
  });

  it('does not subscribe a visitor who left the consent box unticked', async () => {
    await createVendor('mailchimp', { listId: 'list1' });
    const leadId = await submitLead({ email: 'no@visitor.example', consent: '' });
    await settled(leadId);
    assert.deepEqual(
      (await deliveriesOf(leadId)).map((delivery) => [delivery.status, delivery.lastResponse]),
      [['delivered', 'not sent: the visitor did not consent to marketing e-mail']],
    );
    assert.equal(vendors.requests.length, 0);
  });

  it("keeps a wrong API key's 401 as a failure with Mailchimp's answer, and a test send shows it", async () => {
    const id = await createVendor('mailchimp', { listId: 'list1' });
    await asOwner('PATCH', `/acme/destinations/${id}`, { apiKey: 'wrong-us6' });
    const leadId = await submitLead({ email: 'x@visitor.example' });
    await settled(leadId);
    const [delivery] = await deliveriesOf(leadId);
    assert.equal(delivery!.status, 'failed');
    assert.equal(delivery!.lastStatusCode, 401);
    assert.match(delivery!.lastResponse!, /API Key Invalid/);
    const shown = (await asOwner('POST', `/acme/destinations/${id}/test`)).json().test;
    assert.deepEqual([shown.delivered, shown.statusCode], [false, 401]);
  });
});

describe('Klaviyo', () => {
  it('subscribes the profile to the list with consent recorded, on the documented revision, after a 429 with Retry-After', async () => {
    await createVendor('klaviyo', { listId: 'Xy12Ab' });
    vendors.fail = (vendor, index) =>
      vendor === 'klaviyo' && index === 0 ? { status: 429, headers: { 'retry-after': '1' } } : null;
    const leadId = await submitLead({ email: 'k@visitor.example', phone: '+15555550100' });
    await eventually('delivered', async () => (await deliveriesOf(leadId))[0]?.status === 'delivered');
    assert.deepEqual(vendors.klaviyo.get('Xy12Ab/k@visitor.example'), {
      email: 'k@visitor.example',
      consent: 'SUBSCRIBED',
      jobs: 1,
    });
    const [first, second] = vendors.requests;
    assert.equal(second!.headers.revision, KLAVIYO_REVISION);
    assert.equal(second!.headers.authorization, `Klaviyo-API-Key ${FAKE_KEYS.klaviyo}`);
    assert.equal(second!.headers['content-type'], 'application/vnd.api+json');
    assert.equal(first!.body, second!.body, 'the retry sends the same job');
  });
});

describe('HubSpot', () => {
  it('creates or updates the contact by e-mail, once per lead, with mapped properties', async () => {
    await createVendor('hubspot', {}, { fieldMap: { consent: 'marketing_consent', Company: 'company' } });
    const first = await submitLead({
      email: 'h@visitor.example',
      name: 'Hana Levi',
      Company: 'Levi Ltd',
      consent: 'on',
    });
    // The second lead after the first was delivered: two calls, the second updating the contact the first made (two
    // leads of one address waiting together go as one input of one call, checked below).
    await settled(first);
    const second = await submitLead({ email: 'h@visitor.example', phone: '+972501234567' });
    await settled(second);
    assert.deepEqual(vendors.hubspot.get('h@visitor.example'), {
      properties: {
        email: 'h@visitor.example',
        firstname: 'Hana',
        lastname: 'Levi',
        company: 'Levi Ltd',
        marketing_consent: 'on',
        phone: '+972501234567',
      },
      upserts: 2,
    });
    assert.equal(vendors.requests[0]!.headers.authorization, `Bearer ${FAKE_KEYS.hubspot}`);
  });

  it('sends two leads of one address waiting together as one input, the later one updating the earlier', () => {
    const lead = (id: number, email: string, name: string | null, phone: string | null): LeadForDelivery => ({
      id,
      createdAt: '2026-11-30T10:00:00.000Z',
      clientId: 'acme',
      poptinId: 'popup1',
      email,
      name,
      phone,
      url: null,
      fields: {},
    });
    const request = hubspotRequest('https://api.hubapi.com', {}, 'token', [
      lead(1, 'h@visitor.example', 'Hana Levi', null),
      lead(2, 'other@visitor.example', null, null),
      lead(3, 'H@Visitor.example', null, '+972501234567'),
    ]);
    assert.deepEqual(JSON.parse(request.body!).inputs, [
      {
        id: 'h@visitor.example',
        idProperty: 'email',
        properties: { email: 'h@visitor.example', firstname: 'Hana', lastname: 'Levi', phone: '+972501234567' },
      },
      { id: 'other@visitor.example', idProperty: 'email', properties: { email: 'other@visitor.example' } },
    ]);
  });

  it('refuses a vendor destination without its API key or list, naming the fields', async () => {
    const response = await asOwner('POST', '/acme/destinations', { kind: 'klaviyo', name: 'k', settings: {} });
    assert.deepEqual(
      response.json().fields.map((field: { field: string }) => field.field),
      ['settings.listId', 'apiKey'],
    );
  });
});

describe('the field mapping of a lead the widget sent', () => {
  it("fills HubSpot's properties and Mailchimp's merge fields from its custom field, id and created_at, by any spelling", async () => {
    await createVendor('hubspot', {}, { fieldMap: { COMPANY: 'company', id: 'poptin_lead_id' } });
    await createVendor('mailchimp', { listId: 'list1' }, { fieldMap: { Company: 'COMPANY', CreatedAt: 'SIGNUP' } });
    const leadId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000911', JANES_FORM);
    await settled(leadId);
    assert.deepEqual(
      (await deliveriesOf(leadId)).map((delivery) => delivery.status),
      ['delivered', 'delivered'],
    );
    assert.deepEqual(vendors.hubspot.get('jane@acme.example')?.properties, {
      email: 'jane@acme.example',
      firstname: 'Jane',
      lastname: 'Doe',
      company: 'Acme',
      poptin_lead_id: leadId,
    });
    const member = vendors.mailchimp.get(`list1/${md5('jane@acme.example')}`);
    assert.equal(member?.merge_fields.COMPANY, 'Acme');
    assert.match(String(member?.merge_fields.SIGNUP), /^\d{4}-\d{2}-\d{2}T/);
  });
  it("subscribes no one who left the form's consent box unticked, and subscribes from a form that has no box", async () => {
    await createVendor('mailchimp', { listId: 'list1' });
    await createVendor('klaviyo', { listId: 'L1' });
    const unticked = JANES_FORM.map((field) => (field.name === 'consent' ? { ...field, checked: false } : field));
    const refusedId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000912', unticked);
    await settled(refusedId);
    assert.deepEqual(
      (await deliveriesOf(refusedId)).map((delivery) => delivery.lastResponse),
      [
        'not sent: the visitor did not consent to marketing e-mail',
        'not sent: the visitor did not consent to marketing e-mail',
      ],
    );
    assert.equal(vendors.requests.length, 0, 'neither vendor was called');

    const noBox = JANES_FORM.filter((field) => field.name !== 'consent');
    const subscribedId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000913', noBox);
    await settled(subscribedId);
    assert.ok(vendors.mailchimp.has(`list1/${md5('jane@acme.example')}`), 'a form without a consent box subscribes');
  });
});

describe('consent sent to the vendors that take it', () => {
  const CONSENT_LEAD = {
    email: 'maya@visitor.example',
    checkbox_checked: 'yes',
    consent_shown: 'yes',
    consent_text: 'Send me offers by e-mail',
  };

  it("gives Mailchimp the marketing permission the owner named, with the visitor's sign-up time", async () => {
    await createVendor('mailchimp', { listId: 'list1', marketingPermissionId: 'perm42' });
    const leadId = await submitLead(CONSENT_LEAD);
    await eventually('delivered', async () => (await deliveriesOf(leadId))[0]?.status === 'delivered');
    const body = JSON.parse(vendors.requests[0]!.body);
    assert.deepEqual(body.marketing_permissions, [{ marketing_permission_id: 'perm42', enabled: true }]);
    assert.match(body.timestamp_signup, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    assert.equal(body.timestamp_opt, undefined, 'no confirmation time without double opt-in');
  });

  it('tells Klaviyo when a visitor confirmed by our double opt-in, so that it sends no second confirmation', async () => {
    popup = await seedPopup(test.configuration, {
      client_id: 'acme',
      poptin_id: 'acmepopup0001',
      visitor_email: { enabled: true, subject: 'Hi', body: 'Hi', double_opt_in: true },
    });
    await createVendor('klaviyo', { listId: 'Xy12Ab', confirmedOnly: true });
    const leadId = await submitLead(CONSENT_LEAD);
    await test.db.query(`UPDATE conversions SET opt_in = 'confirmed', confirmed_at = now() WHERE id = $1`, [leadId]);
    await test.db.query(
      `INSERT INTO deliveries (destination_id, conversion_id, client_id) SELECT id, $1, client_id FROM destinations WHERE kind = 'klaviyo'`,
      [leadId],
    );
    await eventually('subscribed', () => vendors.klaviyo.has('Xy12Ab/maya@visitor.example'));
    const body = JSON.parse(vendors.requests.find((request) => request.vendor === 'klaviyo')!.body);
    assert.equal(body.data.attributes.historical_import, true);
    const marketing = body.data.attributes.profiles.data[0].attributes.subscriptions.email.marketing;
    assert.equal(marketing.consent, 'SUBSCRIBED');
    assert.match(marketing.consented_at, /^\d{4}-\d{2}-\d{2}T/);
  });
});
