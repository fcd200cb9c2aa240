// Each vendor of adapters/ through the server's real worker to its fake (test-support/fakes/): a widget lead goes in,
// and what the fake holds is what the vendor would, after the vendor's own rate-limit answer on the first try.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DESTINATION_KINDS } from '../../src/core/api/delivery-contract.ts';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { eventually } from './test-receiver.ts';
import { ACTIVECAMPAIGN_KEY } from './test-support/fakes/activecampaign.ts';
import { BREVO_KEY } from './test-support/fakes/brevo.ts';
import type { FakeServer } from './test-support/fakes/fake.ts';
import { GETRESPONSE_KEY } from './test-support/fakes/getresponse.ts';
import { startVendorFakes, type VendorFakes } from './test-support/fakes/index.ts';
import { KIT_KEY } from './test-support/fakes/kit.ts';
import { MAILERLITE_TOKEN } from './test-support/fakes/mailerlite.ts';
import { OMNISEND_KEY } from './test-support/fakes/omnisend.ts';
import { SLACK_HOOK_PATH } from './test-support/fakes/slack.ts';
import { JANES_FORM, submitWidgetLead } from './test-widget-lead.ts';

let test: TestDatabase;
let app: FastifyInstance;
let fakes: VendorFakes;
let server: FakeServer;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  ({ fakes, server } = await startVendorFakes());
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    delivery: {
      // Owner-chosen URLs stay refused on private addresses; only the replaced vendor addresses reach 127.0.0.1.
      allowPrivate: false,
      vendorBases: server.bases,
      worker: { pollMs: 25, concurrency: 8, retry: { baseMs: 20, maxMs: 3_000, giveUpAfterMs: 60_000 } },
      timeoutMs: 3_000,
    },
  });
});
after(async () => {
  await app?.close();
  await server?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await app.delivery.worker!.stop();
  await test.reset();
  server.requests.clear();
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  app.delivery.worker!.start();
});

const asOwner = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

async function create(kind: string, body: object): Promise<number> {
  const response = await asOwner('POST', '/acme/destinations', { kind, name: kind, ...body });
  assert.equal(response.statusCode, 201, response.body);
  const { apiKey, credentials } = body as { apiKey?: string; credentials?: Record<string, string> };
  const secrets = [...(apiKey ? [apiKey] : []), ...Object.values(credentials ?? {})];
  const listed = JSON.stringify((await asOwner('GET', '/acme/destinations')).json());
  for (const secret of secrets) assert.equal(listed.includes(secret.slice(-24)), false, 'no secret is read back');
  return response.json().destination.id as number;
}

let leads = 0;
async function sendJane(form = JANES_FORM): Promise<number> {
  leads += 1;
  return submitWidgetLead(app, popup, `00000000-0000-4000-8000-${String(leads).padStart(12, '0')}`, form);
}

const deliveriesOf = async (leadId: number) =>
  (await asOwner('GET', `/acme/leads/${leadId}/deliveries`)).json().deliveries as {
    status: string;
    attempts: number;
    lastResponse: string | null;
    lastStatusCode: number | null;
    lastError: string | null;
  }[];

async function delivered(leadId: number) {
  await eventually(
    `lead ${leadId} delivered`,
    async () => (await deliveriesOf(leadId)).every((delivery) => delivery.status !== 'pending'),
    15_000,
  );
  const [delivery] = await deliveriesOf(leadId);
  assert.equal(delivery!.status, 'delivered', JSON.stringify(delivery));
  return delivery!;
}

/** The first try met the vendor's rate limit; the second came after the wait it asked for. */
function retriedAfterLimit(kind: string, waitMs: number) {
  const [first, second] = server.requests.get(kind) ?? [];
  assert.ok(first && second, `${kind} was tried twice`);
  assert.ok(second.at - first.at >= waitMs - 50, `${kind}: the retry waited ${second.at - first.at} ms of ${waitMs}`);
}

describe('Brevo', () => {
  it('creates or updates the contact in its lists after the rate limit’s reset, and asks for double opt-in when set', async () => {
    server.limitNext('brevo', 1);
    await create('brevo', { settings: { listIds: [7, 9] }, apiKey: BREVO_KEY, fieldMap: { company: 'COMPANY' } });
    const leadId = await sendJane();
    assert.equal((await delivered(leadId)).attempts, 2);
    retriedAfterLimit('brevo', 1000);
    assert.deepEqual(fakes.brevo.contacts.get('jane@acme.example'), {
      id: 1,
      email: 'jane@acme.example',
      attributes: { FIRSTNAME: 'Jane', LASTNAME: 'Doe', COMPANY: 'Acme' },
      listIds: [7, 9],
      writes: 1,
    });
    // A second lead of the same visitor updates her (updateEnabled), it is no "duplicate_parameter" failure.
    await delivered(await sendJane());
    assert.equal(fakes.brevo.contacts.get('jane@acme.example')!.writes, 2);

    const refused = await asOwner('POST', '/acme/destinations', {
      kind: 'brevo',
      name: 'doi',
      apiKey: BREVO_KEY,
      settings: { listIds: [7], doubleOptInTemplateId: 3 },
    });
    assert.deepEqual(
      refused.json().fields.map((field: { field: string }) => field.field),
      ['settings.redirectionUrl'],
    );
  });

  it('sends the double opt-in e-mail request with its template and the page confirmed visitors land on', async () => {
    await create('brevo', {
      settings: { listIds: [7], doubleOptInTemplateId: 3, redirectionUrl: 'https://acme.example/thanks' },
      apiKey: BREVO_KEY,
    });
    await delivered(await sendJane());
    assert.deepEqual(fakes.brevo.doubleOptIns.get('jane@acme.example'), {
      templateId: 3,
      includeListIds: [7],
      redirectionUrl: 'https://acme.example/thanks',
    });
  });
});

describe('MailerLite', () => {
  it('upserts the subscriber into its groups with its fields, after a 429 with Retry-After', async () => {
    server.limitNext('mailerlite', 1);
    await create('mailerlite', { settings: { groupIds: ['111', '222'] }, apiKey: MAILERLITE_TOKEN });
    await delivered(await sendJane());
    retriedAfterLimit('mailerlite', 1000);
    const subscriber = fakes.mailerlite.subscribers.get('jane@acme.example')!;
    assert.deepEqual(
      { status: subscriber.status, fields: subscriber.fields, groups: subscriber.groups },
      { status: 'active', fields: { name: 'Jane', last_name: 'Doe' }, groups: ['111', '222'] },
    );
  });

  it('keeps a wrong token’s 401 as a failure with MailerLite’s answer', async () => {
    await create('mailerlite', { settings: {}, apiKey: 'wrong' });
    const leadId = await sendJane();
    await eventually('failed', async () => (await deliveriesOf(leadId))[0]!.status === 'failed');
    const [delivery] = await deliveriesOf(leadId);
    assert.equal(delivery!.lastStatusCode, 401);
    assert.match(delivery!.lastResponse ?? '', /Unauthenticated/);
  });
});

describe('ActiveCampaign', () => {
  it('syncs the contact, subscribes it to the list and adds its tags, by the id the sync answered', async () => {
    server.limitNext('activecampaign', 1);
    await create('activecampaign', {
      settings: { accountUrl: 'https://acme.api-us1.com', listId: '3', tagIds: ['12', '13'] },
      apiKey: ACTIVECAMPAIGN_KEY,
    });
    await delivered(await sendJane());
    const contact = fakes.activecampaign.contacts.get('jane@acme.example')!;
    assert.deepEqual(
      { firstName: contact.firstName, lastName: contact.lastName },
      { firstName: 'Jane', lastName: 'Doe' },
    );
    assert.equal(fakes.activecampaign.lists.get(`3/${contact.id}`), 1);
    assert.deepEqual([...fakes.activecampaign.tags], [`${contact.id}/12`, `${contact.id}/13`]);
  });

  it('refuses an account URL that is not an ActiveCampaign API address', async () => {
    const response = await asOwner('POST', '/acme/destinations', {
      kind: 'activecampaign',
      name: 'ac',
      apiKey: ACTIVECAMPAIGN_KEY,
      settings: { accountUrl: 'https://169.254.169.254/', listId: '3' },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(
      response.json().fields.map((field: { field: string }) => field.field),
      ['settings.accountUrl'],
    );
  });
});

describe('Kit', () => {
  it('creates the subscriber, then adds it to the form and tags it, by e-mail', async () => {
    server.limitNext('kit', 1);
    await create('kit', { settings: { formId: '217', tagIds: ['5'] }, apiKey: KIT_KEY });
    await delivered(await sendJane());
    assert.equal(fakes.kit.subscribers.get('jane@acme.example')!.first_name, 'Jane');
    assert.deepEqual([...fakes.kit.forms], ['217/jane@acme.example']);
    assert.deepEqual([...fakes.kit.tags], ['5/jane@acme.example']);
  });
});

describe('Omnisend', () => {
  it('creates the contact subscribed on its e-mail channel, with where and when consent was given', async () => {
    server.limitNext('omnisend', 1);
    await create('omnisend', { settings: { tags: ['spring'] }, apiKey: OMNISEND_KEY });
    const leadId = await sendJane();
    await delivered(leadId);
    retriedAfterLimit('omnisend', 1000);
    const contact = fakes.omnisend.contacts.get('jane@acme.example')!;
    assert.equal(contact.identifier.channels?.email?.status, 'subscribed');
    assert.match(contact.identifier.consent!.source, /pop-up acmepopup0001 on https:\/\/acme\.example\/spring/);
    assert.deepEqual(contact.tags, ['source: poptin-elements', 'spring']);
    assert.deepEqual(
      { firstName: contact.firstName, lastName: contact.lastName },
      { firstName: 'Jane', lastName: 'Doe' },
    );
  });

  it('adds no one who left the consent box unticked', async () => {
    await create('omnisend', { settings: {}, apiKey: OMNISEND_KEY });
    const unticked = JANES_FORM.map((field) => (field.name === 'consent' ? { ...field, checked: false } : field));
    const leadId = await sendJane(unticked);
    const delivery = await delivered(leadId);
    assert.match(delivery.lastResponse ?? '', /did not consent/);
    assert.equal(server.requests.get('omnisend'), undefined, 'nothing was sent to Omnisend');
  });
});

describe('GetResponse', () => {
  it('adds the contact to the campaign, waits out X-RateLimit-Reset, and takes "already added" (409, 1008) as done', async () => {
    server.limitNext('getresponse', 1);
    await create('getresponse', { settings: { campaignId: 'V8yUw' }, apiKey: GETRESPONSE_KEY });
    await delivered(await sendJane());
    retriedAfterLimit('getresponse', 1000);
    assert.deepEqual(fakes.getresponse.contacts.get('V8yUw/jane@acme.example')!.name, 'Jane Doe');
    const again = await delivered(await sendJane());
    assert.equal(again.lastStatusCode, 409);
    assert.equal(fakes.getresponse.contacts.size, 1);
  });
});

describe('Constant Contact', () => {
  it('refreshes the access token, keeps the rotated refresh token sealed, and refreshes again after a 401', async () => {
    const cc = fakes.constantcontact;
    await create('constantcontact', {
      settings: { listIds: ['07936f78-662a-11eb-af0a-fa163e56c9b0'] },
      credentials: {
        clientId: cc.oauth.clientId,
        clientSecret: cc.oauth.clientSecret,
        refreshToken: cc.oauth.refreshToken,
      },
    });
    await delivered(await sendJane());
    assert.deepEqual(cc.contacts.get('jane@acme.example')!.list_memberships, ['07936f78-662a-11eb-af0a-fa163e56c9b0']);
    assert.equal(cc.oauth.grants, 1);
    // The access token expires; the refresh token in use was rotated by the first grant: only the kept one works.
    cc.oauth.expireAccessTokens();
    await delivered(await sendJane());
    assert.equal(cc.oauth.grants, 2);
    assert.equal(cc.contacts.get('jane@acme.example')!.writes, 2);
  });
});

describe('AWeber', () => {
  it('adds the subscriber with its tags, updates it the second time, and waits out a 403 rate limit', async () => {
    const aw = fakes.aweber;
    await create('aweber', {
      settings: { accountId: '1234', listId: '5678', tags: ['popup'] },
      credentials: {
        clientId: aw.oauth.clientId,
        clientSecret: aw.oauth.clientSecret,
        refreshToken: aw.oauth.refreshToken,
      },
    });
    await delivered(await sendJane());
    server.limitNext('aweber', 1);
    const second = await delivered(await sendJane());
    assert.equal(second.attempts, 2, 'the 403 rate limit was retried, not given up');
    assert.equal(second.lastStatusCode, 209);
    assert.deepEqual(aw.subscribers.get('1234/5678/jane@acme.example'), {
      email: 'jane@acme.example',
      name: 'Jane Doe',
      tags: ['popup'],
      custom_fields: {},
      writes: 2,
    });
  });
});

describe('Slack', () => {
  it('posts a message per lead to the incoming webhook, and a test lead shows Slack’s answer', async () => {
    server.limitNext('slack', 1);
    const id = await create('slack', {
      settings: {},
      apiKey: `https://hooks.slack.com${SLACK_HOOK_PATH}`,
      fieldMap: { company: 'Company' },
    });
    await delivered(await sendJane());
    retriedAfterLimit('slack', 1000);
    const [message] = fakes.slack.messages;
    assert.equal(message!.text, 'New lead: jane@acme.example');
    assert.match(JSON.stringify(message!.blocks), /\*Company\*\\nAcme/);
    fakes.slack.archived = true;
    const test = (await asOwner('POST', `/acme/destinations/${id}/test`)).json().test;
    assert.deepEqual(
      { delivered: test.delivered, statusCode: test.statusCode, response: test.response },
      { delivered: false, statusCode: 410, response: 'channel_is_archived' },
    );
    fakes.slack.archived = false;
  });

  it('takes only a Slack incoming webhook URL', async () => {
    const response = await asOwner('POST', '/acme/destinations', {
      kind: 'slack',
      name: 's',
      settings: {},
      apiKey: 'https://evil.example/services/a/b/c',
    });
    assert.deepEqual(
      response.json().fields.map((field: { field: string }) => field.field),
      ['apiKey'],
    );
  });
});

describe('Google Sheets', () => {
  it('signs a JWT with the service account’s key, and appends a row per lead', async () => {
    const sheets = fakes.googlesheets;
    await create('googlesheets', {
      settings: { spreadsheetId: sheets.spreadsheetId, sheet: 'Leads' },
      credentials: { client_email: sheets.serviceAccount.client_email, private_key: sheets.serviceAccount.private_key },
      fieldMap: { company: 'Company' },
    });
    const leadId = await sendJane();
    await delivered(leadId);
    const [row] = sheets.sheets.get('Leads')!;
    assert.deepEqual(row!.slice(1), [
      leadId,
      'jane@acme.example',
      'Jane Doe',
      '',
      'https://acme.example/spring',
      'yes',
      'Acme',
    ]);
  });

  it('fails for good, saying so, when the sheet is not shared with the account', async () => {
    const sheets = fakes.googlesheets;
    await create('googlesheets', {
      settings: { spreadsheetId: 'notShared' },
      credentials: { client_email: sheets.serviceAccount.client_email, private_key: sheets.serviceAccount.private_key },
    });
    const leadId = await sendJane();
    await eventually('failed', async () => (await deliveriesOf(leadId))[0]!.status === 'failed');
    assert.match((await deliveriesOf(leadId))[0]!.lastResponse ?? '', /PERMISSION_DENIED/);
  });
});

describe('replaced vendor addresses', () => {
  it('leave owner-chosen URLs under the SSRF check', async () => {
    const response = await asOwner('POST', '/acme/destinations', {
      kind: 'webhook',
      name: 'hook',
      settings: { url: `${server.origin}/hook` },
    });
    assert.equal(response.statusCode, 400, 'plain http to 127.0.0.1 is refused while vendors are replaced');
  });

  it('are refused in production', async () => {
    const { readSettings } = await import('../platform/settings.ts');
    assert.throws(
      () =>
        readSettings({
          NODE_ENV: 'production',
          OWNER_TOKEN: 'a-production-owner-token-0123456789abcdef',
          DELIVERY_VENDOR_BASES: 'brevo=http://127.0.0.1:9/brevo',
        }),
      /refused when NODE_ENV=production/,
    );
    assert.deepEqual(readSettings({ DELIVERY_VENDOR_BASES: 'brevo=http://127.0.0.1:9/brevo/' }).delivery.vendorBases, {
      brevo: 'http://127.0.0.1:9/brevo',
    });
  });
});

describe('the kinds an owner can choose', () => {
  it('lists every kind with its name, purpose, settings and documentation', async () => {
    const { kinds } = (await asOwner('GET', '/acme/destination-kinds')).json() as {
      kinds: { kind: string; name: string; purpose: string; docs: string[] }[];
    };
    assert.deepEqual(
      kinds.map((kind) => kind.kind),
      [...DESTINATION_KINDS],
    );
    for (const kind of kinds) {
      assert.ok(kind.name && kind.purpose && kind.docs.length > 0, kind.kind);
      assert.ok(kind.docs.every((url) => url.startsWith('https://')));
    }
  });
});
