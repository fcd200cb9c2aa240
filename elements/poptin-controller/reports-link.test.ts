import { expect, waitUntil } from '@open-wc/testing';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import sinon from 'sinon';
import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import { PROOF_OF_WORK_FIELD } from '../../src/core/api/contract.ts';
import { MemoryOutboxStore } from '../../src/core/api/outbox-store.ts';
import { createPageVisitor } from '../../src/core/visitor/page-visitor.ts';
import { withHistory } from '../../src/core/visitor/visitor.ts';
import * as reporterCode from './reporter.ts';
import { type ReporterCode, ReportsLink } from './reports-link.ts';
import {
  type FakeServer,
  fakeContext,
  fakeServer,
  POPTIN_ID,
  popupConfig,
  typeInPlacedPopup,
  typeInPopup,
} from './test-support/fakes.ts';

const NO_STORE = { platform: undefined, identity: () => ({}), reportActivity: () => undefined };
const LEAD = {
  fields: [{ name: 'email', value: 'noa@example.com', type: 'email' } as SubmittedField],
  honeypot: '',
  prize: null,
  trigger: 'scroll',
  viewId: '',
  coupon: '',
};

/** A link whose reporter's chunk arrives when the test says (`arrive`), or fails to (`fail`); `loads` counts asks. */
function setup(server: FakeServer = defaultServer(), context = fakeContext({ server })) {
  const loading: { arrive(): void; fail(): void }[] = [];
  let loads = 0;
  const loadReporter = () => {
    loads++;
    return new Promise<ReporterCode>((resolve, reject) =>
      loading.push({ arrive: () => resolve(reporterCode), fail: () => reject(new TypeError('Failed to fetch')) }),
    );
  };
  const store = new MemoryOutboxStore();
  const link = new ReportsLink(context, {
    store: NO_STORE,
    openStore: async () => store,
    fetchImpl: server.fetch,
    loadReporter,
  });
  return { link, server, context, store, loading, loads: () => loads };
}

function defaultServer() {
  return fakeServer({
    '/api/display/viewed/': { body: { poptin_view_id: 42 } },
    '/api/display/closed/': { body: {} },
    '/api/display/conversion/': { body: {} },
  });
}

const paths = (server: FakeServer) =>
  server.calls.map((call) => `${call.method} ${call.path.replace(/^\/api\/display/, '')}`);
const sent = (server: FakeServer, count: number) =>
  waitUntil(() => server.calls.length >= count, `${count} call(s) expected`, { timeout: 5000 });

describe("the session's reports: recorded on the page at once, sent by the reporter's chunk", () => {
  it('a page that shows nothing loads no reporter; a pop-up armed or opened loads it once; a report waits for it', async () => {
    const { link, loads, loading } = setup();
    expect(loads()).to.equal(0, 'decided not to show: nothing to report');
    link.preload();
    link.preload();
    expect(loads()).to.equal(1);
    loading[0]!.arrive();
    link.stop();
  });

  it('loads it at once on a page an earlier page left reports for', async () => {
    const first = fakeContext();
    first.visitor.markOutboxWaiting();
    const next = {
      ...fakeContext(),
      visitor: withHistory(createPageVisitor({ stores: first.visitor.stores, now: first.now })),
    };
    const { loads, link } = setup(defaultServer(), next);
    expect(loads()).to.equal(1);
    link.stop();
  });

  it('records a view in the history and tells the page at once; the reporter keeps and sends it in a task of its own', async () => {
    const { link, server, context, store, loading } = setup();
    const told: unknown[] = [];
    context.window.addEventListener('poptinView', (event) => told.push((event as CustomEvent).detail));
    const ids: string[] = [];
    link.reportView(popupConfig(), 'scroll', (viewId) => ids.push(viewId));
    expect(context.visitor.frequencyHistory(POPTIN_ID).views).to.equal(1, 'recorded before the reporter arrives');
    expect(told).to.deep.equal([{ poptin_id: POPTIN_ID }]);

    // The record's cookie write and the outbox's first opening and write made one long task at 4× CPU slowdown,
    // right after the frame that showed the pop-up.
    const steps: string[] = [];
    const scheduler = (window as Window & { scheduler: { yield(): Promise<void> } }).scheduler;
    const yielded = sinon.stub(scheduler, 'yield').callsFake(async () => {
      steps.push(`yield: kept ${(await store.all()).length}`);
    });
    try {
      loading[0]!.arrive();
      await waitUntil(() => ids.length === 1, 'the view id handed back', { timeout: 5000 });
    } finally {
      yielded.restore();
    }
    expect(steps).to.deep.equal(['yield: kept 0']);
    expect(paths(server)).to.deep.equal([`POST /viewed/${POPTIN_ID}`]);
    expect(ids).to.deep.equal(['42']);
    link.stop();
  });

  it('reports made while the reporter loads go out once it arrives, a view before its close; the proof of work applies', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 5, deriveKey });
    const server = fakeServer({
      '/api/display/viewed/': { body: { poptin_view_id: 42 } },
      '/api/display/closed/': { body: {} },
      '/api/display/challenge/': { body: { challenge } },
      '/api/display/conversion/': { body: {} },
    });
    const { link, context, loading } = setup(server);
    link.requireProofOfWork(true);
    link.reportView(popupConfig(), 'scroll', () => undefined);
    const lead = link.sendLead(popupConfig(), LEAD);
    link.reportClose(popupConfig());
    expect(context.visitor.frequencyHistory(POPTIN_ID).lastClosedAt).to.equal(
      context.now(),
      'recorded before the reporter arrives',
    );
    loading[0]!.arrive();
    expect(await lead).to.deep.equal({ status: 'sent' });
    await sent(server, 4);
    // The view before the close; the lead goes once its proof is found.
    expect(paths(server)).to.have.members([
      `POST /viewed/${POPTIN_ID}`,
      `GET /challenge/${POPTIN_ID}`,
      'POST /conversion/viewer-1',
      `POST /closed/${POPTIN_ID}`,
    ]);
    expect(paths(server)[0]).to.equal(`POST /viewed/${POPTIN_ID}`);
    const conversion = server.calls.find((call) => call.path.includes('/conversion/'));
    expect(conversion!.body[PROOF_OF_WORK_FIELD]).to.be.a('string').and.not.equal('');
    link.stop();
  });

  it('typing in a pop-up on a site that asks for no proof of work loads nothing and asks for no challenge', async () => {
    const { link, server, context, loads, loading } = setup();
    typeInPopup(context.window);
    expect(loads()).to.equal(0);
    const lead = link.sendLead(popupConfig(), LEAD);
    loading[0]!.arrive();
    expect(await lead).to.deep.equal({ status: 'sent' });
    expect(paths(server)).to.deep.equal(['POST /conversion/viewer-1']);
    expect(server.calls[0]!.body[PROOF_OF_WORK_FIELD]).to.equal(undefined);
    link.stop();
  });

  it('typing before the reporter has arrived starts the proof of work as it arrives, ahead of the lead', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 9, deriveKey });
    const server = fakeServer({
      '/api/display/challenge/': { body: { challenge } },
      '/api/display/conversion/': { body: {} },
    });
    const { link, context, loads, loading } = setup(server);
    link.requireProofOfWork(true);
    typeInPopup(context.window);
    expect(loads()).to.equal(1, 'the first keystroke asks for the reporter');
    loading[0]!.arrive();
    await sent(server, 1);
    expect(paths(server)).to.deep.equal([`GET /challenge/${POPTIN_ID}`], 'the proof starts before any lead');
    expect(await link.sendLead(popupConfig(), LEAD)).to.deep.equal({ status: 'sent' });
    expect(paths(server)).to.deep.equal([`GET /challenge/${POPTIN_ID}`, 'POST /conversion/viewer-1']);
    expect(server.calls[1]!.body[PROOF_OF_WORK_FIELD]).to.be.a('string').and.not.equal('');
    link.stop();
  });

  it('typing in a pop-up placed by hand looks it up ahead of its lead, which then goes without waiting for it', async () => {
    const server = fakeServer({
      '/api/display/click/': {
        body: {
          success: true,
          poptin: { poptin_id: POPTIN_ID, poptin_type: 'lightbox', viewer_id: 'viewer-5', poptin: '' },
        },
      },
      '/api/display/conversion/': { body: {} },
    });
    const { link, context, loads, loading } = setup(server);
    const placed = typeInPlacedPopup(context.window);
    typeInPlacedPopup(context.window);
    expect(loads()).to.equal(1, 'the first keystroke asks for the reporter');
    loading[0]!.arrive();
    await sent(server, 1);
    placed.setAttribute('kind', 'sside');
    const submit = new CustomEvent('poptin-submit', { detail: { fields: LEAD.fields, honeypot: '', prize: null } });
    placed.dispatchEvent(submit);
    expect(await link.sendDeclarativeLead(submit as Parameters<typeof link.sendDeclarativeLead>[0])).to.deep.equal({
      status: 'sent',
    });
    expect(paths(server)).to.deep.equal([`GET /click/${POPTIN_ID}`, 'POST /conversion/viewer-5']);
    // In the visitor's history as the kind the visitor saw, for the rules that look at conversions.
    expect(context.visitor.engagement().map(({ id, kind, event }) => [id, kind, event])).to.deep.equal([
      [POPTIN_ID, 'sside', 'converted'],
    ]);
    link.stop();
  });

  it("a reporter's chunk that could not be loaded: the form hears its lead was not kept, and the next report asks again", async () => {
    const { link, server, loading, loads } = setup();
    const lost = link.sendLead(popupConfig(), LEAD);
    loading[0]!.fail();
    expect((await lost).status).to.equal('refused');
    const kept = link.sendLead(popupConfig(), LEAD);
    expect(loads()).to.equal(2);
    loading[1]!.arrive();
    expect(await kept).to.deep.equal({ status: 'sent' });
    expect(paths(server)).to.deep.equal(['POST /conversion/viewer-1']);
    link.stop();
  });
});
