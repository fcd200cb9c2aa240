import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ADBLOCK_CHECK_DELAY_MS } from './adblock.ts';
import { armTriggers, triggerWatchersFor } from './arm.ts';
import { createCartEvents } from './cart-events.ts';
import { EXIT_INTENT_GRACE_MS } from './exit-intent.ts';
import { AUTO_PILOT_TRIGGERS, describePlan, planTriggers } from './plan.ts';
import { SCROLL_REARM_MS } from './scroll.ts';
import { fakeDocument, fakeWindow, testConfig, triggerContext } from './test-support/fakes.ts';
import * as watchers from './watchers.ts';

describe('armTriggers', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_700_000_000_000 })));
  afterEach(() => clock.restore());

  function arm(raw: Record<string, unknown>, options: Parameters<typeof triggerContext>[0] = {}) {
    const context = triggerContext(options);
    const config = testConfig(raw);
    const { config: _ignored, ...rest } = context;
    const disarm = armTriggers(config, rest, watchers);
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

describe('the triggers that watch the visitor are loaded only for a page whose pop-ups arm one', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_700_000_000_000 })));
  afterEach(() => clock.restore());

  it('a page of pop-ups on a timer, at once or on a click downloads none of them, and they arm and fire', async () => {
    const configs = [testConfig({ display_after_sec_active: '5' }), testConfig({}), testConfig({ on_click: 'yes' })];
    expect(await triggerWatchersFor(configs, 'desktop')).to.equal(undefined);
    const context = triggerContext();
    const { config: _ignored, ...rest } = context;
    armTriggers(configs[0]!, rest, undefined);
    clock.tick(5000);
    expect(context.fired).to.deep.equal(['after_seconds']);
  });

  for (const [name, raw, device] of [
    ['exit intent', { display_after_exit_website_active: 'yes' }, 'desktop'],
    ['scroll', { display_after_scroll_active: '50' }, 'desktop'],
    ['clicks on the page', { display_after_page_click_number_active: '2' }, 'desktop'],
    ['an ad blocker', { display_if_adblock_active: 'yes', display_after_sec_active: '1' }, 'desktop'],
    ['the cart', { shopify_cart_trigger_active: 'yes', shopify_cart_trigger_action: 'added_product' }, 'desktop'],
    ['an embed coming into view', { poptin_type: 'embedded' }, 'desktop'],
    ['auto-pilot on a phone (scroll)', { auto_pilot_trigger: 'yes' }, 'mobile'],
  ] as const) {
    it(`a page with a pop-up that arms ${name} downloads them`, async () => {
      const watchers = await triggerWatchersFor([testConfig({}), testConfig(raw)], device);
      expect(typeof watchers?.armScroll).to.equal('function');
    });
  }

  it('a pop-up whose watcher is missing is not armed and says why, rather than failing', () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const win = fakeWindow({ innerHeight: 1000 });
      const context = triggerContext({ window: win, document: fakeDocument(3000) });
      const { config: _ignored, ...rest } = context;
      const disarm = armTriggers(testConfig({ display_after_scroll_active: '50' }), rest, undefined);
      win.scrollY = 1200;
      win.dispatchEvent(new Event('scroll'));
      clock.tick(SCROLL_REARM_MS);
      expect(context.fired).to.deep.equal([]);
      expect(warnings.flat().join(' ')).to.contain("its triggers' module is not loaded");
      disarm();
    } finally {
      console.warn = warn;
    }
  });
});
