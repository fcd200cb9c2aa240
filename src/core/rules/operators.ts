import { readNumber } from '../config/values.ts';

/** Filter rule operators of widget §5. */
export const FILTER_OPERATORS = ['contain', 'exact', 'start', 'end', 'greater_than', 'less_than', 'any_value'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const OPERATOR_ALIASES: Record<string, FilterOperator> = {
  contain: 'contain',
  contains: 'contain',
  include: 'contain',
  includes: 'contain',
  exact: 'exact',
  equal: 'exact',
  equals: 'exact',
  is: 'exact',
  exact_match: 'exact',
  start: 'start',
  starts: 'start',
  start_with: 'start',
  starts_with: 'start',
  begins_with: 'start',
  end: 'end',
  ends: 'end',
  end_with: 'end',
  ends_with: 'end',
  greater_than: 'greater_than',
  greater: 'greater_than',
  gt: 'greater_than',
  less_than: 'less_than',
  less: 'less_than',
  lt: 'less_than',
  any_value: 'any_value',
  any: 'any_value',
  exists: 'any_value',
  exist: 'any_value',
};

export function readOperator(word: string): FilterOperator | null {
  return (
    OPERATOR_ALIASES[
      word
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    ] ?? null
  );
}

/**
 * Whether `actual` satisfies `operator expected`. A missing value (null) satisfies nothing, not even
 * any_value. Text comparisons ignore case because owners type the expected values by hand; numeric ones
 * need both sides to be numbers.
 */
export function matchesOperator(operator: FilterOperator, actual: string | null, expected: string): boolean {
  if (actual === null) return false;
  const have = actual.trim().toLowerCase();
  const want = expected.trim().toLowerCase();
  switch (operator) {
    case 'any_value':
      return true;
    case 'contain':
      return have.includes(want);
    case 'exact':
      return have === want;
    case 'start':
      return have.startsWith(want);
    case 'end':
      return have.endsWith(want);
    case 'greater_than':
    case 'less_than': {
      const left = readNumber(have);
      const right = readNumber(want);
      if (left === null || right === null) return false;
      return operator === 'greater_than' ? left > right : left < right;
    }
  }
}
