import { expect } from '@open-wc/testing';
import type { Decision } from '../core/decision/index.ts';
import { $explanations, explain } from './explain.ts';
import { clearPopups, popupClosed, popupDecided, popupFired } from './popups.ts';

const AT = Date.UTC(2025, 2, 14, 12);
const popup = { id: 'welcome0001', name: 'Welcome', type: 'lightbox' as const };
const decision: Decision = {
  id: popup.id,
  allowed: true,
  variant: 'desktop',
  rules: [],
  blockedBy: [],
  retryAt: null,
  triggers: ['after 5 s'],
  decidedAt: AT,
};

describe('$explanations, derived from $popups', () => {
  beforeEach(() => clearPopups());

  it('a listener hears each pop-up explained again as $popups changes: decided, fired, closed', () => {
    const heard: string[] = [];
    const stop = $explanations.subscribe((explanations) => {
      const welcome = explanations[popup.id];
      heard.push(welcome ? `${welcome.state} ${welcome.trigger} ${welcome.closeTrigger}`.trim() : 'none');
    });
    popupDecided(popup, decision);
    popupFired(popup.id, 'exit_intent', AT + 1_000);
    popupClosed(popup.id, 'x_click');
    stop();
    expect(heard).to.deep.equal(['none', 'armed', 'queued exit_intent', 'closed exit_intent x_click']);
  });

  it('explain(id) reads it with the refused leads given, and knows an id it never saw as unknown', () => {
    popupDecided(popup, decision);
    const refused = [{ key: 'k1', status: 400, reason: 'email too long', at: AT }];
    expect(explain(popup.id, refused)).to.include({ id: popup.id, state: 'armed', allowed: true });
    expect(explain(popup.id, refused).refusedLeads).to.deep.equal(refused);
    expect(explain('nobody000001', [])).to.deep.equal({
      id: 'nobody000001',
      state: 'unknown',
      trigger: '',
      closeTrigger: '',
      refusedLeads: [],
    });
  });
});
