import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { until } from '../../../test/browser-support/waiting.ts';
import { armInView, EMPTY_EMBED_CHECK_MS } from './in-view.ts';
import { planTriggers } from './plan.ts';
import { TEST_POPTIN_ID, testConfig, triggerContext } from './test-support/fakes.ts';

function placeholder(marginTop: string): HTMLElement {
  const element = document.createElement('poptin-embed');
  element.setAttribute('poptin-id', TEST_POPTIN_ID);
  element.style.display = 'block';
  element.style.height = '50px';
  element.style.marginTop = marginTop;
  document.body.append(element);
  return element;
}

describe('embedded pop-ups: shown when their place is scrolled into view (widget §2)', () => {
  afterEach(() => {
    document.querySelectorAll('poptin-embed').forEach((element) => element.remove());
    window.scrollTo(0, 0);
  });

  it('is the one trigger of an embedded pop-up, whatever else is configured', () => {
    const plan = planTriggers(testConfig({ poptin_type: 'embedded', display_after_sec_active: '5' }), 'desktop');
    expect(plan.triggers).to.deep.equal([{ kind: 'in_view' }]);
  });

  it('fires once its <poptin-embed> enters the viewport, not before', async () => {
    const element = placeholder('200vh');
    const context = triggerContext({ window, document, config: testConfig({ poptin_type: 'embedded' }) });
    const disarm = armInView(context);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(context.fired).to.deep.equal([]);
    element.scrollIntoView();
    await until(() => context.fired.length > 0, 'the in-view trigger');
    expect(context.fired).to.deep.equal(['in_view']);
    disarm();
  });

  it('looks for a placeholder added later every 5 s; disarmed, it stops looking', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const context = triggerContext({ window, document, config: testConfig({ poptin_type: 'embedded' }) });
      armInView(context);
      const stopped = triggerContext({ window, document, config: testConfig({ poptin_type: 'embedded' }) });
      armInView(stopped)();
      placeholder('0px');
      clock.tick(EMPTY_EMBED_CHECK_MS - 1);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(context.fired).to.deep.equal([]);
      clock.tick(1);
      await until(() => context.fired.length > 0, 'the placeholder to be found and seen');
      expect(stopped.fired).to.deep.equal([]);
    } finally {
      clock.restore();
    }
  });
});
