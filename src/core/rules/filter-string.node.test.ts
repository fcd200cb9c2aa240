import { describe, it } from 'node:test';
import { expect } from 'chai';
import { parseNameValueFilter } from './filter-string.ts';

describe('cookie/JS filter string parser', () => {
  it('reads show|operator|name=value rules separated by ";" or line breaks', () => {
    const { rules, ignored } = parseNameValueFilter(
      'show|exact|plan=pro ; dont_show|contain|utm_source=newsletter\nshow|greater_than|visits=3',
    );
    expect(rules).to.deep.equal([
      { show: 'show', operator: 'exact', name: 'plan', value: 'pro' },
      { show: 'dont_show', operator: 'contain', name: 'utm_source', value: 'newsletter' },
      { show: 'show', operator: 'greater_than', name: 'visits', value: '3' },
    ]);
    expect(ignored).to.deep.equal([]);
  });

  it('splits the pair on the first "=" so values may contain "=" and "|"', () => {
    expect(parseNameValueFilter('show|contain|ref=a=b|c').rules[0]).to.deep.equal({
      show: 'show',
      operator: 'contain',
      name: 'ref',
      value: 'a=b|c',
    });
  });

  it('accepts the keywords in either order, first or last, and name|value without "="', () => {
    expect(parseNameValueFilter('exact|dont_show|plan=pro').rules[0]).to.include({
      show: 'dont_show',
      operator: 'exact',
    });
    expect(parseNameValueFilter('plan=pro|start|show').rules[0]).to.include({
      show: 'show',
      operator: 'start',
      name: 'plan',
      value: 'pro',
    });
    expect(parseNameValueFilter('show|end|plan|pro').rules[0]).to.include({ name: 'plan', value: 'pro' });
  });

  it('defaults: show, exact with a value, any_value without one', () => {
    expect(parseNameValueFilter('plan=pro').rules[0]).to.deep.equal({
      show: 'show',
      operator: 'exact',
      name: 'plan',
      value: 'pro',
    });
    expect(parseNameValueFilter('dont_show|returning_customer').rules[0]).to.deep.equal({
      show: 'dont_show',
      operator: 'any_value',
      name: 'returning_customer',
      value: '',
    });
  });

  it('percent-decodes values (";" written as %3B) and keeps malformed escapes as typed', () => {
    expect(parseNameValueFilter('show|exact|note=a%3Bb').rules[0].value).to.equal('a;b');
    expect(parseNameValueFilter('show|exact|note=100%').rules[0].value).to.equal('100%');
  });

  it('accepts a JSON array of {show, operator, name, value}', () => {
    const { rules } = parseNameValueFilter('[{"show":"dont_show","operator":"less_than","name":"age","value":18}]');
    expect(rules).to.deep.equal([{ show: 'dont_show', operator: 'less_than', name: 'age', value: '18' }]);
  });

  it('reports unreadable parts instead of guessing', () => {
    const { rules, ignored } = parseNameValueFilter('show|exact ; [oops');
    expect(rules).to.deep.equal([{ show: 'show', operator: 'any_value', name: '[oops', value: '' }]);
    expect(ignored).to.deep.equal(['show|exact']);
    expect(parseNameValueFilter('[{"show":"maybe","name":"x"}]').ignored).to.have.length(1);
  });

  it('an empty filter has no rules', () => {
    expect(parseNameValueFilter('  ')).to.deep.equal({ rules: [], ignored: [] });
  });
});
