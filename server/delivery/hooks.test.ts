// REST hooks as Zapier, Make or n8n use them: a site token with the hooks:write scope subscribes, gets a sample,
// receives each new lead, and unsubscribes; a 410 Gone from the subscriber removes its subscription.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { eventually, type Receiver, startReceiver } from './test-receiver.ts';
import { JANES_FORM, submitWidgetLead } from './test-widget-lead.ts';

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
    delivery: { allowPrivate: true, worker: { pollMs: 25, retry: { baseMs: 20, maxMs: 500, giveUpAfterMs: 60_000 } } },
  });
  receiver = await startReceiver();
});
after(async () => {
  await app?.close();
  await receiver?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await app.delivery.worker!.stop();
  await test.reset();
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200, body: 'ok' });
  await seedClient(test.configuration, { client_id: 'acme' });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  app.delivery.worker!.start();
});

async function tokenWith(scopes: string[]): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/owner/acme/tokens',
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    payload: { name: 'Zapier', scopes },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().secret as string;
}

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  app.inject({ method, url: `/api/owner/acme${path}`, headers: { authorization: `Bearer ${token}` }, payload });

describe('REST hooks for Zapier, Make and n8n', () => {
  it('subscribe, receive each new lead as flat signed JSON, and unsubscribe, with a hooks:write token', async () => {
    const token = await tokenWith(['hooks:write']);
    const subscribed = await call(token, 'POST', '/hooks', { target_url: receiver.url, event: 'lead.created' });
    assert.equal(subscribed.statusCode, 201, subscribed.body);
    const { id } = subscribed.json();
    assert.deepEqual(
      (await call(token, 'GET', '/hooks')).json().hooks.map((hook: { id: number }) => hook.id),
      [id],
    );

    const leadId = await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000001', JANES_FORM);
    await eventually('the hook received the lead', () => receiver.received.length === 1);
    const body = JSON.parse(receiver.received[0]!.body);
    assert.deepEqual(
      {
        id: body.id,
        email: body.email,
        name: body.name,
        company: body.company,
        consent: body.consent,
        first_name: body.first_name,
      },
      { id: leadId, email: 'jane@acme.example', name: 'Jane Doe', company: 'Acme', consent: true, first_name: 'Jane' },
    );
    assert.ok(receiver.received[0]!.headers['webhook-signature'], 'signed as a webhook is');

    assert.equal((await call(token, 'DELETE', `/hooks/${id}`)).statusCode, 204);
    assert.equal((await call(token, 'DELETE', `/hooks/${id}`)).statusCode, 404);
    await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000002', JANES_FORM);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.length, 1, 'nothing after the unsubscribe');
  });

  it('answers a sample lead shaped as the hook receives one', async () => {
    const token = await tokenWith(['hooks:write']);
    const sample = await call(token, 'GET', '/hooks/sample');
    assert.equal(sample.statusCode, 200);
    const [lead] = sample.json();
    assert.equal(lead.email, 'test.lead@example.com');
    assert.equal(lead.client_id, 'acme');
    assert.equal(typeof lead.id, 'number');
  });

  it('removes the subscription when the subscriber answers 410 Gone, and tries that lead no more', async () => {
    const token = await tokenWith(['hooks:write']);
    const { id } = (await call(token, 'POST', '/hooks', { hookUrl: receiver.url })).json();
    receiver.answer = () => ({ status: 410, body: 'gone' });
    await submitWidgetLead(app, popup, '00000000-0000-4000-8000-000000000003', JANES_FORM);
    await eventually(
      'the hook was removed',
      async () => (await call(token, 'GET', '/hooks')).json().hooks.length === 0,
    );
    assert.equal((await call(token, 'DELETE', `/hooks/${id}`)).statusCode, 404);
    assert.equal(receiver.received.length, 1);
  });

  it('refuses a token without the scope, a URL that is not https, and opens nothing else to a hooks token', async () => {
    const reader = await tokenWith(['leads:read']);
    assert.equal((await call(reader, 'POST', '/hooks', { url: receiver.url })).statusCode, 403);
    const token = await tokenWith(['hooks:write']);
    assert.equal((await call(token, 'GET', '/destinations')).statusCode, 403);
    assert.equal((await call(token, 'GET', '/leads')).statusCode, 403);
    const bad = await call(token, 'POST', '/hooks', { url: 'ftp://zapier.example/' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      bad.json().fields.map((field: { field: string }) => field.field),
      ['url'],
    );
    assert.equal((await call(token, 'POST', '/hooks', {})).statusCode, 400);
  });
});
