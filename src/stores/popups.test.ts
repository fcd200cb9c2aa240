import { expect } from '@open-wc/testing';
import type { Decision } from '../core/decision/index.ts';
import { block } from '../core/rules/types.ts';
import {
  $popups,
  clearPopups,
  popupAdded,
  popupArmed,
  popupClosed,
  popupDecided,
  popupFired,
  popupShown,
  popupStateChanged,
  popupViewRecorded,
} from './popups.ts';

const AT = Date.UTC(2025, 2, 14, 12);
const popup = { id: 'welcome0001', name: 'Welcome', type: 'lightbox' as const };

function decision(allowed: boolean): Decision {
  const blockedBy = allowed ? [] : [block('frequency (d_f_r)', 'seen today', AT + 1_000)];
  return {
    id: popup.id,
    allowed,
    variant: 'desktop',
    rules: blockedBy,
    blockedBy,
    retryAt: allowed ? null : AT + 1_000,
    triggers: ['after 5 s'],
    decidedAt: AT,
  };
}

const record = () => $popups.get()[popup.id];

describe('$popups store', () => {
  beforeEach(() => clearPopups());

  it('a decision adds the pop-up armed, or blocked with why', () => {
    popupDecided(popup, decision(true));
    expect(record()).to.include({
      id: popup.id,
      name: 'Welcome',
      type: 'lightbox',
      state: 'armed',
      trigger: '',
      closeCause: '',
      viewId: '',
    });
    expect(record().explanation).to.include({ allowed: true, summary: 'allowed; triggers not armed yet (after 5 s)' });

    popupDecided({ id: 'other000001', name: 'Other', type: 'bar' }, { ...decision(false), id: 'other000001' });
    const blocked = $popups.get().other000001;
    expect(blocked.state).to.equal('blocked');
    expect(blocked.explanation.blockedBy.map((rule) => rule.rule)).to.deep.equal(['frequency (d_f_r)']);
    expect(blocked.explanation.frequencyCapExpiresAt).to.equal(AT + 1_000);
  });

  it('keeps only the id, name and type of a whole pop-up config', () => {
    popupDecided({ ...popup, html: '<p>hi</p>', viewerId: 'v1' } as typeof popup, decision(true));
    expect(Object.keys(record()).sort()).to.deep.equal([
      'closeCause',
      'explanation',
      'id',
      'name',
      'state',
      'trigger',
      'type',
      'viewId',
    ]);
  });

  it('arming, firing, showing, the view id and the close follow the pop-up through its lifecycle', () => {
    popupDecided(popup, decision(true));
    popupArmed(popup.id, ['after 5 s'], AT);
    expect(record().explanation.triggers).to.deep.equal({ planned: ['after 5 s'], armedAt: AT, fired: [] });

    popupFired(popup.id, 'after_seconds', AT + 5_000);
    expect(record()).to.include({ state: 'queued', trigger: 'after_seconds' });
    expect(record().explanation.triggers.fired).to.deep.equal([{ trigger: 'after_seconds', at: AT + 5_000 }]);

    popupStateChanged(popup.id, 'shown');
    expect(record().state).to.equal('shown');
    popupShown(popup.id, AT + 5_100);
    expect(record().explanation.shownAt).to.equal(AT + 5_100);
    expect(record().explanation.summary).to.equal(`shown at ${new Date(AT + 5_100).toISOString()} after after_seconds`);

    popupViewRecorded(popup.id, 'view-42');
    expect(record().viewId).to.equal('view-42');

    popupClosed(popup.id, 'x_click');
    expect(record()).to.include({
      state: 'closed',
      closeCause: 'x_click',
      trigger: 'after_seconds',
      viewId: 'view-42',
    });
  });

  it('a change that tells nothing new of why it showed keeps its explanation, not a copy made again', () => {
    popupDecided(popup, decision(true));
    popupArmed(popup.id, ['after 5 s'], AT);
    popupFired(popup.id, 'after_seconds', AT + 5_000);
    popupShown(popup.id, AT + 5_100);
    const explained = $popups.get()[popup.id]!.explanation;
    popupViewRecorded(popup.id, 'view-1');
    popupStateChanged(popup.id, 'shown');
    popupClosed(popup.id, 'x_click');
    expect($popups.get()[popup.id]!.explanation).to.equal(explained);
    expect($popups.get()[popup.id]).to.include({ state: 'closed', viewId: 'view-1', closeCause: 'x_click' });
  });

  it('notifies subscribers of each change', () => {
    const states: string[] = [];
    const unsubscribe = $popups.listen((popups) => states.push(popups[popup.id]?.state ?? 'none'));
    popupDecided(popup, decision(true));
    popupFired(popup.id, 'scroll', AT);
    popupStateChanged(popup.id, 'shown');
    popupClosed(popup.id, 'escape');
    unsubscribe();
    expect(states).to.deep.equal(['armed', 'queued', 'shown', 'closed']);
  });

  it('a pop-up opened on demand is added armed with an empty explanation', () => {
    popupAdded(popup);
    expect(record()).to.include({ state: 'armed', trigger: '', closeCause: '', viewId: '' });
    expect(record().explanation).to.include({ id: popup.id, allowed: null, summary: 'no decision yet' });
    popupFired(popup.id, 'manual', AT);
    expect(record().explanation.triggers.fired).to.deep.equal([{ trigger: 'manual', at: AT }]);
  });

  it('opening a closed pop-up again arms it with no trigger or view, keeping its last close cause and its explanation', () => {
    popupDecided(popup, decision(true));
    popupFired(popup.id, 'scroll', AT);
    popupViewRecorded(popup.id, 'view-1');
    popupClosed(popup.id, 'escape');
    popupAdded(popup);
    expect(record()).to.include({ state: 'armed', trigger: '', viewId: '', closeCause: 'escape' });
    expect(record().explanation.allowed).to.equal(true);
    expect(record().explanation.triggers.fired.map((fire) => fire.trigger)).to.deep.equal(['scroll']);
  });

  it('changes to an unknown pop-up are ignored', () => {
    popupFired('missing0001', 'scroll', AT);
    popupStateChanged('missing0001', 'shown');
    popupViewRecorded('missing0001', 'view-1');
    popupClosed('missing0001', 'escape');
    expect($popups.get()).to.deep.equal({});
  });

  it('clearPopups empties the store and forgets every explanation', () => {
    popupDecided(popup, decision(true));
    popupFired(popup.id, 'scroll', AT);
    clearPopups();
    expect($popups.get()).to.deep.equal({});
    popupAdded(popup);
    expect(record().explanation.allowed).to.equal(null);
    expect(record().explanation.triggers.fired).to.deep.equal([]);
  });
});
