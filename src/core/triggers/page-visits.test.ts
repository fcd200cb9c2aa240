import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createMemoryStorageSet } from '../visitor/memory-storage.ts';
import { blockedStorageWindow } from '../visitor/test-support/storage.ts';
import { createVisitor } from '../visitor/visitor.ts';
import { createStorageSet } from '../visitor/web-storage.ts';
import { armPageVisits } from './page-visits.ts';
import { fakeTriggerVisitor, TEST_POPTIN_ID, testConfig, triggerContext } from './test-support/fakes.ts';

describe('after N page visits trigger (widget §4)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_700_000_000_000 })));
  afterEach(() => clock.restore());

  const config = (rule = 'all@display_once_per_session') =>
    testConfig({ display_after_visit_page_active: '3', d_f_r: rule });

  function visitPages(urls: string[], rule?: string) {
    const stores = createMemoryStorageSet(() => Date.now());
    const fired: string[][] = [];
    for (const url of urls) {
      // One visitor per page load, sharing the stores like a real browser session.
      const visitor = createVisitor({ stores, now: () => Date.now() });
      const context = triggerContext({ config: config(rule), visitor, url });
      armPageVisits(context);
      clock.tick(0);
      fired.push(context.fired);
    }
    return fired;
  }

  it('uses the per-pop-up visit count and fires on the Nth page visit', () => {
    expect(visitPages(['https://s.example/1', 'https://s.example/2', 'https://s.example/3'])).to.deep.equal([
      [],
      [],
      ['page_visits'],
    ]);
  });

  it('a reload of the same page is not a new visit', () => {
    expect(visitPages(['https://s.example/1', 'https://s.example/1', 'https://s.example/2'])).to.deep.equal([
      [],
      [],
      [],
    ]);
  });

  it('is disabled for the session after firing', () => {
    const fired = visitPages([
      'https://s.example/1',
      'https://s.example/2',
      'https://s.example/3',
      'https://s.example/4',
    ]);
    expect(fired[3]).to.deep.equal([]);
  });

  it('keeps firing on later pages when the frequency rule is every time on every page', () => {
    const fired = visitPages(
      ['https://s.example/1', 'https://s.example/2', 'https://s.example/3', 'https://s.example/4'],
      'all@display_everytime_everypage',
    );
    expect(fired[2]).to.deep.equal(['page_visits']);
    expect(fired[3]).to.deep.equal(['page_visits']);
  });

  it('does nothing without browser storage', () => {
    const stores = createStorageSet({ window: blockedStorageWindow(), document: null, log: () => {} });
    const visitor = createVisitor({ stores });
    const countPageVisit = sinon.spy(visitor, 'countPageVisit');
    const context = triggerContext({
      config: testConfig({ display_after_visit_page_active: '1' }),
      visitor,
      url: 'https://s.example/',
    });
    armPageVisits(context);
    clock.tick(0);
    expect(context.fired).to.deep.equal([]);
    expect(countPageVisit.called).to.equal(false);
  });

  it('disarm before the next task cancels the firing', () => {
    const context = triggerContext({
      config: testConfig({ display_after_visit_page_active: '1' }),
      visitor: fakeTriggerVisitor({ countPageVisit: () => 5 }),
    });
    armPageVisits(context)();
    clock.tick(0);
    expect(context.fired).to.deep.equal([]);
    expect(TEST_POPTIN_ID).to.have.length(13);
  });
});
