import { describe, it } from 'node:test';
import { expect } from 'chai';
import { TEST_POPTIN_ID, testConfig } from '../triggers/test-support/fakes.ts';
import { createMemoryStorageSet } from '../visitor/memory-storage.ts';
import { createVisitor } from '../visitor/visitor.ts';
import { decide } from './decide.ts';
import type { DecisionEnvironment } from './environment.ts';
import { createExplanationLog, FIRES_KEPT } from './explanation.ts';

const NOW = Date.UTC(2025, 2, 14, 12);
const DAY = 86_400_000;

function environment(): DecisionEnvironment & { visitor: ReturnType<typeof createVisitor> } {
  return {
    now: NOW,
    isMobile: false,
    countryCode: '',
    pageUrl: 'https://shop.example/',
    referrer: '',
    cookies: {},
    visit: { referrerHost: '', campaign: '', landing: true, returning: false },
    globals: {},
    pageSource: () => '',
    visitor: createVisitor({ stores: createMemoryStorageSet(() => NOW), now: () => NOW }),
  };
}

function blockedByCap(): DecisionEnvironment {
  const env = environment();
  env.visitor.recordView(TEST_POPTIN_ID, 'lightbox');
  return env;
}

describe('explain(id): why a pop-up did or did not show', () => {
  it('names the rule that blocked, why, and when the frequency cap expires', () => {
    const log = createExplanationLog();
    const env = environment();
    env.visitor.recordView(TEST_POPTIN_ID, 'lightbox');
    log.decided(decide(testConfig({ d_f_r: 'all@display_every_3_days' }), env));
    const explanation = log.explain(TEST_POPTIN_ID)!;
    expect(explanation.allowed).to.equal(false);
    expect(explanation.blockedBy[0].rule).to.equal('frequency (d_f_r)');
    expect(explanation.frequencyCapExpiresAt).to.equal(NOW + 3 * DAY);
    expect(explanation.summary).to.equal(
      `blocked by frequency (d_f_r): once every 3 days: last seen less than 3 days ago (until ${new Date(NOW + 3 * DAY).toISOString()})`,
    );
  });

  it('records which triggers are armed, which fired and when, and the show', () => {
    const log = createExplanationLog();
    const decision = decide(
      testConfig({
        d_f_r: 'all@display_everytime_everypage',
        display_after_exit_website_active: 'yes',
        display_after_sec_active: '20',
      }),
      environment(),
    );
    log.decided(decision);
    log.armed(TEST_POPTIN_ID, decision.triggers, NOW);
    expect(log.explain(TEST_POPTIN_ID)!.summary).to.equal('allowed; waiting for exit intent or after 20 s on the page');
    log.fired(TEST_POPTIN_ID, 'close_tab', NOW + 5000);
    expect(log.explain(TEST_POPTIN_ID)!.triggers).to.deep.equal({
      planned: ['exit intent', 'after 20 s on the page'],
      armedAt: NOW,
      fired: [{ trigger: 'close_tab', at: NOW + 5000 }],
    });
    log.shown(TEST_POPTIN_ID, NOW + 5100);
    expect(log.explain(TEST_POPTIN_ID)!.summary).to.equal(
      `shown at ${new Date(NOW + 5100).toISOString()} after close_tab`,
    );
  });

  it('a pop-up opened again and again keeps its last 10 fires, and its summary names the one that opened the latest showing', () => {
    const log = createExplanationLog();
    log.decided(
      decide(testConfig({ d_f_r: 'all@display_everytime_everypage', display_after_sec_active: '1' }), environment()),
    );
    log.fired(TEST_POPTIN_ID, 'scroll', NOW);
    log.shown(TEST_POPTIN_ID, NOW + 100);
    for (let again = 1; again <= 24; again++) log.fired(TEST_POPTIN_ID, 'manual', NOW + again * 1000);
    log.fired(TEST_POPTIN_ID, 'exit-intent', NOW + 30_000);
    log.shown(TEST_POPTIN_ID, NOW + 30_100);
    const { triggers, summary } = log.explain(TEST_POPTIN_ID)!;
    expect(FIRES_KEPT).to.equal(10);
    expect(triggers.fired).to.have.length(10);
    expect(triggers.fired[0]).to.deep.equal({ trigger: 'manual', at: NOW + 16_000 });
    expect(triggers.fired.at(-1)).to.deep.equal({ trigger: 'exit-intent', at: NOW + 30_000 });
    expect(summary).to.equal(`shown at ${new Date(NOW + 30_100).toISOString()} after exit-intent`);
  });

  it('returns a copy, null for unknown ids, and forgets on clear()', () => {
    const log = createExplanationLog();
    log.fired('x', 'scroll', 1);
    log.explain('x')!.triggers.fired.push({ trigger: 'tampered', at: 2 });
    log.explain('x')!.triggers.fired[0]!.trigger = 'tampered';
    expect(log.explain('x')!.triggers.fired).to.deep.equal([{ trigger: 'scroll', at: 1 }]);
    log.decided(decide(testConfig({ d_f_r: 'all@display_every_3_days' }), blockedByCap()));
    const copy = log.explain(TEST_POPTIN_ID)!;
    copy.blockedBy[0]!.reason = 'tampered';
    copy.rules.length = 0;
    copy.triggers.planned.push('tampered');
    const again = log.explain(TEST_POPTIN_ID)!;
    expect(again.blockedBy[0]!.reason).to.contain('once every 3 days');
    expect(again.rules.length).to.be.greaterThan(1);
    expect(again.triggers.planned).not.to.include('tampered');
    expect(log.explain('unknown')).to.equal(null);
    log.clear();
    expect(log.explain('x')).to.equal(null);
  });
});
