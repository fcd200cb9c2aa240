import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { eventually, type Receiver, startReceiver } from '../delivery/test-receiver.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { decodeWords, readMessage } from '../test-support/mime.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';
import { startSmtp } from '../test-support/smtp.ts';
import { VisitorEmails } from './index.ts';
import { LinkSigner } from './links.ts';

const PUBLIC_URL = 'https://poptin.test';

let test: TestDatabase;
let app: FastifyInstance;
let base: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Receiver;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
  smtp = await startSmtp();
  receiver = await startReceiver();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    spamImpossibleSubmitMs: 0,
    publicUrl: PUBLIC_URL,
    // The expiry of unconfirmed leads runs when a test says, not on the server's own timer in the middle of one.
    unconfirmedExpiry: false,
    delivery: {
      allowPrivate: true,
      mail: { smtpUrl: smtp.url, from: 'Leads <leads@poptin.example>' },
      worker: { pollMs: 25, concurrency: 4, retry: { baseMs: 20, maxMs: 500, giveUpAfterMs: 60_000 } },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => {
  await app?.close();
  await smtp?.close();
  await receiver?.close();
  await test?.dispose();
});

const HEBREW_EMAIL = {
  enabled: true,
  language: 'he',
  subject: 'שלום {{first_name|חבר}}, הקוד שלך',
  body: 'היי {{name}},\n\nהקוד שלך: {{coupon_code|אין קוד}}\nחברה: {{company}}',
};

beforeEach(async () => {
  await test.reset();
  smtp.mails.length = 0;
  receiver.received.length = 0;
  await seedClient(test.configuration, { client_id: 'acme', name: 'Acme', lang: 'he' });
  popup = await seedPopup(test.configuration, {
    client_id: 'acme',
    poptin_id: 'acmepopup0001',
    visitor_email: HEBREW_EMAIL,
  });
});

const owner = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });

const sendLead = (fields: Record<string, unknown>, viewerId = popup.viewer_id) =>
  app.inject({ method: 'POST', url: `/api/display/conversion/${viewerId}`, payload: fields });

/** A link of the e-mail, at this test's server instead of PUBLIC_URL. */
const local = (link: string) => {
  assert.ok(link.startsWith(`${PUBLIC_URL}/email/`), link);
  return base + link.slice(PUBLIC_URL.length);
};

/** The e-mail sent to `address` (a previous test's late send may also arrive). */
const sentTo = (address: string) => smtp.mails.filter((each) => each.to.some((to) => to.toLowerCase() === address));
const mailTo = (address: string) => {
  const mail = sentTo(address)[0];
  assert.ok(mail, `an e-mail to ${address}`);
  return readMessage(mail.data);
};
const hasMailTo = (address: string) => sentTo(address).length > 0;

const linkIn = (text: string, action: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`${PUBLIC_URL}/email/${action}/[A-Za-z0-9._-]+`).exec(text);
  assert.ok(match, `a ${action} link in:\n${text}`);
  return match[0];
};

async function addWebhook(name: string, settings: Record<string, unknown> = {}) {
  const response = await owner('POST', '/acme/destinations', {
    kind: 'webhook',
    name,
    settings: { url: receiver.url, ...settings },
  });
  assert.equal(response.statusCode, 201, response.body);
}

describe("the visitor's e-mail after a lead", () => {
  it("is sent through SMTP in the pop-up's language, with the site's sender, its values as text, a text part, one-click unsubscribe and the privacy page", async () => {
    const settings = await owner('PATCH', '/acme/site', {
      emailSenderName: 'חנות אקמה',
      emailReplyTo: 'hello@acme.example',
      privacyUrl: 'https://acme.example/privacy',
    });
    assert.equal(settings.statusCode, 200, settings.body);
    const lead = await sendLead({
      email: 'dana@visitor.example',
      name: '<b>Dana</b> Levi',
      coupon_code: 'WELCOME-AB12CD',
      Company: '<img src=x onerror=alert(1)>{{email}}',
      idempotency_key: '00000000-0000-4000-8000-000000000001',
    });
    assert.equal(lead.statusCode, 200, lead.body);
    await eventually('the visitor gets the e-mail', () => smtp.mails.length === 1);
    const [mail] = smtp.mails;
    assert.deepEqual(mail!.to, ['dana@visitor.example']);
    assert.equal(mail!.from, 'leads@poptin.example');
    const message = readMessage(mail!.data);
    assert.equal(decodeWords(message.header('from')!), 'חנות אקמה <leads@poptin.example>');
    assert.equal(message.header('reply-to'), 'hello@acme.example');
    assert.equal(decodeWords(message.header('subject')!), 'שלום <b>Dana</b>, הקוד שלך');
    assert.equal(message.header('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.match(message.header('list-unsubscribe')!, new RegExp(`^<${PUBLIC_URL}/email/unsubscribe/[^>]+>`));

    assert.match(message.text, /^היי <b>Dana<\/b> Levi,$/m, 'the text part holds the values as typed');
    assert.match(message.text, /הקוד שלך: WELCOME-AB12CD/);
    assert.match(message.text, /\{\{email\}\}/, 'a value is never read as a tag again');
    assert.match(message.text, /מדיניות פרטיות: https:\/\/acme\.example\/privacy/);
    assert.match(message.html, /<html lang="he" dir="rtl">/);
    assert.match(message.html, /text-align:right/);
    assert.match(message.html, /<bdi>&lt;b&gt;Dana&lt;\/b&gt; Levi<\/bdi>/);
    assert.doesNotMatch(message.html, /<img|<b>/, 'no value becomes markup');
    assert.match(message.html, /href="https:\/\/acme\.example\/privacy"/);
    assert.match(message.html, new RegExp(`href="${PUBLIC_URL}/email/unsubscribe/`));

    // The widget retries the same lead: it is stored once, and mailed once.
    const retry = await sendLead({
      email: 'dana@visitor.example',
      name: '<b>Dana</b> Levi',
      coupon_code: 'WELCOME-AB12CD',
      Company: '<img src=x onerror=alert(1)>{{email}}',
      idempotency_key: '00000000-0000-4000-8000-000000000001',
    });
    assert.equal(retry.json().conversion_id, lead.json().conversion_id);
    await eventually('the delivery is recorded', async () => {
      const rows = await test.db.query<{ status: string }>(
        `SELECT d.status FROM deliveries d JOIN destinations t ON t.id = d.destination_id WHERE t.kind = 'visitor_email'`,
      );
      return rows.length === 1 && rows[0]!.status === 'delivered';
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(smtp.mails.length, 1, 'never twice for one lead');
  });

  it('is retried when the SMTP server says "later", and sent once it takes it', async () => {
    smtp.control.reject = 451;
    await sendLead({ email: 'later@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000002' });
    await eventually('the second try is taken', () => smtp.mails.length === 1);
    const [row] = await test.db.query<{ attempts: number; status: string }>(
      `SELECT d.attempts, d.status FROM deliveries d JOIN destinations t ON t.id = d.destination_id WHERE t.kind = 'visitor_email'`,
    );
    assert.equal(Number(row!.attempts), 2);
  });

  it("unsubscribes with one POST to the List-Unsubscribe address; that address gets no more of the site's e-mails", async () => {
    await sendLead({ email: 'Noa@Visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000003' });
    await eventually('the first e-mail', () => hasMailTo('noa@visitor.example'));
    const link = /^<([^>]+)>/.exec(mailTo('noa@visitor.example').header('list-unsubscribe')!)![1]!;

    // A link scanner's GET changes nothing; the page asks.
    const page = await fetch(local(link));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html lang="he" dir="rtl">[\s\S]*<form method="post">/);

    const forged = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A');
    const refused = await fetch(local(forged), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(refused.status, 400, 'a changed signature is refused');
    const otherLead = link.replace(/unsubscribe\.(\d+)\./, (_m, id: string) => `unsubscribe.${Number(id) + 1}.`);
    assert.equal((await fetch(local(otherLead), { method: 'POST' })).status, 400, 'another lead id is refused');

    const oneClick = await fetch(local(link), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(oneClick.status, 200);
    assert.match(await oneClick.text(), /הוסרת מרשימת התפוצה/);

    await sendLead({ email: 'noa@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000004' });
    await eventually('the second lead is done', async () => {
      const rows = await test.db.query<{ last_response: string | null }>(
        `SELECT d.last_response FROM deliveries d JOIN destinations t ON t.id = d.destination_id
         WHERE t.kind = 'visitor_email' AND d.status <> 'pending' ORDER BY d.id`,
      );
      return rows.length === 2 && /unsubscribed/.test(rows[1]!.last_response ?? '');
    });
    assert.equal(sentTo('noa@visitor.example').length, 1, 'no e-mail to an address that unsubscribed');
  });

  it('refuses a token that is no token, with a page, not an error', async () => {
    const response = await fetch(`${base}/email/confirm/nothing-here`);
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.equal((await fetch(`${base}/email/confirm/${'x'.repeat(500)}`)).status, 400);
  });

  it("refuses a pop-up's e-mail settings that cannot be sent, naming the field", async () => {
    const created = await owner('POST', '/acme/popups', {
      config: {
        poptin_name: 'Mail',
        poptin_type: 'lightbox',
        visitor_email: { enabled: true, subject: '', body: 'x', confirm_days: 90, confirm_url: 'javascript:alert(1)' },
      },
    });
    assert.equal(created.statusCode, 400, created.body);
    const fields = (created.json().fields as { field: string }[]).map((error) => error.field).sort();
    assert.deepEqual(fields, ['visitor_email.confirm_days', 'visitor_email.confirm_url']);
    const site = await owner('PATCH', '/acme/site', { emailReplyTo: 'not an address', privacyUrl: 'ftp://x' });
    assert.equal(site.statusCode, 400);
  });
});

describe("the console's test send of the visitor's e-mail", () => {
  async function visitorDestination(): Promise<number> {
    await new VisitorEmails(test.db, test.leads.erasureHashes, { mail: null, publicUrl: null }).ensureDestination(
      'acme',
    );
    const [row] = await test.db.query<{ id: number }>(
      "SELECT id FROM destinations WHERE client_id = 'acme' AND kind = 'visitor_email'",
    );
    return Number(row!.id);
  }
  const testSend = async (session: string | null, destinationId: number) => {
    const url = `/api/owner/acme/destinations/${destinationId}/test`;
    const response = session
      ? await asConsole(app, session, { method: 'POST', url })
      : await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().test as { delivered: boolean; response: string | null; error: string | null };
  };

  it("sends the pop-up's e-mail to the signed-in owner, and says what it sent and where", async () => {
    await createOwner(app, 'noa@acme.example', { sites: ['acme'] });
    const session = await signIn(app, 'noa@acme.example');
    const answer = await testSend(session, await visitorDestination());
    assert.equal(answer.delivered, true, JSON.stringify(answer));
    assert.match(answer.response!, /noa@acme\.example/);
    assert.match(answer.response!, /Welcome lightbox/);
    const message = mailTo('noa@acme.example');
    assert.equal(decodeWords(message.header('subject')!), '[test] שלום Test, הקוד שלך');
    assert.equal(sentTo('test.lead@example.com').length, 0);
  });

  it('says why it cannot be tested: no pop-up sends the e-mail, or no person is signed in to receive it', async () => {
    const destinationId = await visitorDestination();
    const byToken = await testSend(null, destinationId);
    assert.equal(byToken.delivered, false);
    assert.match(byToken.error!, /sign in/i);

    await seedPopup(test.configuration, {
      client_id: 'acme',
      poptin_id: 'acmepopup0001',
      visitor_email: { enabled: false },
    });
    await createOwner(app, 'noa@acme.example', { sites: ['acme'] });
    const answer = await testSend(await signIn(app, 'noa@acme.example'), destinationId);
    assert.equal(answer.delivered, false);
    assert.match(answer.error!, /no pop-up of this site sends/i);
    assert.equal(smtp.mails.length, 0);
  });
});

describe('double opt-in', () => {
  beforeEach(async () => {
    popup = await seedPopup(test.configuration, {
      client_id: 'acme',
      poptin_id: 'acmepopup0001',
      visitor_email: { ...HEBREW_EMAIL, double_opt_in: true, confirm_days: 7 },
    });
  });

  it('holds the lead from destinations that require a confirmation until the signed link of the e-mail is clicked, once', async () => {
    await addWebhook('Everything');
    await addWebhook('Confirmed only', { confirmedOnly: true });
    const lead = await sendLead({
      email: 'tal@visitor.example',
      idempotency_key: '00000000-0000-4000-8000-000000000011',
    });
    const leadId = lead.json().conversion_id as number;
    await eventually(
      'the e-mail and the first destination',
      () => smtp.mails.length === 1 && receiver.received.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(receiver.received.length, 1, 'the destination that requires a confirmation waits');
    const [held] = await test.db.query<{ opt_in: string }>('SELECT opt_in FROM conversions WHERE id = $1', [leadId]);
    assert.equal(held!.opt_in, 'unconfirmed');

    const message = mailTo('tal@visitor.example');
    const link = linkIn(message.text, 'confirm');
    assert.match(message.html, /אישור הכתובת שלי/);

    const tampered = link.replace(/\.(\d{10})\./, (_m, time: string) => `.${Number(time) + 86_400}.`);
    assert.equal((await fetch(local(tampered))).status, 400, 'a later expiry cannot be written in');

    // A mail's link scanner fetches the link with GET: that shows the button and confirms nothing.
    const scanned = await fetch(local(link), { redirect: 'manual' });
    assert.equal(scanned.status, 200);
    const form = await scanned.text();
    assert.match(
      form,
      /<html lang="he" dir="rtl">[\s\S]*<form method="post"><button type="submit">אישור הכתובת שלי<\/button>/,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [scannedRow] = await test.db.query<{ opt_in: string }>('SELECT opt_in FROM conversions WHERE id = $1', [
      leadId,
    ]);
    assert.equal(scannedRow!.opt_in, 'unconfirmed', 'a GET alone confirms nothing');
    assert.equal(receiver.received.length, 1);
    assert.equal((await fetch(local(tampered), { method: 'POST' })).status, 400, 'nor does a tampered POST');

    const confirmed = await fetch(local(link), { method: 'POST', redirect: 'manual' });
    assert.equal(confirmed.status, 200);
    assert.match(await confirmed.text(), /<html lang="he" dir="rtl">[\s\S]*הכתובת שלך אושרה/);
    await eventually('the second destination gets the lead', () => receiver.received.length === 2);
    const [row] = await test.db.query<{ opt_in: string; confirmed_at: unknown }>(
      'SELECT opt_in, confirmed_at FROM conversions WHERE id = $1',
      [leadId],
    );
    assert.equal(row!.opt_in, 'confirmed');
    assert.ok(row!.confirmed_at);

    const again = await fetch(local(link), { method: 'POST' });
    assert.equal(again.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(receiver.received.length, 2, 'a second click delivers nothing again');
  });

  it("sends the visitor to the owner's confirmation page when it has one", async () => {
    popup = await seedPopup(test.configuration, {
      client_id: 'acme',
      poptin_id: 'acmepopup0001',
      visitor_email: { ...HEBREW_EMAIL, double_opt_in: true, confirm_url: 'https://acme.example/thanks' },
    });
    await sendLead({ email: 'lior@visitor.example', idempotency_key: '00000000-0000-4000-8000-000000000012' });
    await eventually('the e-mail', () => hasMailTo('lior@visitor.example'));
    const response = await fetch(local(linkIn(mailTo('lior@visitor.example').text, 'confirm')), {
      method: 'POST',
      redirect: 'manual',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), 'https://acme.example/thanks');
  });

  it('an expired link confirms nothing, and unconfirmed leads are deleted after their days, their retries kept out', async () => {
    const lead = await sendLead({
      email: 'old@visitor.example',
      idempotency_key: '00000000-0000-4000-8000-000000000013',
    });
    const leadId = lead.json().conversion_id as number;
    await eventually('the e-mail', () => smtp.mails.length === 1);
    const expired = await new LinkSigner(test.db).sign('confirm', 'acme', leadId, 7, Date.now() - 8 * 86_400_000);
    const response = await fetch(`${base}/email/confirm/${expired}`);
    assert.equal(response.status, 410);
    assert.match(await response.text(), /תוקף הקישור פג/);

    await test.db.query(`UPDATE conversions SET created_at = now() - interval '8 days' WHERE id = $1`, [leadId]);
    const fresh = await sendLead({
      email: 'new@visitor.example',
      idempotency_key: '00000000-0000-4000-8000-000000000014',
    });
    const emails = new VisitorEmails(test.db, test.leads.erasureHashes, { mail: null, publicUrl: null });
    assert.equal(await emails.expireUnconfirmed(), 1);
    const left = await test.db.query<{ id: unknown }>('SELECT id FROM conversions ORDER BY id');
    assert.deepEqual(
      left.map((row) => Number(row.id)),
      [fresh.json().conversion_id],
    );
    const [logged] = await test.db.query<{ erased_by: string; leads: number }>('SELECT erased_by, leads FROM erasures');
    assert.deepEqual(
      { ...logged, leads: Number(logged!.leads) },
      { erased_by: 'double opt-in: not confirmed in time', leads: 1 },
    );
    const retry = await sendLead({
      email: 'old@visitor.example',
      idempotency_key: '00000000-0000-4000-8000-000000000013',
    });
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.json().conversion_id, undefined, 'a late retry of the deleted lead is not stored again');
  });
});

describe('the consent record', () => {
  it("keeps the exact text shown, its language, the box's state, time, page and confirmation, in the lead's detail and the person's export", async () => {
    popup = await seedPopup(test.configuration, {
      client_id: 'acme',
      poptin_id: 'acmepopup0001',
      visitor_email: { ...HEBREW_EMAIL, double_opt_in: true },
    });
    const lead = await sendLead({
      email: 'maya@visitor.example',
      url: 'https://acme.example/sale?x=1',
      checkbox_checked: 'yes',
      consent_shown: 'yes',
      consent_text: '  אני מסכימה לקבל   מבצעים במייל ',
      idempotency_key: '00000000-0000-4000-8000-000000000021',
    });
    const leadId = lead.json().conversion_id as number;
    await eventually('the e-mail', () => hasMailTo('maya@visitor.example'));
    const confirmed = await fetch(local(linkIn(mailTo('maya@visitor.example').text, 'confirm')), { method: 'POST' });
    assert.equal(confirmed.status, 200, await confirmed.text());

    const detail = (await owner('GET', `/acme/leads/${leadId}`)).json();
    assert.equal(detail.lead.opt_in, 'confirmed');
    const consent = detail.consent;
    assert.equal(consent.text, 'אני מסכימה לקבל מבצעים במייל');
    assert.equal(consent.language, 'he');
    assert.equal(consent.given, true);
    assert.equal(consent.url, 'https://acme.example/sale?x=1');
    assert.ok(Date.parse(consent.at) <= Date.parse(consent.confirmed_at));

    const exported = (await owner('GET', '/acme/people?email=MAYA@visitor.example')).json();
    assert.equal(exported.leads[0].consent.text, 'אני מסכימה לקבל מבצעים במייל');
    assert.ok(exported.leads[0].confirmed_at);
    assert.equal(exported.leads[0].opt_in, 'confirmed');
  });

  it('records an unticked box as not given, and a form without a box has no record', async () => {
    const unticked = await sendLead({
      email: 'a@visitor.example',
      checkbox_checked: 'no',
      consent_shown: 'yes',
      consent_text: 'Send me offers',
      idempotency_key: '00000000-0000-4000-8000-000000000022',
    });
    const none = await sendLead({
      email: 'b@visitor.example',
      idempotency_key: '00000000-0000-4000-8000-000000000023',
    });
    const first = (await owner('GET', `/acme/leads/${unticked.json().conversion_id}`)).json();
    assert.equal(first.consent.given, false);
    assert.equal(first.consent.language, 'en');
    assert.equal(first.consent.confirmed_at, null);
    assert.equal((await owner('GET', `/acme/leads/${none.json().conversion_id}`)).json().consent, null);
  });
});
