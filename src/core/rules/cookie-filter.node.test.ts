import { describe, it } from 'node:test';
import { expect } from 'chai';
import { evaluateCookieFilter } from './cookie-filter.ts';

describe('cookie filter (widget §3 cookie_filter, §5 operators)', () => {
  const cookies = { plan: 'pro', visits: '7', utm_source: 'google-ads', theme: '' };

  const cases: [string, boolean][] = [
    ['show|contain|utm_source=google', true],
    ['show|exact|plan=pro', true],
    ['show|exact|plan=free', false],
    ['show|start|utm_source=google', true],
    ['show|end|utm_source=ads', true],
    ['show|end|utm_source=google', false],
    ['show|greater_than|visits=5', true],
    ['show|less_than|visits=5', false],
    ['show|any_value|theme', true],
    ['show|any_value|missing', false],
    ['dont_show|exact|plan=pro', false],
    ['dont_show|any_value|missing', true],
    ['dont_show|contain|utm_source=bing', true],
  ];
  for (const [filter, allowed] of cases) {
    it(`${filter} → ${allowed ? 'allowed' : 'blocked'}`, () => {
      const result = evaluateCookieFilter(filter, cookies);
      expect(result.allowed).to.equal(allowed);
      expect(result.rule).to.equal('cookie_filter');
    });
  }

  it('every rule must allow (AND) and the reason names the failing rule and value', () => {
    const result = evaluateCookieFilter('show|exact|plan=pro; show|greater_than|visits=10', cookies);
    expect(result.allowed).to.equal(false);
    expect(result.reason).to.contain('visits greater_than "10"').and.contain('"7"');
  });

  it('a missing cookie blocks a show rule and reports it as absent', () => {
    expect(evaluateCookieFilter('show|exact|vip=1', {}).reason).to.contain('absent');
  });

  it('no filter allows', () => {
    expect(evaluateCookieFilter('', cookies)).to.deep.equal({
      allowed: true,
      rule: 'cookie_filter',
      reason: 'no cookie_filter set',
    });
  });
});
