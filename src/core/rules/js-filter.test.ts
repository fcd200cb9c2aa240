import { expect } from '@open-wc/testing';
import { evaluateJsFilter, readGlobalPath } from './js-filter.ts';

describe('JS filter (widget §3 js_filter)', () => {
  const scope = {
    shop: { customer: { tier: 'gold', orders: 12 } },
    dataLayer: [{ event: 'purchase' }],
    flag: false,
    get throwing(): never {
      throw new Error('blocked getter');
    },
  };

  it('reads a global variable path from window', () => {
    (window as unknown as Record<string, unknown>).poptinTestGlobal = { plan: 'pro' };
    try {
      expect(evaluateJsFilter('show|exact|poptinTestGlobal.plan=pro', window).allowed).to.equal(true);
      expect(evaluateJsFilter('show|exact|window.poptinTestGlobal.plan=free', window).allowed).to.equal(false);
    } finally {
      delete (window as unknown as Record<string, unknown>).poptinTestGlobal;
    }
  });

  it('reads dotted and bracketed paths', () => {
    expect(readGlobalPath(scope, 'shop.customer.tier')).to.equal('gold');
    expect(readGlobalPath(scope, 'dataLayer[0].event')).to.equal('purchase');
    expect(readGlobalPath(scope, "dataLayer[0]['event']")).to.equal('purchase');
    expect(readGlobalPath(scope, 'shop.missing.deep')).to.equal(undefined);
    expect(readGlobalPath(scope, 'throwing.value')).to.equal(undefined);
  });

  const cases: [string, boolean][] = [
    ['show|contain|shop.customer.tier=ol', true],
    ['show|exact|shop.customer.tier=gold', true],
    ['show|start|shop.customer.tier=go', true],
    ['show|end|shop.customer.tier=ld', true],
    ['show|greater_than|shop.customer.orders=10', true],
    ['show|less_than|shop.customer.orders=10', false],
    ['show|any_value|flag', true],
    ['show|any_value|shop.nothing', false],
    ['dont_show|exact|dataLayer[0].event=purchase', false],
    ['show|any_value|throwing', false],
  ];
  for (const [filter, allowed] of cases) {
    it(`${filter} → ${allowed ? 'allowed' : 'blocked'}`, () => {
      const result = evaluateJsFilter(filter, scope);
      expect(result.allowed).to.equal(allowed);
      expect(result.rule).to.equal('js_filter');
    });
  }
});
