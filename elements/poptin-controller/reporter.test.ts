import { expect, waitUntil } from '@open-wc/testing';
import { type Challenge, createChallenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import { PROOF_OF_WORK_FIELD } from '../../src/core/api/contract.ts';
import { MemoryOutboxStore } from '../../src/core/api/outbox-store.ts';
import { operatingSystemOf } from '../../src/core/browser-facts.ts';
import { createPageVisitor } from '../../src/core/visitor/page-visitor.ts';
import { createVisitor, withHistory } from '../../src/core/visitor/visitor.ts';
import { Reporter, type StoreReports } from './reporter.ts';
import {
  type FakeServer,
  fakeContext,
  fakeServer,
  memoryOutbox,
  POPTIN_ID,
  popupConfig,
} from './test-support/fakes.ts';

const NO_STORE: StoreReports = { platform: undefined, identity: () => ({}), reportActivity: () => undefined };
const EMAIL: SubmittedField[] = [{ name: 'email', value: 'dana@example.com', type: 'email' } as SubmittedField];
/** A lead of one e-mail field as a pop-up's form hands it to the reporter. */
const leadOf = (trigger: string, viewId: string) => ({
  fields: EMAIL,
  honeypot: '',
  prize: null,
  trigger,
  viewId,
  coupon: '',
});

function setup(
  options: { server?: FakeServer; storesNothing?: boolean; host?: HTMLElement; proofOfWork?: boolean } = {},
) {
  const server =
    options.server ??
    fakeServer({
      '/api/display/viewed/': { body: { poptin_view_id: 42 } },
      '/api/display/closed/': { body: {} },
      '/api/display/conversion/': { body: {} },
    });
  const context = fakeContext({ server, storesNothing: options.storesNothing, host: options.host });
  const reporter = new Reporter(context, {
    store: NO_STORE,
    openStore: memoryOutbox,
    fetchImpl: server.fetch,
    proofOfWork: () => options.proofOfWork ?? false,
  });
  return { server, context, reporter };
}

/** An outbox store that stops answering when `stalled`, as a page's IndexedDB may while the page unloads. */
class StallingStore extends MemoryOutboxStore {
  stalled = false;
  override all() {
    return this.stalled ? new Promise<never>(() => undefined) : super.all();
  }
  override put(entry: Parameters<MemoryOutboxStore['put']>[0]) {
    return this.stalled ? new Promise<never>(() => undefined) : super.put(entry);
  }
}

/** `server`, but its GET calls whose path holds `part` are recorded and never answered. */
function unanswered(server: FakeServer, part: string): FakeServer {
  return {
    calls: server.calls,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes(part)) return server.fetch(input, init);
      server.calls.push({ method: 'GET', path: new URL(String(input)).pathname, body: {} });
      return new Promise<never>(() => undefined);
    }) as typeof fetch,
  };
}

/**
 * The visitor's next page, after `first` left reports in `store`: the record the first page left in the visitor's
 * cookie tells it to look in the outbox.
 */
function nextPage(first: ReturnType<typeof fakeContext>, server: FakeServer, store: MemoryOutboxStore): Reporter {
  const next = { ...fakeContext({ server }), visitor: createVisitor({ stores: first.visitor.stores, now: first.now }) };
  expect(next.visitor.outboxWaiting).to.equal(true);
  return new Reporter(next, { store: NO_STORE, openStore: async () => store, fetchImpl: server.fetch });
}

/** Time for anything that would be sent to leave: used where nothing may be. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Waits for the calls a test expects, as long as a loaded machine takes to make them. */
const sent = (server: FakeServer, count: number) =>
  waitUntil(() => server.calls.length >= count, `${count} call(s) expected`, { timeout: 5000 });
const paths = (server: FakeServer) =>
  server.calls.map((call) => `${call.method} ${call.path.replace(/^\/api\/display/, '')}`);

describe('the reporter: views, closes and leads over the outbox', () => {
  it('sends a view with the trigger that opened the pop-up, and hands back the id the server gave it', async () => {
    const { server, reporter, context } = setup();
    const ids: string[] = [];
    reporter.reportView(popupConfig(), 'exit_intent', (viewId) => ids.push(viewId));
    await waitUntil(() => ids.length === 1, 'the view id handed back', { timeout: 5000 });
    expect(paths(server)).to.deep.equal([`POST /viewed/${POPTIN_ID}`]);
    expect(server.calls[0]!.body).to.include({
      trigger: 'exit_intent',
      client_id: 'client-1',
      viewer_id: 'viewer-1',
      url: context.page.url,
    });
    expect(ids).to.deep.equal(['42']);
    reporter.stop();
  });

  it('sends a close that follows a view at once after that view', async () => {
    const { server, reporter } = setup();
    reporter.reportView(popupConfig(), 'scroll', () => undefined);
    reporter.reportClose(popupConfig());
    await sent(server, 2);
    expect(paths(server)).to.deep.equal([`POST /viewed/${POPTIN_ID}`, `POST /closed/${POPTIN_ID}`]);
    reporter.stop();
  });

  it('sends a close once, kept with an idempotency key', async () => {
    const { server, reporter } = setup();
    reporter.reportClose(popupConfig());
    await sent(server, 1);
    expect(paths(server)).to.deep.equal([`POST /closed/${POPTIN_ID}`]);
    expect(String(server.calls[0]!.body.idempotency_key)).to.have.length.above(10);
    reporter.stop();
  });

  it('keeps a close at once and sends it after the frame that shows the pop-up gone', async () => {
    const server = fakeServer({ '/api/display/closed/': { body: {} } });
    const store = new MemoryOutboxStore();
    const context = fakeContext({ server });
    const reporter = new Reporter(context, { store: NO_STORE, openStore: async () => store, fetchImpl: server.fetch });
    // Past the outbox's own opening, which sends what an earlier page left.
    await settled();
    let keptBeforeTheFrame = 0;
    let sentBeforeTheFrame = 0;
    requestAnimationFrame(() =>
      store.all().then((entries) => {
        keptBeforeTheFrame = entries.length;
        sentBeforeTheFrame = server.calls.length;
      }),
    );
    reporter.reportClose(popupConfig());
    await sent(server, 1);
    expect(keptBeforeTheFrame).to.equal(1, 'kept before the frame');
    expect(sentBeforeTheFrame).to.equal(0, 'sent after it');
    expect(paths(server)).to.deep.equal([`POST /closed/${POPTIN_ID}`]);
    reporter.stop();
  });

  it('opens the outbox at its first report, or at once when an earlier page left reports in it', async () => {
    const opened: boolean[] = [];
    const openStore = async () => {
      opened.push(true);
      return new MemoryOutboxStore();
    };
    const server = fakeServer({ '/api/display/closed/': { body: {} } });
    const context = fakeContext({ server });
    const quiet = new Reporter(context, { store: NO_STORE, openStore, fetchImpl: server.fetch });
    await settled();
    expect(opened).to.have.length(0, 'nothing to send: Web Storage stays closed');
    quiet.reportClose(popupConfig());
    await sent(server, 1);
    expect(opened).to.have.length(1, 'opened by the report');
    quiet.stop();

    context.visitor.markOutboxWaiting();
    const waiting = new Reporter(
      { ...context, visitor: withHistory(createPageVisitor({ stores: context.visitor.stores, now: context.now })) },
      { store: NO_STORE, openStore, fetchImpl: server.fetch },
    );
    await waitUntil(() => opened.length === 2, 'opened at once to send what an earlier page left');
    waiting.stop();
  });

  it('marks the record for the next page when a lead is kept, and when the page goes with reports unsent', async () => {
    const server = fakeServer({ '/api/display/conversion/': { status: 503, body: {} } });
    const context = fakeContext({ server });
    const reporter = new Reporter(context, { store: NO_STORE, openStore: memoryOutbox, fetchImpl: server.fetch });
    const marked = () => context.visitor.field('x') !== undefined;
    reporter.reportClose(popupConfig());
    await sent(server, 1);
    expect(marked()).to.equal(false, 'a close sent at once leaves no mark');
    await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    expect(marked()).to.equal(true, 'a lead is marked as soon as it is kept');
    context.visitor.update((record) => record.delete('x'));
    context.window.dispatchEvent(new Event('pagehide'));
    await waitUntil(marked, 'the lead the server has not taken yet, marked as the page goes');
    reporter.stop();
  });

  it('marks the record in the pagehide itself: reading the outbox then may never finish while the page goes', async () => {
    const server = fakeServer({ '/api/display/conversion/': { status: 503, body: {} } });
    const context = fakeContext({ server });
    const store = new StallingStore();
    const reporter = new Reporter(context, { store: NO_STORE, openStore: async () => store, fetchImpl: server.fetch });
    await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    await sent(server, 1);
    context.visitor.update((record) => record.delete('x'));
    store.stalled = true;
    context.window.dispatchEvent(new Event('pagehide'));
    expect(context.visitor.field('x')).to.not.equal(undefined, 'marked by the time pagehide returns');
    reporter.stop();
  });

  it('marks the record before a lead is written: a page that goes mid-write leaves the next page to look', async () => {
    const server = fakeServer({ '/api/display/conversion/': { body: {} } });
    const context = fakeContext({ server });
    const store = new StallingStore();
    store.stalled = true;
    const reporter = new Reporter(context, { store: NO_STORE, openStore: async () => store, fetchImpl: server.fetch });
    void reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    await settled();
    expect(context.visitor.field('x')).to.not.equal(undefined);
    reporter.stop();
  });

  it("keeps an earlier page's mark until what it left is sent, then takes it off", async () => {
    const failing = fakeServer({ '/api/display/conversion/': { status: 503, body: {} } });
    const context = fakeContext({ server: failing });
    const store = new MemoryOutboxStore();
    const first = new Reporter(context, { store: NO_STORE, openStore: async () => store, fetchImpl: failing.fetch });
    await first.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    await sent(failing, 1);
    first.stop();
    expect(context.visitor.field('x')).to.not.equal(undefined);

    /** The next page view, over the same cookies. */
    const nextPage = () => ({
      ...context,
      visitor: createVisitor({ stores: context.visitor.stores, now: context.now }),
    });
    const down = nextPage();
    expect(down.visitor.outboxWaiting).to.equal(true);
    const stillDown = new Reporter(down, { store: NO_STORE, openStore: async () => store, fetchImpl: failing.fetch });
    await sent(failing, 2);
    await settled();
    expect(down.visitor.field('x')).to.not.equal(undefined, 'not taken off while the lead is still unsent');
    stillDown.stop();

    const working = fakeServer({ '/api/display/conversion/': { body: {} } });
    const up = nextPage();
    const next = new Reporter(up, { store: NO_STORE, openStore: async () => store, fetchImpl: working.fetch });
    await sent(working, 1);
    await waitUntil(() => !up.visitor.field('x'), 'the mark taken off once the outbox is read empty', {
      timeout: 5000,
    });
    expect(nextPage().visitor.outboxWaiting).to.equal(false);
    expect(await store.all()).to.deep.equal([]);
    next.stop();
  });

  it('leaves no mark when the page goes with its outbox read empty', async () => {
    const { server, context, reporter } = setup();
    await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    await sent(server, 1);
    context.visitor.update((record) => record.delete('x'));
    await settled();
    context.window.dispatchEvent(new Event('pagehide'));
    expect(context.visitor.field('x')).to.equal(undefined);
    reporter.stop();
  });

  it("a lead the server gives a coupon code is sent with the visitor's own code, or with '' when none was left", async () => {
    for (const code of ['MINE-7K2Q9P', '']) {
      const server = fakeServer({
        '/api/display/viewed/': { body: { poptin_view_id: 42 } },
        '/api/display/conversion/': { body: { success: true, conversion_id: 1, coupon_code: code } },
      });
      const { reporter } = setup({ server });
      expect(await reporter.leads.sendLead(popupConfig(), leadOf('scroll', '42'))).to.deep.equal({
        status: 'sent',
        couponCode: code,
      });
      reporter.stop();
    }
  });

  it('a lead the server stores is "sent", with the view id and trigger of its showing', async () => {
    const { server, reporter, context } = setup();
    const outcome = await reporter.leads.sendLead(popupConfig(), leadOf('scroll', '42'));
    expect(outcome).to.deep.equal({ status: 'sent' });
    const lead = server.calls.find((call) => call.path.includes('/conversion/'))!;
    expect(lead.path).to.equal('/api/display/conversion/viewer-1');
    expect(lead.body).to.include({
      poptin_view_id: '42',
      trigger: 'scroll',
      browser_language: navigator.language,
      operating_system: operatingSystemOf(navigator.userAgent),
    });
    expect(JSON.stringify(lead.body)).to.contain('dana@example.com');
    expect(context.visitor.convertedEmail()).to.equal('dana@example.com');
    reporter.stop();
  });

  it('a lead the server refuses is never thanked, and explain lists it among the refused leads', async () => {
    const server = fakeServer({ '/api/display/conversion/': { status: 422, body: { message: 'email too long' } } });
    const { reporter } = setup({ server });
    const outcome = await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    expect(outcome).to.deep.equal({ status: 'refused', reason: 'server' });
    const refused = await reporter.refusedLeads(POPTIN_ID);
    expect(refused.map((lead) => lead.status)).to.deep.equal([422]);
    expect(await reporter.refusedLeads('another000000')).to.deep.equal([]);
    reporter.stop();
  });

  it('consent mode: views and closes wait in memory until consent, then go out; a refusal drops them', async () => {
    const given = setup({ storesNothing: true });
    given.reporter.reportView(popupConfig(), 'scroll', () => undefined);
    given.reporter.reportClose(popupConfig());
    await settled();
    expect(given.server.calls).to.deep.equal([]);
    given.context.storesNothing = false;
    given.reporter.consentAnswered(true);
    await sent(given.server, 2);
    expect(paths(given.server)).to.deep.equal([`POST /viewed/${POPTIN_ID}`, `POST /closed/${POPTIN_ID}`]);
    given.reporter.stop();

    const refused = setup({ storesNothing: true });
    refused.reporter.reportView(popupConfig(), 'scroll', () => undefined);
    refused.reporter.consentAnswered(false);
    refused.context.storesNothing = false;
    refused.reporter.consentAnswered(true);
    await settled();
    expect(refused.server.calls).to.deep.equal([]);
    refused.reporter.stop();
  });

  it('a lead of a form never typed in, on a site that requires a proof of work, proves it as it is sent', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 3, deriveKey });
    const server = fakeServer({
      '/api/display/challenge/': { body: { challenge } },
      '/api/display/conversion/': { body: {} },
    });
    const { reporter } = setup({ server, proofOfWork: true });
    expect(await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''))).to.deep.equal({ status: 'sent' });
    expect(paths(server)).to.deep.equal([`GET /challenge/${POPTIN_ID}`, 'POST /conversion/viewer-1']);
    const proof = JSON.parse(atob(String(server.calls[1]!.body[PROOF_OF_WORK_FIELD]))) as { solution: Solution };
    expect(proof.solution.counter).to.equal(3);
    reporter.stop();
  });

  it('a lead sent while its proof of work is being found is kept at once; left so, the next page proves and sends it', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 12, deriveKey });
    const server = fakeServer({
      '/api/display/challenge/': { body: { challenge } },
      '/api/display/conversion/': { body: {} },
    });
    // The first page's call for its challenge never answers.
    const stalled = unanswered(server, '/challenge/');
    const store = new MemoryOutboxStore();
    const first = fakeContext({ server: stalled });
    const leaving = new Reporter(first, {
      store: NO_STORE,
      openStore: async () => store,
      fetchImpl: stalled.fetch,
      proofOfWork: () => true,
    });
    leaving.leads.startProof(POPTIN_ID);
    void leaving.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    await waitUntil(async () => (await store.all()).length === 1, 'the lead kept before its proof', { timeout: 5000 });
    const [kept] = await store.all();
    expect(kept!.proofFor).to.equal(POPTIN_ID);
    expect(kept!.fields.email).to.equal('dana@example.com');
    await settled();
    expect(paths(server)).to.deep.equal([`GET /challenge/${POPTIN_ID}`], 'nothing sent without its proof');
    leaving.stop();

    const arriving = nextPage(first, server, store);
    await sent(server, 3);
    expect(paths(server)).to.deep.equal([
      `GET /challenge/${POPTIN_ID}`,
      `GET /challenge/${POPTIN_ID}`,
      'POST /conversion/viewer-1',
    ]);
    const lead = server.calls[2]!.body;
    expect(lead.email).to.equal('dana@example.com');
    expect((JSON.parse(atob(String(lead[PROOF_OF_WORK_FIELD]))) as { solution: Solution }).solution.counter).to.equal(
      12,
    );
    await waitUntil(async () => (await store.all()).length === 0, 'the outbox emptied', { timeout: 5000 });
    arriving.stop();
  });

  it('a lead of a pop-up placed by hand is kept before its pop-up is looked up; left so, the next page looks it up and sends it', async () => {
    const clickAnswer = {
      body: {
        success: true,
        poptin: { poptin_id: POPTIN_ID, poptin_type: 'sside', viewer_id: 'viewer-9', poptin: '' },
      },
    };
    const server = fakeServer({ '/api/display/click/': clickAnswer, '/api/display/conversion/': { body: {} } });
    // The first page's look-up never answers.
    const stalled = unanswered(server, '/click/');
    const store = new MemoryOutboxStore();
    const first = fakeContext({ server: stalled });
    const leaving = new Reporter(first, { store: NO_STORE, openStore: async () => store, fetchImpl: stalled.fetch });
    const placed = first.window.document.createElement('poptin-popup');
    placed.setAttribute('kind', 'sside');
    placed.setAttribute('trigger', 'scroll:60');
    placed.setAttribute('poptin-id', POPTIN_ID);
    const submit = new CustomEvent('poptin-submit', { detail: { fields: EMAIL, honeypot: '', prize: null } });
    placed.dispatchEvent(submit);
    void leaving.leads.sendDeclarativeLead(submit as Parameters<typeof leaving.leads.sendDeclarativeLead>[0]);
    await waitUntil(async () => (await store.all()).length === 1, 'the lead kept before its look-up', {
      timeout: 5000,
    });
    const [kept] = await store.all();
    expect([kept!.addressFor, kept!.fields.email, kept!.fields.trigger]).to.deep.equal([
      POPTIN_ID,
      'dana@example.com',
      'scroll:60',
    ]);
    await settled();
    expect(paths(server)).to.deep.equal([`GET /click/${POPTIN_ID}`], 'nothing sent without its address');
    leaving.stop();

    const arriving = nextPage(first, server, store);
    await sent(server, 3);
    expect(paths(server)).to.deep.equal([
      `GET /click/${POPTIN_ID}`,
      `GET /click/${POPTIN_ID}`,
      'POST /conversion/viewer-9',
    ]);
    expect(server.calls[2]!.body).to.include({ email: 'dana@example.com', poptin_id: POPTIN_ID, trigger: 'scroll:60' });
    await waitUntil(async () => (await store.all()).length === 0, 'the outbox emptied', { timeout: 5000 });
    arriving.stop();
  });

  it('a lead of a pop-up placed by hand whose pop-up the server does not know is refused, and kept as such', async () => {
    const server = fakeServer({ '/api/display/conversion/': { body: {} } });
    const { reporter, context } = setup({ server });
    const placed = context.window.document.createElement('poptin-popup');
    placed.setAttribute('trigger', 'immediate');
    placed.setAttribute('poptin-id', POPTIN_ID);
    const submit = new CustomEvent('poptin-submit', { detail: { fields: EMAIL, honeypot: '', prize: null } });
    placed.dispatchEvent(submit);
    const outcome = await reporter.leads.sendDeclarativeLead(
      submit as Parameters<typeof reporter.leads.sendDeclarativeLead>[0],
    );
    expect(outcome.status).to.equal('refused');
    expect(paths(server)).to.deep.equal([`GET /click/${POPTIN_ID}`]);
    expect((await reporter.refusedLeads(POPTIN_ID)).map((lead) => lead.status)).to.deep.equal([404]);
    reporter.stop();
  });

  it('consent mode: a lead goes out from memory, unless the page holds leads until consent', async () => {
    const sent = setup({ storesNothing: true });
    expect(await sent.reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''))).to.deep.equal({ status: 'sent' });
    sent.reporter.stop();

    const host = document.createElement('poptin-controller');
    host.setAttribute('lead-before-consent', 'hold');
    const held = setup({ storesNothing: true, host });
    expect(await held.reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''))).to.deep.equal({ status: 'kept' });
    expect(held.server.calls).to.deep.equal([]);
    held.reporter.stop();
  });

  it("a form typed in proves work for its lead with its site's challenge, solved in the page; each lead asks anew", async () => {
    const challenges: Challenge[] = [];
    const server = fakeServer({
      '/api/display/challenge/': () => {
        challenges.push(challenges.length === 0 ? first : second);
        return { body: { challenge: challenges.at(-1) } };
      },
      '/api/display/conversion/': { body: {} },
    });
    const first = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 40, deriveKey });
    const second = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 7, deriveKey });
    const { reporter } = setup({ server, proofOfWork: true });
    reporter.leads.startProof(POPTIN_ID);
    await sent(server, 1);
    expect(paths(server)).to.deep.equal([`GET /challenge/${POPTIN_ID}`]);
    const proofs = async () => {
      await sent(server, 4);
      return server.calls
        .filter((call) => call.method === 'POST')
        .map(
          (call) =>
            JSON.parse(atob(String(call.body[PROOF_OF_WORK_FIELD]))) as { challenge: Challenge; solution: Solution },
        );
    };
    expect(await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''))).to.deep.equal({ status: 'sent' });
    expect(await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''))).to.deep.equal({ status: 'sent' });
    const [one, two] = await proofs();
    expect(one!.challenge).to.deep.equal(first);
    expect(one!.solution.counter).to.equal(40);
    expect(two!.challenge).to.deep.equal(second);
    expect(two!.solution.counter).to.equal(7);
    expect(paths(server)).to.deep.equal([
      `GET /challenge/${POPTIN_ID}`,
      'POST /conversion/viewer-1',
      `GET /challenge/${POPTIN_ID}`,
      'POST /conversion/viewer-1',
    ]);
    reporter.stop();
  });

  it("the owner's conversion code goes into the page's head, with the controller's nonce", async () => {
    const host = document.createElement('poptin-controller');
    host.nonce = 'n0nce';
    const server = fakeServer({
      '/api/display/conversion/': {
        body: { integration: { conversion_code: '<script>window.converted = 1</script>' } },
      },
    });
    const { reporter, context } = setup({ server, host });
    await reporter.leads.sendLead(popupConfig(), leadOf('scroll', ''));
    const script = context.window.document.head.querySelector('script');
    expect(script?.textContent).to.equal('window.converted = 1');
    expect(script?.nonce).to.equal('n0nce');
    reporter.stop();
  });
});
