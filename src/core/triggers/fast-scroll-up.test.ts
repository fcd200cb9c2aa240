import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { armFastScrollUp, FAST_SCROLL_UP_DISTANCE_PX, FAST_SCROLL_UP_WINDOW_MS } from './fast-scroll-up.ts';
import { fakeWindow, triggerContext } from './test-support/fakes.ts';

describe('fast scroll up (touch exit intent)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_000_000 })));
  afterEach(() => clock.restore());

  function scrollTo(win: ReturnType<typeof fakeWindow>, y: number) {
    win.scrollY = y;
    win.dispatchEvent(new Event('scroll'));
  }

  it(`fires when the page moves up ${FAST_SCROLL_UP_DISTANCE_PX} px within ${FAST_SCROLL_UP_WINDOW_MS} ms`, () => {
    const win = fakeWindow();
    const onFast = sinon.spy();
    const disarm = armFastScrollUp(triggerContext({ window: win }), onFast);
    scrollTo(win, 1500);
    clock.tick(FAST_SCROLL_UP_WINDOW_MS);
    scrollTo(win, 1500 - FAST_SCROLL_UP_DISTANCE_PX);
    scrollTo(win, 200);
    expect(onFast.callCount).to.equal(1);
    disarm();
  });

  it('a slow scroll up does not fire', () => {
    const win = fakeWindow();
    const onFast = sinon.spy();
    const disarm = armFastScrollUp(triggerContext({ window: win }), onFast);
    for (let y = 2000; y >= 0; y -= 100) {
      scrollTo(win, y);
      clock.tick(200);
    }
    expect(onFast.callCount).to.equal(0);
    disarm();
  });

  it('scrolling down never fires', () => {
    const win = fakeWindow();
    const onFast = sinon.spy();
    const disarm = armFastScrollUp(triggerContext({ window: win }), onFast);
    scrollTo(win, 0);
    scrollTo(win, 3000);
    expect(onFast.callCount).to.equal(0);
    disarm();
  });
});
