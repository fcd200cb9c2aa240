import { expect } from '@open-wc/testing';
import { armClicks, createClickCounter } from './clicks.ts';
import { testConfig, triggerContext } from './test-support/fakes.ts';

describe('after N clicks trigger (widget §4)', () => {
  it('records page_clicks on the Nth click and fires at most once', () => {
    const context = triggerContext({ config: testConfig({ display_after_page_click_number_active: '3' }) });
    const disarm = armClicks(context);
    context.document.dispatchEvent(new MouseEvent('click'));
    context.document.dispatchEvent(new MouseEvent('click'));
    expect(context.fired).to.deep.equal([]);
    context.document.dispatchEvent(new MouseEvent('click'));
    expect(context.fired).to.deep.equal(['page_clicks']);
    for (let i = 0; i < 6; i++) context.document.dispatchEvent(new MouseEvent('click'));
    expect(context.fired).to.deep.equal(['page_clicks']);
    disarm();
  });

  it('the click counter resets after firing', () => {
    const counter = createClickCounter(2);
    expect([counter.click(), counter.click()]).to.deep.equal([false, true]);
    expect(counter.count()).to.equal(0);
    expect([counter.click(), counter.click()]).to.deep.equal([false, true]);
  });

  it('disarm removes the listener; "no" arms nothing', () => {
    const context = triggerContext({ config: testConfig({ display_after_page_click_number_active: '1' }) });
    armClicks(context)();
    context.document.dispatchEvent(new MouseEvent('click'));
    const off = triggerContext({ config: testConfig({ display_after_page_click_number_active: 'no' }) });
    armClicks(off);
    off.document.dispatchEvent(new MouseEvent('click'));
    expect(context.fired).to.deep.equal([]);
    expect(off.fired).to.deep.equal([]);
  });
});
