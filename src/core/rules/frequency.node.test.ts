import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  evaluateAfterClose,
  evaluateFrequency,
  type FrequencyHistory,
  isEveryTimeOnEveryPage,
  parseFrequencyRule,
} from './frequency.ts';

const NOW = Date.UTC(2025, 2, 14, 12);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const history = (change: Partial<FrequencyHistory> = {}): FrequencyHistory => ({
  views: 0,
  lastViewAt: null,
  lastClosedAt: null,
  onceFlagUntil: null,
  viewedTodayUntil: null,
  closedThisSession: false,
  returningVisitor: false,
  ...change,
});

describe('frequency rule d_f_r (grammar <audience>@<rule>[_<n>])', () => {
  const forms: [string, object][] = [
    ['all@display_everytime_everypage_5', { audience: 'all', cap: { kind: 'every_page_view', maxViews: 5 } }],
    ['all@display_everytime_everypage', { audience: 'all', cap: { kind: 'every_page_view', maxViews: null } }],
    ['display_every_page_view', { audience: 'all', cap: { kind: 'every_page_view', maxViews: null } }],
    ['all@display_once_per_session', { cap: { kind: 'once_per_session' } }],
    ['all@display_once_per_visitor', { cap: { kind: 'once_per_visitor' } }],
    ['all@display_once', { cap: { kind: 'once_per_visitor' } }],
    ['all@display_never_again', { cap: { kind: 'once_per_visitor' } }],
    ['all@display_every_3_days', { cap: { kind: 'interval', ms: 3 * DAY, label: '3 days' } }],
    ['all@display_once_every_7_days', { cap: { kind: 'interval', ms: 7 * DAY, label: '7 days' } }],
    ['all@display_once_a_day', { cap: { kind: 'once_a_day' } }],
    ['all@display_once_per_day', { cap: { kind: 'once_a_day' } }],
    ['all@display_every_12_hours', { cap: { kind: 'interval', ms: 12 * 60 * MINUTE, label: '12 hour(s)' } }],
    ['all@display_once_a_week', { cap: { kind: 'interval', ms: 7 * DAY, label: '1 week(s)' } }],
    ['new_visitors@display_once_per_session', { audience: 'new', cap: { kind: 'once_per_session' } }],
    ['returning@display_everytime_everypage', { audience: 'returning' }],
    ['ALL@Display_Once_Per_Session', { cap: { kind: 'once_per_session' } }],
  ];
  for (const [source, expected] of forms) {
    it(`parses "${source}"`, () => {
      const rule = parseFrequencyRule(source);
      expect(rule.understood).to.equal(true);
      expect(rule).to.deep.include(expected);
    });
  }

  for (const source of [
    'all@display_sometimes',
    'martians@display_once',
    'all@display_every_2_5_days',
    'all@display_once_3',
    '',
  ]) {
    it(`an unknown form "${source}" is reported and treated as once per session`, () => {
      const rule = parseFrequencyRule(source);
      expect(rule.understood).to.equal(false);
      expect(rule.cap).to.deep.equal({ kind: 'once_per_session' });
      expect(rule.note).to.contain('treated as once per session');
      const result = evaluateFrequency(source, history({ onceFlagUntil: NOW + 10 * MINUTE }), NOW);
      expect(result.allowed).to.equal(false);
      expect(result.reason).to.contain('treated as once per session');
    });
  }

  describe('decisions from visitor history', () => {
    it('every page view: always allowed; with _5, blocked from the 5th view on', () => {
      expect(evaluateFrequency('all@display_everytime_everypage', history({ views: 99 }), NOW).allowed).to.equal(true);
      expect(evaluateFrequency('all@display_everytime_everypage_5', history({ views: 4 }), NOW).allowed).to.equal(true);
      const capped = evaluateFrequency('all@display_everytime_everypage_5', history({ views: 5 }), NOW);
      expect(capped).to.include({ allowed: false, rule: 'frequency (d_f_r)' });
      expect(capped.expiresAt).to.equal(undefined);
    });

    it('once per session: blocked while the display-once flag (about 30 minutes) lives, and reports when it expires', () => {
      const until = NOW + 30 * MINUTE;
      expect(evaluateFrequency('all@display_once_per_session', history({ onceFlagUntil: until }), NOW)).to.include({
        allowed: false,
        expiresAt: until,
      });
      expect(
        evaluateFrequency('all@display_once_per_session', history({ onceFlagUntil: NOW - 1, views: 3 }), NOW).allowed,
      ).to.equal(true);
    });

    it('once per visitor: blocked after any view, with no expiry', () => {
      expect(evaluateFrequency('all@display_once_per_visitor', history({ views: 0 }), NOW).allowed).to.equal(true);
      const result = evaluateFrequency(
        'all@display_once_per_visitor',
        history({ views: 1, lastViewAt: NOW - 400 * DAY }),
        NOW,
      );
      expect(result.allowed).to.equal(false);
      expect(result.expiresAt).to.equal(undefined);
    });

    it('every N days: blocked until the last view + N days', () => {
      const lastViewAt = NOW - 2 * DAY;
      expect(evaluateFrequency('all@display_every_3_days', history({ views: 1, lastViewAt }), NOW)).to.include({
        allowed: false,
        expiresAt: lastViewAt + 3 * DAY,
      });
      expect(
        evaluateFrequency('all@display_every_3_days', history({ views: 1, lastViewAt: NOW - 3 * DAY }), NOW).allowed,
      ).to.equal(true);
    });

    it('once a day: blocked while the viewed-today cookie (1 day) lives', () => {
      expect(evaluateFrequency('all@display_once_a_day', history({ viewedTodayUntil: NOW + DAY - 1 }), NOW)).to.include(
        { allowed: false, expiresAt: NOW + DAY - 1 },
      );
      expect(evaluateFrequency('all@display_once_a_day', history({ viewedTodayUntil: NOW }), NOW).allowed).to.equal(
        true,
      );
    });

    it('every N hours and weeks', () => {
      expect(
        evaluateFrequency('all@display_every_12_hours', history({ lastViewAt: NOW - 11 * 60 * MINUTE }), NOW).allowed,
      ).to.equal(false);
      expect(
        evaluateFrequency('all@display_once_a_week', history({ lastViewAt: NOW - 8 * DAY }), NOW).allowed,
      ).to.equal(true);
    });

    it('audience: new visitors only / returning visitors only (old-user cookie)', () => {
      expect(
        evaluateFrequency('new@display_everytime_everypage', history({ returningVisitor: true }), NOW).allowed,
      ).to.equal(false);
      expect(
        evaluateFrequency('new@display_everytime_everypage', history({ returningVisitor: false }), NOW).allowed,
      ).to.equal(true);
      expect(
        evaluateFrequency('returning@display_everytime_everypage', history({ returningVisitor: false }), NOW).allowed,
      ).to.equal(false);
    });
  });

  it('"every time on every page" is recognised for the page-visit trigger', () => {
    expect(isEveryTimeOnEveryPage(parseFrequencyRule('all@display_everytime_everypage_5'))).to.equal(true);
    expect(isEveryTimeOnEveryPage(parseFrequencyRule('all@display_once_per_session'))).to.equal(false);
  });
});

describe('after-close rule d_f_a (same grammar, counted from the last close)', () => {
  it('empty: no restriction', () => {
    expect(evaluateAfterClose('', history({ lastClosedAt: NOW }), NOW).allowed).to.equal(true);
  });

  it('every N days after a close, with the expiry', () => {
    const closed = NOW - DAY;
    expect(evaluateAfterClose('all@display_every_7_days', history({ lastClosedAt: closed }), NOW)).to.include({
      allowed: false,
      expiresAt: closed + 7 * DAY,
      rule: 'after close (d_f_a)',
    });
    expect(evaluateAfterClose('all@display_every_7_days', history(), NOW).allowed).to.equal(true);
  });

  it('once per session: blocked when closed in this session', () => {
    expect(
      evaluateAfterClose(
        'all@display_once_per_session',
        history({ lastClosedAt: NOW - 1, closedThisSession: true }),
        NOW,
      ).allowed,
    ).to.equal(false);
    expect(
      evaluateAfterClose('all@display_once_per_session', history({ lastClosedAt: NOW - DAY }), NOW).allowed,
    ).to.equal(true);
  });

  it('once per visitor: never again after a close; every page view: closing does not stop it; once a day: 1 day', () => {
    expect(evaluateAfterClose('all@display_once', history({ lastClosedAt: 1 }), NOW).allowed).to.equal(false);
    expect(evaluateAfterClose('all@display_everytime_everypage', history({ lastClosedAt: NOW }), NOW).allowed).to.equal(
      true,
    );
    expect(evaluateAfterClose('all@display_once_a_day', history({ lastClosedAt: NOW - 1000 }), NOW)).to.include({
      allowed: false,
      expiresAt: NOW - 1000 + DAY,
    });
  });
});
