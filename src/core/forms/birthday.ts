import { calendarDateOf, compareDates, parseFieldDate } from './date.ts';
import type { KindRule } from './form-check.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

export interface BirthdayRuleOptions extends RuleOptions {
  /** The present moment; injectable for tests. */
  now?: Date;
}

/**
 * Widget §5: a birthday must lie in the past. It is a whole day, so it has to be before the visitor's
 * today: nobody filling in a form was born today.
 */
export function validateBirthday(
  value: string,
  { required = false, language = 'en', now = new Date() }: BirthdayRuleOptions = {},
): FieldVerdict {
  if (value.trim() === '' && !required) return VALID;
  const birthday = parseFieldDate(value);
  return birthday && compareDates(birthday, calendarDateOf(now)) < 0 ? VALID : invalid(language, 'birthdayInvalid');
}

export const birthdayRule: KindRule = (group, rule, { now }) =>
  validateBirthday(group.fields[0].value, { ...rule, now });
