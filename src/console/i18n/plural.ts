import { type Counted, PLURALS } from './shell-strings.ts';
import type { Language } from './strings.ts';

const rules = new Map<Language, Intl.PluralRules>();

/** "1 lead", "2 leads"; in Hebrew "ליד אחד", "שני לידים", "5 לידים": the form Intl.PluralRules names for the count. */
export function counted(language: Language, what: Counted, count: number): string {
  const rule = rules.get(language) ?? new Intl.PluralRules(language);
  rules.set(language, rule);
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = PLURALS[language][what];
  const form = forms[rule.select(count)] ?? forms.other ?? '';
  return form.replace('{n}', count.toLocaleString(language === 'he' ? 'he-IL' : 'en-US'));
}
