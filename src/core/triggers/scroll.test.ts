import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { armScroll, SCROLL_REARM_MS, scrolledPercent } from './scroll.ts';
import { fakeDocument, fakeWindow, testConfig, triggerContext } from './test-support/fakes.ts';

describe('after N% scrolling trigger (widget §4)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_000_000 })));
  afterEach(() => clock.restore());

  function setup(percent: string, scrollHeight = 3000, innerHeight = 1000) {
    const win = fakeWindow({ innerHeight });
    const context = triggerContext({
      config: testConfig({ display_after_scroll_active: percent }),
      window: win,
      document: fakeDocument(scrollHeight),
    });
    const disarm = armScroll(context);
    const scrollTo = (y: number) => {
      win.scrollY = y;
      win.dispatchEvent(new Event('scroll'));
    };
    return { context, disarm, scrollTo };
  }

  it('threshold is a percentage of (document height − window height)', () => {
    // 3000 − 1000 = 2000 scrollable px: 50% is 1000 px, not 1500.
    expect(scrolledPercent({ scrollY: 1000, innerHeight: 1000 }, fakeDocument(3000) as unknown as Document)).to.equal(
      50,
    );
    const { context, scrollTo, disarm } = setup('50');
    scrollTo(999);
    clock.tick(SCROLL_REARM_MS);
    expect(context.fired).to.deep.equal([]);
    scrollTo(1000);
    expect(context.fired).to.deep.equal(['scroll']);
    disarm();
  });

  it('scroll trigger re-arms after 300 ms (scrolls meanwhile are checked when the pause ends)', () => {
    expect(SCROLL_REARM_MS).to.equal(300);
    const { context, scrollTo, disarm } = setup('50');
    scrollTo(100);
    scrollTo(1500);
    clock.tick(299);
    expect(context.fired).to.deep.equal([]);
    clock.tick(1);
    expect(context.fired).to.deep.equal(['scroll']);
    disarm();
  });

  it('fires at most once', () => {
    const { context, scrollTo } = setup('10');
    scrollTo(500);
    clock.tick(SCROLL_REARM_MS);
    scrollTo(600);
    clock.tick(SCROLL_REARM_MS);
    scrollTo(700);
    expect(context.fired).to.deep.equal(['scroll']);
  });

  it('a page that cannot scroll never fires', () => {
    const { context, scrollTo, disarm } = setup('10', 800, 1000);
    scrollTo(0);
    expect(context.fired).to.deep.equal([]);
    disarm();
  });

  it('disarm removes the listener and the pending re-arm', () => {
    const { context, scrollTo, disarm } = setup('50');
    scrollTo(0);
    scrollTo(1900);
    disarm();
    clock.tick(SCROLL_REARM_MS);
    scrollTo(1950);
    expect(context.fired).to.deep.equal([]);
  });
});
