import { expect } from '@open-wc/testing';
import * as timerRule from '../countdown/expiry.ts';
import * as pageFilters from '../rules/page-filters.ts';
import * as scheduleClock from '../rules/schedule-clock.ts';
import * as visitRules from '../rules/visit.ts';
import { TEST_POPTIN_ID, testConfig } from '../triggers/test-support/fakes.ts';
import { createMemoryStorageSet } from '../visitor/memory-storage.ts';
import { VISITOR_COOKIE } from '../visitor/record.ts';
import { countingCookieDocument, countingStorageWindow } from '../visitor/test-support/storage.ts';
import { createVisitor } from '../visitor/visitor.ts';
import { decide } from './decide.ts';
import { createDecisionEnvironment, type DecisionEnvironment } from './environment.ts';
import { pageFiltersFor, timerRuleFor, usesPageFilters, usesVisitRules, visitRulesFor } from './visit-rules.ts';

const NOW = Date.UTC(2025, 2, 14, 12);
const MINUTE = 60_000;

function environment(change: Partial<DecisionEnvironment> = {}): DecisionEnvironment {
  const stores = createMemoryStorageSet(() => NOW);
  return {
    now: NOW,
    isMobile: false,
    countryCode: 'IL',
    pageUrl: 'https://shop.example/products/shoes',
    referrer: '',
    cookies: {},
    visit: { referrerHost: '', campaign: '', landing: true, returning: false },
    globals: {},
    pageSource: () => '<html></html>',
    visitor: createVisitor({ stores, now: () => NOW }),
    visitRules,
    scheduleClock,
    timerRule,
    pageFilters,
    ...change,
  };
}

describe('decide: the visit rules are loaded only for a page that has a pop-up setting one', () => {
  it('downloads nothing for pop-ups without them, and decides them as unset', async () => {
    const plain = testConfig();
    expect(usesVisitRules(plain)).to.equal(false);
    expect(await visitRulesFor([plain])).to.equal(undefined);
    const decision = decide(plain, environment({ visitRules: undefined }));
    expect(decision.allowed).to.equal(true);
    expect(decision.rules.find((rule) => rule.rule === 'traffic_source_targeting')?.reason).to.equal(
      'no traffic source targeting',
    );
  });

  it('loads them for a pop-up that sets one, and its rule then decides', async () => {
    const config = testConfig({ visitor_type_targeting: 'returning' });
    expect(usesVisitRules(config)).to.equal(true);
    const loaded = await visitRulesFor([testConfig(), config]);
    expect(typeof loaded?.evaluateVisitorType).to.equal('function');
    expect(decide(config, environment({ visitRules: loaded })).allowed).to.equal(false);
  });
});

describe('decide: the filters that read the page are loaded only for a page that has a pop-up setting one', () => {
  it('downloads nothing for pop-ups without them, and decides them as unset', async () => {
    const plain = testConfig({ source_code_target_active: 'no', source_code_target_html: 'data-cart' });
    expect(usesPageFilters(plain)).to.equal(false);
    expect(await pageFiltersFor([plain])).to.equal(undefined);
    const decision = decide(plain, environment({ pageFilters: undefined }));
    expect(decision.allowed).to.equal(true);
    expect(
      decision.rules.filter((rule) => /filter|source_code/.test(rule.rule)).map((rule) => rule.reason),
    ).to.deep.equal([
      'no cookie_filter set',
      'no js_filter set',
      'no engagement filter set',
      'source code targeting is off',
    ]);
  });

  for (const [setting, value] of [
    ['cookie_filter', 'show|exact|plan=pro'],
    ['js_filter', 'show|exact|shop.tier=gold'],
    ['engagement_with_other_poptin_filter', 'show|seen_poptin|any|any'],
    ['source_code_target_active', 'yes'],
  ] as const) {
    it(`loads them for a pop-up that sets ${setting}, and its filter then decides`, async () => {
      const config = testConfig({ [setting]: value, source_code_target_html: 'data-cart' });
      expect(usesPageFilters(config)).to.equal(true);
      const loaded = await pageFiltersFor([testConfig(), config]);
      expect(typeof loaded?.evaluateCookieFilter).to.equal('function');
      const rule = setting === 'source_code_target_active' ? 'source_code_target' : setting;
      const verdict = (filters: typeof loaded) =>
        decide(config, environment({ pageFilters: filters })).rules.find((each) => each.rule === rule);
      expect(verdict(loaded)?.allowed).to.equal(false, 'the page meets none of them');
      expect(verdict(undefined)).to.deep.include({ allowed: false, reason: 'its filter is not loaded' });
    });
  }
});

describe('decide: every rule for one pop-up', () => {
  it('allows when every rule allows, and lists each verdict and the planned triggers', () => {
    const decision = decide(
      testConfig({ d_f_r: 'all@display_everytime_everypage', display_after_scroll_active: '40' }),
      environment(),
    );
    expect(decision.allowed).to.equal(true);
    expect(decision.blockedBy).to.deep.equal([]);
    expect(decision.rules.map((rule) => rule.rule)).to.deep.equal([
      'device',
      'country',
      'stop_showing_to_converted_users',
      'frequency (d_f_r)',
      'after close (d_f_a)',
      'page_targeting',
      'referrer_targeting',
      'utm_targeting',
      'traffic_source_targeting',
      'visitor_type_targeting',
      'visit_page_targeting',
      'cookie_filter',
      'js_filter',
      'engagement_with_other_poptin_filter',
      'source_code_target',
      'schedule',
      'timer',
    ]);
    expect(decision.triggers).to.deep.equal(['after 40% scrolling']);
    expect(decision.retryAt).to.equal(null);
    expect(decision.decidedAt).to.equal(NOW);
  });

  it('the visit rules block with the reason: traffic source, UTM parameters, visitor type, landing page', () => {
    const config = testConfig({
      traffic_source_targeting: 'show|search',
      utm_targeting: [{ parameter: 'utm_campaign', operator: 'contain', value: 'spring', show: 'show' }],
      visitor_type_targeting: 'returning',
      visit_page_targeting: 'later',
    });
    const fromGoogle = { referrerHost: 'www.google.co.uk', campaign: 'utm_campaign=Spring-sale', landing: false };
    const allowed = decide(config, environment({ visit: { ...fromGoogle, returning: true } }));
    expect(allowed.allowed, JSON.stringify(allowed.blockedBy)).to.equal(true);
    expect(allowed.rules.find((rule) => rule.rule === 'traffic_source_targeting')?.reason).to.equal(
      'the visit is search (referrer google.co.uk); shown for search',
    );

    const direct = decide(
      config,
      environment({ visit: { referrerHost: '', campaign: '', landing: true, returning: false } }),
    );
    expect(direct.blockedBy.map((rule) => `${rule.rule}: ${rule.reason}`)).to.deep.equal([
      'utm_targeting: utm_campaign "(none)" matches none of contain "spring"',
      'traffic_source_targeting: the visit is direct (no referrer and no campaign parameters); shown for search',
      'visitor_type_targeting: a new visitor; shown to returning visitors',
      'visit_page_targeting: the landing page of the visit; shown on later pages',
    ]);
    expect(direct.retryAt).to.equal(null);
  });

  it('a frequency cap blocks and reports when it expires', () => {
    const env = environment();
    (env.visitor as ReturnType<typeof createVisitor>).recordView(TEST_POPTIN_ID, 'lightbox');
    const decision = decide(testConfig({ d_f_r: 'all@display_once_per_session' }), env);
    expect(decision.allowed).to.equal(false);
    expect(decision.blockedBy.map((rule) => rule.rule)).to.deep.equal(['frequency (d_f_r)']);
    expect(decision.retryAt).to.equal(NOW + 30 * MINUTE);
  });

  it('passes country_code, if_mobile, cookies, window globals, page URL, referrer and page source to their rules', () => {
    const config = testConfig({
      d_f_r: 'all@display_everytime_everypage',
      country_targeting: 'show|US',
      show_on_device: 'mobile',
      cookie_filter: 'show|exact|plan=pro',
      js_filter: 'show|exact|shop.tier=gold',
      page_targeting: [{ operator: 'contain', value: '/checkout' }],
      referrer_targeting: [{ operator: 'contain', value: 'google' }],
      source_code_target_active: 'yes',
      source_code_target_html: 'data-cart',
      source_code_target_role: 'show',
      engagement_with_other_poptin_filter: 'show|seen_poptin|any|any',
      stop_showing_to_converted_users: 'yes',
    });
    const blocked = decide(config, environment());
    expect(blocked.blockedBy.map((rule) => rule.rule)).to.deep.equal([
      'device',
      'country',
      'page_targeting',
      'referrer_targeting',
      'cookie_filter',
      'js_filter',
      'engagement_with_other_poptin_filter',
      'source_code_target',
    ]);
    expect(blocked.retryAt).to.equal(null);
    const env = environment({
      isMobile: true,
      countryCode: 'US',
      pageUrl: 'https://shop.example/checkout',
      referrer: 'https://www.google.com/',
      cookies: { plan: 'pro' },
      globals: { shop: { tier: 'gold' } },
      pageSource: () => '<div data-cart="1"></div>',
    });
    (env.visitor as ReturnType<typeof createVisitor>).recordView('otherotherot1', 'bar');
    const allowed = decide(config, env);
    expect(allowed.blockedBy).to.deep.equal([]);
    expect(allowed.allowed).to.equal(true);
  });

  it('stop_showing_to_converted_users blocks after a conversion on this pop-up', () => {
    const env = environment();
    (env.visitor as ReturnType<typeof createVisitor>).recordConversion(TEST_POPTIN_ID, 'lightbox', 'a@b.example');
    const decision = decide(
      testConfig({ stop_showing_to_converted_users: 'yes', d_f_r: 'all@display_everytime_everypage' }),
      env,
    );
    expect(decision.blockedBy.map((rule) => rule.rule)).to.deep.equal(['stop_showing_to_converted_users']);
  });

  it('a schedule is read in the site’s time zone, and its block lifts when it starts', () => {
    // NOW is Friday 2025-03-14 12:00 UTC: 14:00 in Jerusalem, 08:00 in New York.
    const config = testConfig({
      d_f_r: 'all@display_everytime_everypage',
      schedule: { weekly: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] },
    });
    expect(decide(config, environment({ siteTimeZone: 'Asia/Jerusalem' })).allowed).to.equal(true);
    const early = decide(config, environment({ siteTimeZone: 'America/New_York' }));
    expect(early.blockedBy).to.deep.equal([
      {
        allowed: false,
        rule: 'schedule',
        reason: 'outside its schedule: starts Friday 09:00 (America/New_York)',
        expiresAt: NOW + 60 * MINUTE,
      },
    ]);
    expect(early.retryAt).to.equal(NOW + 60 * MINUTE);
  });

  it('the timer rule is loaded only for a page with a pop-up that has a timer', async () => {
    const plain = testConfig({ d_f_r: 'all@display_everytime_everypage' });
    expect(await timerRuleFor([plain])).to.equal(undefined);
    expect(decide(plain, environment({ timerRule: undefined })).allowed).to.equal(true);
    const timed = testConfig({ design_properties: { timer: { timerTime: '05:00' } } });
    expect(await timerRuleFor([plain, timed])).to.not.equal(undefined);
    // Never shown past its end for want of its rule.
    expect(
      decide(
        testConfig({ design_properties: { timer: { date: '2025-03-14', time: '11:00', gmt: '+00:00' } } }),
        environment({ timerRule: undefined }),
      ).allowed,
    ).to.equal(false);
  });

  it('a fixed end-time timer that has passed blocks (widget §4); one still running allows', () => {
    const ended = decide(
      testConfig({
        d_f_r: 'all@display_everytime_everypage',
        design_properties: { timer: { date: '2025-03-14', time: '11:00', gmt: '+00:00' } },
      }),
      environment(),
    );
    expect(ended.blockedBy).to.deep.equal([
      { allowed: false, rule: 'timer', reason: 'the timer ended at 2025-03-14T11:00:00.000Z' },
    ]);
    const running = decide(
      testConfig({
        d_f_r: 'all@display_everytime_everypage',
        design_properties: { timer: { date: '2025-03-14', time: '13:00', gmt: '+00:00' } },
      }),
      environment(),
    );
    expect(running.allowed).to.equal(true);
  });

  it('picks the mobile variant for mobile visitors when one exists', () => {
    expect(
      decide(testConfig({ design_properties: { switch_mobile_editor: 'yes' } }), environment({ isMobile: true }))
        .variant,
    ).to.equal('mobile');
  });

  it('a rule that throws blocks with its reason instead of throwing', () => {
    const env = environment({
      pageSource: () => {
        throw new Error('no access');
      },
    });
    const decision = decide(testConfig({ source_code_target_active: 'yes', source_code_target_html: 'x' }), env);
    expect(decision.blockedBy).to.deep.equal([
      { allowed: false, rule: 'source_code_target', reason: 'rule failed: no access' },
    ]);
  });

  /**
   * A visitor over a cookie jar that counts its reads, its page view recorded, and the environment of decisions made
   * in a later task, as after a display answer (a read there waits on the browser's cookie store).
   */
  async function decisionsAfterPageView(cookies: Record<string, string>) {
    const { document: countingDocument, reads, jar } = countingCookieDocument();
    for (const [name, value] of Object.entries(cookies)) jar.set(name, value);
    const visitor = createVisitor({ document: countingDocument as Document, now: () => NOW });
    visitor.recordPageView('https://shop.example/');
    await new Promise((resolve) => setTimeout(resolve));
    const readsBefore = reads();
    const env = createDecisionEnvironment({
      window,
      document: countingDocument as Document,
      visitor,
      countryCode: 'DE',
      isMobile: false,
      now: () => NOW,
      pageFilters,
    });
    return { env, readsSince: () => reads() - readsBefore };
  }

  it("the page's cookies and the visitor's history come from one read of the cookie jar", async () => {
    const { env, readsSince } = await decisionsAfterPageView({ poptin_session: 'abc%3A0', utm_source: 'google' });
    const decision = decide(
      testConfig({ d_f_r: 'all@display_once_a_day', cookie_filter: 'show|contain|utm_source=google' }),
      env,
    );
    expect(env.cookies.utm_source).to.equal('google');
    expect(decision.allowed).to.equal(true);
    expect(readsSince()).to.equal(1);
  });

  it("pop-ups without a cookie filter are decided without reading the page's cookies; the first filter reads them once", async () => {
    const { env, readsSince } = await decisionsAfterPageView({ plan: 'pro' });
    for (const id of ['aaaaaaaaaaaa1', 'aaaaaaaaaaaa2'])
      expect(decide(testConfig({ poptin_id: id, d_f_r: 'all@display_everytime_everypage' }), env).allowed).to.equal(
        true,
      );
    expect(readsSince()).to.equal(0, 'no pop-up reads a cookie');
    const filtered = decide(testConfig({ poptin_id: 'aaaaaaaaaaaa3', cookie_filter: 'show|exact|plan=free' }), env);
    const again = decide(testConfig({ poptin_id: 'aaaaaaaaaaaa4', cookie_filter: 'show|exact|plan=pro' }), env);
    expect([filtered.allowed, again.allowed]).to.deep.equal([false, true]);
    expect(readsSince()).to.equal(1, 'the cookie filters share one read');
  });

  it('a pop-up whose rules read no history is decided without opening Web Storage; a frequency cap opens it', () => {
    const storage = countingStorageWindow();
    const cookies = countingCookieDocument();
    // A visitor seen before: the record does not say that Web Storage holds nothing.
    cookies.jar.set(VISITOR_COOKIE, `v>known>${(NOW + MINUTE).toString(36)}`);
    const visitor = createVisitor({ window: storage.window, document: cookies.document as Document, now: () => NOW });
    const env = environment({ visitor });
    const quiet = decide(testConfig({ d_f_r: 'new@display_everytime_everypage', show_on_device: 'desktop' }), env);
    expect(quiet.allowed).to.equal(true);
    expect(storage.opened()).to.equal(0, 'device, audience and every-page-view rules need no history');
    const capped = decide(testConfig({ d_f_r: 'all@display_once_a_day' }), env);
    expect(capped.allowed).to.equal(true);
    expect(storage.opened()).to.equal(1, 'a once-a-day cap reads the history');
  });

  it('createDecisionEnvironment reads the live page', () => {
    document.cookie = 'poptin_decide_test=yes; path=/';
    try {
      const env = createDecisionEnvironment({
        window,
        document,
        visitor: createVisitor({ window, document }),
        countryCode: 'DE',
        isMobile: false,
        now: () => NOW,
      });
      expect(env.cookies.poptin_decide_test).to.equal('yes');
      expect(env.pageUrl).to.equal(window.location.href);
      expect(env.pageSource()).to.contain('<html');
      expect(env.globals).to.equal(window);
      expect(env.now).to.equal(NOW);
    } finally {
      document.cookie = 'poptin_decide_test=; path=/; max-age=0';
    }
  });
});
