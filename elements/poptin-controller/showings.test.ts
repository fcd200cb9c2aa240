import { expect } from '@open-wc/testing';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { createDecisionEnvironment, decide } from '../../src/core/decision/index.ts';
import { createCartEvents } from '../../src/core/triggers/cart-events.ts';
import * as triggerWatchers from '../../src/core/triggers/watchers.ts';
import { $popups, clearPopups, popupDecided } from '../../src/stores/popups.ts';
import type { PopupHandle } from './popup-handle.ts';
import type { PopupMounter } from './popup-mounter.ts';
import type { LeadToSend } from './reporter.ts';
import { PageShowings } from './showings.ts';
import { fakeContext, POPTIN_ID, popupConfig } from './test-support/fakes.ts';

/** A mounter that records what it is asked, and mounts at once; a reporter whose views the server answers with `view-N`. */
function setup() {
  const asked: string[] = [];
  const views: string[] = [];
  const leads: { id: string; lead: LeadToSend }[] = [];
  const mounter = {
    prepareAhead: (handle: PopupHandle) => {
      asked.push(`prepare ${handle.config.id}`);
    },
    mount: async (handle: PopupHandle) => {
      asked.push(`mount ${handle.config.id}`);
      handle.runner.send({ type: 'mounted' });
    },
    reveal: (handle: PopupHandle) => {
      asked.push(`reveal ${handle.config.id}`);
    },
    remove: (handle: PopupHandle, afterMs: number) => {
      asked.push(`remove ${handle.config.id} after ${afterMs} ms`);
    },
  } as unknown as PopupMounter;
  const reports = {
    preload: () => undefined,
    reportView: (config: PopupConfig, trigger: string, onViewId: (viewId: string) => void) => {
      views.push(`${config.id} by ${trigger}`);
      onViewId(`view-${views.length}`);
    },
    reportClose: (config: PopupConfig) => {
      asked.push(`close reported ${config.id}`);
    },
    sendLead: async (config: PopupConfig, lead: LeadToSend) => {
      leads.push({ id: config.id, lead });
      return { status: 'sent' as const };
    },
  };
  const context = fakeContext();
  const showings = new PageShowings({
    context,
    mounter: () => mounter,
    reports,
    cartEvents: createCartEvents(),
  });
  return { showings, asked, views, leads, context };
}

/** A pop-up decided by the display rules, as the session tracks it. */
function decided(
  { showings, context }: ReturnType<typeof setup>,
  config: PopupConfig,
  watchers?: Promise<typeof triggerWatchers>,
): PopupHandle {
  const { window } = context;
  const environment = createDecisionEnvironment({
    window,
    document: window.document,
    visitor: context.visitor,
    isMobile: false,
    countryCode: '',
  });
  const decision = decide(config, environment);
  popupDecided(config, decision);
  const handle = showings.track(config, decision.variant, decision.triggers, { triggerWatchers: watchers });
  handle.runner.send({ type: 'decided', allowed: decision.allowed });
  return handle;
}

describe("the page's showings", () => {
  afterEach(() => clearPopups());

  it('a decided pop-up is armed and built ahead; fired, it is queued, mounted and revealed, with its trigger published', () => {
    const page = setup();
    const { showings, asked } = page;
    const handle = decided(page, popupConfig());
    expect(handle.runner.snapshot.phase).to.equal('armed');
    expect(asked).to.deep.equal([`prepare ${POPTIN_ID}`]);
    showings.fire(handle, 'exit_intent');
    expect(handle.runner.snapshot.phase).to.equal('shown');
    expect(asked).to.deep.equal([`prepare ${POPTIN_ID}`, `mount ${POPTIN_ID}`, `reveal ${POPTIN_ID}`]);
    expect($popups.get()[POPTIN_ID]?.trigger).to.equal('exit_intent');
    expect(showings.anyOpen()).to.equal(true);
  });

  it("a pop-up whose triggers' module is on its way is built ahead at once, and armed when the module arrives", async () => {
    const page = setup();
    const { asked, context } = page;
    let arrive: (watchers: typeof triggerWatchers) => void = () => undefined;
    const loading = new Promise<typeof triggerWatchers>((resolve) => (arrive = resolve));
    const handle = decided(page, popupConfig({ display_after_page_click_number_active: '1' }), loading);
    expect(asked).to.deep.equal([`prepare ${POPTIN_ID}`]);
    const click = () => context.window.document.dispatchEvent(new MouseEvent('click'));
    click();
    expect(handle.runner.snapshot.phase).to.equal('armed');
    expect($popups.get()[POPTIN_ID]?.explanation.triggers.armedAt).to.equal(null, 'not armed before the module');
    arrive(triggerWatchers);
    await loading;
    await Promise.resolve();
    click();
    expect(handle.runner.snapshot.phase).to.equal('shown');
    expect($popups.get()[POPTIN_ID]?.trigger).to.equal('page_clicks');
  });

  it("a pop-up reset before its triggers' module arrives is never armed", async () => {
    const page = setup();
    const { context } = page;
    let arrive: (watchers: typeof triggerWatchers) => void = () => undefined;
    const loading = new Promise<typeof triggerWatchers>((resolve) => (arrive = resolve));
    const handle = decided(page, popupConfig({ display_after_page_click_number_active: '1' }), loading);
    handle.runner.send({ type: 'reset' });
    arrive(triggerWatchers);
    await loading;
    await Promise.resolve();
    context.window.document.dispatchEvent(new MouseEvent('click'));
    expect(handle.runner.snapshot.phase).to.not.equal('shown');
    expect($popups.get()[POPTIN_ID]?.explanation.triggers.armedAt).to.equal(null);
  });

  it('a view is reported once per showing, and the server’s id of it reaches $popups', () => {
    const page = setup();
    const { showings, views } = page;
    const handle = decided(page, popupConfig());
    showings.fire(handle, 'scroll');
    handle.runner.send({ type: 'visible' });
    handle.runner.send({ type: 'visible' });
    expect(views).to.deep.equal([`${POPTIN_ID} by scroll`]);
    expect($popups.get()[POPTIN_ID]?.viewId).to.equal('view-1');
  });

  it("a lead is reported as the view is, with the showing's trigger and view id; a preview's is not sent", async () => {
    const page = setup();
    const { showings, leads } = page;
    const handle = decided(page, popupConfig());
    showings.fire(handle, 'scroll');
    handle.runner.send({ type: 'visible' });
    const lead = { fields: [], honeypot: '', prize: null };
    expect(await showings.sendLead(handle, lead)).to.deep.equal({ status: 'sent' });
    expect(leads).to.deep.equal([
      { id: POPTIN_ID, lead: { ...lead, trigger: 'scroll', viewId: 'view-1', coupon: '' } },
    ]);
    const preview = showings.track(popupConfig({ poptin_id: 'b1b2c3d4e5f6g' }), 'desktop', [], { preview: true });
    expect(await showings.sendLead(preview, lead)).to.deep.equal({ status: 'sent' });
    expect(leads).to.have.length(1);
  });

  it('one modal at a time: a second lightbox fired meanwhile is mounted once the first has closed', () => {
    const page = setup();
    const { showings, asked } = page;
    const first = decided(page, popupConfig());
    const second = decided(page, popupConfig({ poptin_id: 'b2c3d4e5f6g7h' }));
    showings.fire(first, 'scroll');
    showings.fire(second, 'scroll');
    expect(second.runner.snapshot.phase).to.equal('queued');
    expect(asked.filter((line) => line.startsWith('mount'))).to.deep.equal([`mount ${POPTIN_ID}`]);
    first.runner.send({ type: 'closed', cause: 'x_click', submitted: false });
    expect(asked).to.include(`close reported ${POPTIN_ID}`);
    expect(second.runner.snapshot.phase).to.equal('shown');
  });

  it('removeAll resets every pop-up at once and forgets it; a handle of the old page is no longer current', () => {
    const page = setup();
    const { showings, asked } = page;
    const handle = decided(page, popupConfig());
    showings.fire(handle, 'scroll');
    showings.removeAll();
    expect(asked).to.include(`remove ${POPTIN_ID} after 0 ms`);
    expect(showings.handleOf(POPTIN_ID)).to.equal(undefined);
    expect(showings.isCurrent(handle)).to.equal(false);
    expect(showings.anyOpen()).to.equal(false);
  });
});
