import { LEAD_FIELD_LIMITS, LEAD_OTHER_FIELDS_TOTAL } from '../api/contract.ts';
import type { Language } from '../i18n/strings.ts';
import { type FieldGroup, type FormField, groupFields, groupValue } from './form-field.ts';
import { type FieldVerdict, invalid } from './verdict.ts';

export interface FieldSizeError {
  group: FieldGroup;
  verdict: FieldVerdict;
}

/** The kinds whose first field the conversion call carries as its own value (conversion-payload.ts), each with its limit. */
type OwnLimitKind = Exclude<keyof typeof LEAD_FIELD_LIMITS, 'other'>;
const hasOwnLimit = (kind: string): kind is OwnLimitKind => kind !== 'other' && Object.hasOwn(LEAD_FIELD_LIMITS, kind);

/**
 * The fields too long for the conversion call, checked as the body will carry them (LEAD_FIELD_LIMITS, the
 * server's own figures): a lead the form lets through is never refused for its size. When only the other fields'
 * total is over, the longest of them gets the message.
 */
export function leadSizeErrors(fields: readonly FormField[], language: Language = 'en'): FieldSizeError[] {
  // Made only for a message: a number format costs a submit 10 ms and more at 4× CPU slowdown (docs/performance.md, INP).
  const format = (value: number) => new Intl.NumberFormat(language).format(value);
  const errors: FieldSizeError[] = [];
  const seen = new Set<string>();
  let othersTotal = 0;
  let longestOther: { group: FieldGroup; length: number } | null = null;
  for (const group of groupFields(fields)) {
    if (group.kind === 'consent') continue;
    const own = hasOwnLimit(group.kind) && !seen.has(group.kind);
    seen.add(group.kind);
    // Raw values are sent trimmed; the others as they are.
    const length = own ? groupValue(group).trim().length : groupValue(group).length;
    const max = own ? LEAD_FIELD_LIMITS[group.kind as OwnLimitKind] : LEAD_FIELD_LIMITS.other;
    if (length > max)
      errors.push({
        group,
        verdict: invalid(language, 'leadFieldTooLong', null, { max: format(max), count: format(length) }),
      });
    if (own) continue;
    othersTotal += length;
    if (!longestOther || length > longestOther.length) longestOther = { group, length };
  }
  if (errors.length === 0 && longestOther && othersTotal > LEAD_OTHER_FIELDS_TOTAL) {
    const params = { max: format(LEAD_OTHER_FIELDS_TOTAL), count: format(othersTotal) };
    errors.push({ group: longestOther.group, verdict: invalid(language, 'leadFieldsTooLongTogether', null, params) });
  }
  return errors;
}
