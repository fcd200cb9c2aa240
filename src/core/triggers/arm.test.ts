import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ADBLOCK_CHECK_DELAY_MS } from './adblock.ts';
import { armTriggers } from './arm.ts';
import { createCartEvents } from './cart.ts';
import { EXIT_INTENT_GRACE_MS } from './exit-intent.ts';
import { AUTO_PILOT_TRIGGERS, describePlan, planTriggers } from './plan.ts';
import { SCROLL_REARM_MS } from './scroll.ts';
import { fakeDocument, fakeWindow, testConfig, triggerContext } from './test-support/fakes.ts';

describe('armTriggers', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_700_000_000_000 })));
  afterEach(() => clock.restore());

  function arm(raw: Record<string, unknown>, options: Parameters<typeof triggerContext>[0] = {}) {
    const context = triggerContext(options);
    const config = testConfig(raw);
    const { config: _ignored, ...rest } = context;
    const disarm = armTriggers(config, rest);
    return { context, disarm };
  }

  it('arms every enabled trigger; each fires at most once', () => {
    const win = fakeWindow({ innerHeight: 1000 });
    const { context, disarm } = arm(
      { display_after_sec_active: '5', display_after_scroll_active: '50', display_after_page_click_number_active: '2' },
      { window: win, document: fakeDocument(3000) },
    );
    win.scrollY = 1200;
    win.dispatchEvent(new Event('scroll'));
    context.document.dispatchEvent(new MouseEvent('click'));
    context.document.dispatchEvent(new MouseEvent('click'));
    clock.tick(5000);
    clock.tick(SCROLL_REARM_MS);
    win.dispatchEvent(new Event('scroll'));
    context.document.dispatchEvent(new MouseEvent('click'));
    context.document.dispatchEvent(new MouseEvent('click'));
    expect(context.fired).to.deep.equal(['scroll', 'page_clicks', 'after_seconds']);
    disarm();
  });

  it('one disarm removes every listener and timer', () => {
    const win = fakeWindow({ innerHeight: 1000 });
    const { context, disarm } = arm(
      {
        display_after_sec_active: '5',
        display_after_scroll_active: '50',
        display_after_inactive_seconds_active: '3',
        display_after_page_click_number_active: '1',
      },
      { window: win, document: fakeDocument(3000) },
    );
    disarm();
    win.scrollY = 2000;
    win.dispatchEvent(new Event('scroll'));
    context.document.dispatchEvent(new MouseEvent('click'));
    clock.tick(60_000);
    expect(context.fired).to.deep.equal([]);
  });

  it('with no trigger configured the pop-up shows immediately', () => {
    const { context } = arm({});
    clock.tick(0);
    expect(context.fired).to.deep.equal(['immediately']);
  });

  it('a click pop-up (on_click yes) with no trigger waits for a click instead', () => {
    const { context } = arm({ on_click: 'yes' });
    clock.tick(60_000);
    expect(context.fired).to.deep.equal([]);
  });

  it('a cart trigger alone waits for the cart event', () => {
    const hub = createCartEvents();
    const { context } = arm(
      { shopify_cart_trigger_active: 'yes', shopify_cart_trigger_action: 'added_product' },
      { cartEvents: hub },
    );
    clock.tick(1000);
    expect(context.fired).to.deep.equal([]);
    hub.fireCartEvent('added_product', { productIds: ['1'] });
    expect(context.fired).to.deep.equal(['cart_event']);
  });

  it('display_if_adblock_active alone fires on detection; with other triggers it arms them only once a blocker is detected', () => {
    const style = document.createElement('style');
    style.textContent = '.adsbox { display: none !important; }';
    const alone = arm({ display_if_adblock_active: 'yes' }, { document });
    const withTimer = arm({ display_if_adblock_active: 'yes', display_after_sec_active: '1' }, { document });
    document.head.append(style);
    try {
      clock.tick(ADBLOCK_CHECK_DELAY_MS);
      expect(alone.context.fired).to.deep.equal(['adblock']);
      expect(withTimer.context.fired).to.deep.equal([]);
      clock.tick(1000);
      expect(withTimer.context.fired).to.deep.equal(['after_seconds']);
    } finally {
      style.remove();
    }
  });

  it('without an ad blocker an adblock-gated trigger never arms', () => {
    const { context } = arm({ display_if_adblock_active: 'yes', display_after_sec_active: '1' }, { document });
    clock.tick(60_000);
    expect(context.fired).to.deep.equal([]);
  });

  describe('auto_pilot_trigger', () => {
    it('states the rule: desktop → exit intent + 50% scroll; mobile → 40% scroll + 15 s', () => {
      expect(AUTO_PILOT_TRIGGERS.desktop).to.deep.equal([{ kind: 'exit_intent' }, { kind: 'scroll', percent: 50 }]);
      expect(AUTO_PILOT_TRIGGERS.mobile).to.deep.equal([
        { kind: 'scroll', percent: 40 },
        { kind: 'after_seconds', seconds: 15, on: 'page' },
      ]);
      const config = testConfig({ auto_pilot_trigger: 'yes', display_after_sec_active: '99' });
      expect(planTriggers(config, 'desktop').triggers).to.deep.equal(AUTO_PILOT_TRIGGERS.desktop);
      expect(describePlan(planTriggers(config, 'mobile'))).to.deep.equal([
        'auto-pilot: after 40% scrolling',
        'after 15 s on the page',
      ]);
    });

    it('desktop: exit intent, with the 50% scroll as fallback', () => {
      const win = fakeWindow({ innerHeight: 1000 });
      const exit = arm({ auto_pilot_trigger: 'yes' }, { device: 'desktop', window: win, document: fakeDocument(3000) });
      clock.tick(EXIT_INTENT_GRACE_MS);
      exit.context.document.dispatchEvent(
        new MouseEvent('mouseout', { clientY: -1, clientX: 10, relatedTarget: null }),
      );
      expect(exit.context.fired).to.deep.equal(['close_tab']);
      const scrollWin = fakeWindow({ innerHeight: 1000 });
      const scroll = arm(
        { auto_pilot_trigger: 'yes' },
        { device: 'desktop', window: scrollWin, document: fakeDocument(3000) },
      );
      scrollWin.scrollY = 1000;
      scrollWin.dispatchEvent(new Event('scroll'));
      expect(scroll.context.fired).to.deep.equal(['scroll']);
      exit.disarm();
      scroll.disarm();
    });

    it('mobile: 15 s on the page when the visitor does not scroll 40%', () => {
      const { context } = arm({ auto_pilot_trigger: 'yes' }, { device: 'mobile' });
      clock.tick(14_999);
      expect(context.fired).to.deep.equal([]);
      clock.tick(1);
      expect(context.fired).to.deep.equal(['after_seconds']);
    });

    it('the device defaults to a coarse-pointer check of the window', () => {
      const { context } = arm(
        { auto_pilot_trigger: 'yes' },
        { device: undefined, window: fakeWindow({ coarsePointer: true }) },
      );
      clock.tick(15_000);
      expect(context.fired).to.deep.equal(['after_seconds']);
    });
  });
});
