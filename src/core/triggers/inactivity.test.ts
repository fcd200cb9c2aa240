import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { armInactivity } from './inactivity.ts';
import { testConfig, triggerContext } from './test-support/fakes.ts';

describe('inactivity trigger (widget §4)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_000_000 })));
  afterEach(() => clock.restore());

  const setup = () => {
    const context = triggerContext({ config: testConfig({ display_after_inactive_seconds_active: '7' }) });
    return { context, disarm: armInactivity(context) };
  };

  it('inactivity is seconds × 1000 ms without activity', () => {
    const { context } = setup();
    clock.tick(6999);
    expect(context.fired).to.deep.equal([]);
    clock.tick(1);
    expect(context.fired).to.deep.equal(['inactivity']);
    clock.tick(7000);
    expect(context.fired).to.have.length(1);
  });

  for (const [type, target] of [
    ['mousemove', 'document'],
    ['keydown', 'document'],
    ['touchstart', 'document'],
    ['scroll', 'window'],
  ] as const) {
    it(`${type} restarts the 7 × 1000 ms countdown`, () => {
      const { context, disarm } = setup();
      clock.tick(6000);
      (target === 'window' ? context.window : context.document).dispatchEvent(new Event(type));
      clock.tick(6999);
      expect(context.fired).to.deep.equal([]);
      clock.tick(1);
      expect(context.fired).to.deep.equal(['inactivity']);
      disarm();
    });
  }

  it('disarm removes listeners and the timer', () => {
    const { context, disarm } = setup();
    disarm();
    clock.tick(60_000);
    expect(context.fired).to.deep.equal([]);
  });
});
