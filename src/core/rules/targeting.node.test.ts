import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import { evaluatePageTargeting, evaluateReferrerTargeting, readTargetingRules } from './targeting.ts';

describe('page URL and referrer targeting (raw page_targeting / referrer_targeting)', () => {
  const page = (rules: unknown) => testConfig({ page_targeting: rules });

  it('reads an array or JSON text of {operator, value, show}', () => {
    expect(readTargetingRules('[{"operator":"contains","value":"/blog"}]').rules).to.deep.equal([
      { operator: 'contain', value: '/blog', show: 'show' },
    ]);
    expect(readTargetingRules([{ operator: 'between', value: 'x' }]).ignored).to.have.length(1);
  });

  const cases: [string, string, boolean][] = [
    ['contain', '/pricing', true],
    ['exact', 'https://shop.example/pricing?plan=pro', true],
    ['exact', 'https://shop.example/pricing', false],
    ['start', 'https://shop.example/', true],
    ['end', 'plan=pro', true],
    ['end', '/pricing', false],
    ['any_value', '', true],
  ];
  for (const [operator, value, allowed] of cases) {
    it(`show ${operator} "${value}" → ${allowed ? 'allowed' : 'blocked'}`, () => {
      const result = evaluatePageTargeting(
        page([{ operator, value, show: 'show' }]),
        'https://shop.example/pricing?plan=pro',
      );
      expect(result.allowed).to.equal(allowed);
    });
  }

  it('greater_than and less_than compare numbers (e.g. a numeric referrer campaign value)', () => {
    expect(
      evaluateReferrerTargeting(testConfig({ referrer_targeting: [{ operator: 'greater_than', value: '10' }] }), '12')
        .allowed,
    ).to.equal(true);
    expect(
      evaluateReferrerTargeting(testConfig({ referrer_targeting: [{ operator: 'less_than', value: '10' }] }), '12')
        .allowed,
    ).to.equal(false);
  });

  it('any matching dont_show blocks; with show rules at least one must match', () => {
    const rules = [
      { operator: 'start', value: 'https://shop.example/', show: 'show' },
      { operator: 'contain', value: '/checkout', show: 'dont_show' },
    ];
    expect(evaluatePageTargeting(page(rules), 'https://shop.example/products').allowed).to.equal(true);
    expect(evaluatePageTargeting(page(rules), 'https://shop.example/checkout').allowed).to.equal(false);
    expect(evaluatePageTargeting(page(rules), 'https://other.example/').allowed).to.equal(false);
  });

  it('referrer: a direct visit (no referrer) matches no show rule, and dont_show any_value lets it through', () => {
    const fromGoogle = testConfig({ referrer_targeting: [{ operator: 'contain', value: 'google.' }] });
    expect(evaluateReferrerTargeting(fromGoogle, 'https://www.google.com/').allowed).to.equal(true);
    expect(evaluateReferrerTargeting(fromGoogle, '').allowed).to.equal(false);
    const directOnly = testConfig({ referrer_targeting: [{ operator: 'any_value', show: 'dont_show' }] });
    expect(evaluateReferrerTargeting(directOnly, '').allowed).to.equal(true);
    expect(evaluateReferrerTargeting(directOnly, 'https://bing.com/').allowed).to.equal(false);
  });

  it('no rules allow', () => {
    expect(evaluatePageTargeting(testConfig(), 'https://x/').allowed).to.equal(true);
  });
});
