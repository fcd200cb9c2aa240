import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createDecisionEnvironment, decide } from '../../src/core/decision/index.ts';
import * as scheduleClock from '../../src/core/rules/schedule-clock.ts';
import type { PopupHandle } from './popup-handle.ts';
import { ScheduleWatch } from './schedules.ts';
import { fakeContext, popupConfig, quietShowingRunner } from './test-support/fakes.ts';

const START = Date.UTC(2026, 2, 4, 8, 59, 55);
const zones = { site: 'UTC', visitor: 'UTC' };

describe('scheduled pop-ups while the visitor stays', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  function follow(schedule: Record<string, unknown>) {
    const context = fakeContext({ now: Date.now });
    const config = popupConfig({ d_f_r: 'all@display_everytime_everypage', schedule });
    const decideNow = () =>
      decide(config, {
        ...createDecisionEnvironment({
          window: context.window,
          document: context.window.document,
          visitor: context.visitor,
          isMobile: false,
          countryCode: '',
        }),
        siteTimeZone: 'UTC',
        scheduleClock,
      });
    const handle = { config, runner: quietShowingRunner() } as unknown as PopupHandle;
    const decisions: string[] = [];
    const watch = new ScheduleWatch({ host: window, now: Date.now, isCurrent: () => true });
    const first = decideNow();
    handle.runner.send({ type: 'decided', allowed: first.allowed });
    watch.watch(
      handle,
      zones,
      () => {
        const decision = decideNow();
        decisions.push(decision.blockedBy.map((rule) => rule.reason).join() || 'allowed');
        return decision;
      },
      scheduleClock,
    );
    return { handle, decisions, watch };
  }

  it('arms a pop-up at the moment its schedule starts, and disarms it when it ends', () => {
    const { handle, decisions } = follow({ weekly: [{ days: [3], from: '09:00', to: '09:01' }] });
    expect(handle.runner.snapshot.phase).to.equal('blocked');
    clock.tick(4_999);
    expect(handle.runner.snapshot.phase).to.equal('blocked');
    clock.tick(1);
    expect(handle.runner.snapshot.phase).to.equal('armed');
    clock.tick(60_000);
    expect(handle.runner.snapshot.phase).to.equal('blocked');
    expect(decisions).to.deep.equal(['allowed', 'outside its schedule: starts 2026-03-11 09:00 (UTC)']);
  });

  it('lets a pop-up on screen finish its showing when its schedule ends', () => {
    const { handle } = follow({ end: '2026-03-04T09:00' });
    handle.runner.send({ type: 'fire', trigger: 'scroll' });
    handle.runner.send({ type: 'mounted' });
    clock.tick(5_000);
    expect(handle.runner.snapshot.phase).to.equal('shown');
  });

  it('forgets every wait when the page’s pop-ups are removed', () => {
    const { handle, watch } = follow({ start: '2026-03-04T09:00' });
    watch.clear();
    clock.tick(10_000);
    expect(handle.runner.snapshot.phase).to.equal('blocked');
  });
});
