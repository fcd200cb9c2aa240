import { describe, it } from 'node:test';
import { expect } from 'chai';
import { FILTER_OPERATORS, matchesOperator, readOperator } from './operators.ts';

describe('filter rule operators (widget §5)', () => {
  it('covers exactly contain, exact, start, end, greater_than, less_than, any_value', () => {
    expect([...FILTER_OPERATORS]).to.deep.equal([
      'contain',
      'exact',
      'start',
      'end',
      'greater_than',
      'less_than',
      'any_value',
    ]);
  });

  const cases: [string, string | null, string, boolean][] = [
    ['contain', 'summer-sale-2025', 'sale', true],
    ['contain', 'winter', 'sale', false],
    ['exact', 'Pro', 'pro', true],
    ['exact', 'pro-plus', 'pro', false],
    ['start', 'google.com/search', 'google', true],
    ['start', 'www.google.com', 'google', false],
    ['end', 'photo.png', '.png', true],
    ['end', 'photo.png.zip', '.png', false],
    ['greater_than', '150', '100', true],
    ['greater_than', '100', '100', false],
    ['greater_than', 'lots', '100', false],
    ['less_than', '3', '10', true],
    ['less_than', '10', '3', false],
    ['any_value', '', '', true],
    ['any_value', null, '', false],
    ['contain', null, '', false],
  ];
  for (const [operator, actual, expected, result] of cases) {
    it(`${operator}: ${JSON.stringify(actual)} vs "${expected}" → ${result}`, () => {
      expect(matchesOperator(readOperator(operator)!, actual, expected)).to.equal(result);
    });
  }

  it('numeric comparison is numeric, not alphabetical', () => {
    expect(matchesOperator('greater_than', '9', '10')).to.equal(false);
    expect(matchesOperator('less_than', '9', '10')).to.equal(true);
  });

  it('reads aliases and rejects unknown words', () => {
    expect(readOperator('contains')).to.equal('contain');
    expect(readOperator('Starts-With')).to.equal('start');
    expect(readOperator('equals')).to.equal('exact');
    expect(readOperator('between')).to.equal(null);
  });
});
