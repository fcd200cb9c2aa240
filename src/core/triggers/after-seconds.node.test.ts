import { afterEach, beforeEach, describe, it } from 'node:test';
import { expect } from 'chai';
import sinon from 'sinon';
import { armAfterSeconds } from './after-seconds.ts';
import { fakeTriggerVisitor, testConfig, triggerContext } from './test-support/fakes.ts';

describe('after N seconds trigger (widget §3 display_after_sec_active)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    clock.restore();
  });

  it('records after_seconds after N seconds on the page', () => {
    const context = triggerContext({ config: testConfig({ display_after_sec_active: '5' }) });
    armAfterSeconds(context);
    clock.tick(4999);
    expect(context.fired).to.deep.equal([]);
    clock.tick(1);
    expect(context.fired).to.deep.equal(['after_seconds']);
    clock.tick(60_000);
    expect(context.fired).to.have.length(1);
  });

  it('counts website time carried across page loads by the time-on-site cookie (display_after_sec_active_on = website)', () => {
    const context = triggerContext({
      config: testConfig({ display_after_sec_active: '30', display_after_sec_active_on: 'website' }),
      visitor: fakeTriggerVisitor({ timeOnSiteMs: () => 25_000 }),
    });
    armAfterSeconds(context);
    clock.tick(4999);
    expect(context.fired).to.deep.equal([]);
    clock.tick(1);
    expect(context.fired).to.deep.equal(['after_seconds']);
  });

  it('fires on the next task when the website time already passed N seconds', () => {
    const context = triggerContext({
      config: testConfig({ display_after_sec_active: '10', display_after_sec_active_on: 'website' }),
      visitor: fakeTriggerVisitor({ timeOnSiteMs: () => 90_000 }),
    });
    armAfterSeconds(context);
    expect(context.fired).to.deep.equal([]);
    clock.tick(0);
    expect(context.fired).to.deep.equal(['after_seconds']);
  });

  it('page time ignores the website time', () => {
    const context = triggerContext({
      config: testConfig({ display_after_sec_active: '10', display_after_sec_active_on: 'page' }),
      visitor: fakeTriggerVisitor({ timeOnSiteMs: () => 90_000 }),
    });
    armAfterSeconds(context);
    clock.tick(9999);
    expect(context.fired).to.deep.equal([]);
  });

  it('is off for "no" and disarm cancels the timer', () => {
    const off = triggerContext({ config: testConfig({ display_after_sec_active: 'no' }) });
    armAfterSeconds(off);
    const on = triggerContext({ config: testConfig({ display_after_sec_active: '2' }) });
    armAfterSeconds(on)();
    clock.tick(10_000);
    expect(off.fired).to.deep.equal([]);
    expect(on.fired).to.deep.equal([]);
  });
});
