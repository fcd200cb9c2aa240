import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ADBLOCK_BAIT_CLASSES, ADBLOCK_CHECK_DELAY_MS, armAdblock, armAdblockFromConfig } from './adblock.ts';
import { fakeWindow, testConfig, triggerContext } from './test-support/fakes.ts';

describe('adblock trigger (display_if_adblock_active, detected locally)', () => {
  let clock: sinon.SinonFakeTimers;
  const cleanups: (() => void)[] = [];
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_000_000 })));
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => cleanup());
    clock.restore();
  });

  function simulateBlocker(rule: string) {
    const style = document.createElement('style');
    style.textContent = rule;
    document.head.append(style);
    cleanups.push(() => style.remove());
  }

  function bait() {
    return document.querySelector(`.${ADBLOCK_BAIT_CLASSES[0]}`);
  }

  it('records adblock when an element-hiding rule hides the bait', () => {
    simulateBlocker('.adsbox { display: none !important; }');
    const context = triggerContext({ config: testConfig({ display_if_adblock_active: 'yes' }), document });
    cleanups.push(armAdblockFromConfig(context));
    expect(bait()).to.not.equal(null);
    clock.tick(ADBLOCK_CHECK_DELAY_MS);
    expect(context.fired).to.deep.equal(['adblock']);
    expect(bait()).to.equal(null);
  });

  it('a bait collapsed to zero height counts as blocked', () => {
    simulateBlocker('.pub_300x250 { height: 0 !important; }');
    const context = triggerContext({ document });
    cleanups.push(armAdblock(context));
    clock.tick(ADBLOCK_CHECK_DELAY_MS);
    expect(context.fired).to.deep.equal(['adblock']);
  });

  it('does not fire without a blocker, and removes the bait', () => {
    const context = triggerContext({ document });
    cleanups.push(armAdblock(context));
    clock.tick(ADBLOCK_CHECK_DELAY_MS);
    expect(context.fired).to.deep.equal([]);
    expect(bait()).to.equal(null);
  });

  it('optionally counts a blocked request to a local probe path', async () => {
    const fetch = sinon.stub().rejects(new TypeError('Failed to fetch'));
    const context = triggerContext({ document, window: fakeWindow({ fetch }), adblockProbeUrl: '/ads/banner.js' });
    cleanups.push(armAdblock(context));
    clock.tick(ADBLOCK_CHECK_DELAY_MS);
    await clock.tickAsync(0);
    expect(fetch.firstCall.args[0]).to.equal('/ads/banner.js');
    expect(context.fired).to.deep.equal(['adblock']);
  });

  it('a probe request that gets any answer is not blocked', async () => {
    const fetch = sinon.stub().resolves(new Response('', { status: 404 }));
    const context = triggerContext({ document, window: fakeWindow({ fetch }), adblockProbeUrl: '/ads/banner.js' });
    cleanups.push(armAdblock(context));
    clock.tick(ADBLOCK_CHECK_DELAY_MS);
    await clock.tickAsync(0);
    expect(context.fired).to.deep.equal([]);
  });

  it('is not armed when display_if_adblock_active is "no"; disarm removes the bait', () => {
    const off = triggerContext({ config: testConfig({ display_if_adblock_active: 'no' }), document });
    armAdblockFromConfig(off);
    expect(bait()).to.equal(null);
    armAdblock(triggerContext({ document }))();
    expect(bait()).to.equal(null);
  });
});
