import type { PopupConfig } from '../config/types.ts';
import { allow, block, type RuleResult, readShowRole, type ShowRole } from './types.ts';

export interface CountryTargeting {
  show: ShowRole;
  countries: string[];
}

/**
 * Reads the raw `country_targeting` setting: `{show: "show"|"dont_show", countries: ["US","IL"] | "US,IL"}`
 * or the text form `show|US,IL`. Country codes compare case-insensitively; null when unset.
 */
export function readCountryTargeting(raw: unknown): CountryTargeting | null {
  let show: ShowRole | null = null;
  let list: unknown;
  if (typeof raw === 'string') {
    if (!raw.trim()) return null;
    const [first = '', ...rest] = raw.split('|');
    show = readShowRole(first);
    list = show ? rest.join('|') : raw;
  } else if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    show = typeof record.show === 'string' ? readShowRole(record.show) : null;
    list = record.countries;
  } else if (Array.isArray(raw)) {
    list = raw;
  } else {
    return null;
  }
  const items = Array.isArray(list) ? list : typeof list === 'string' ? list.split(/[,\s]+/) : [];
  const countries = items
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((item) => item.trim().toUpperCase());
  return countries.length ? { show: show ?? 'show', countries } : null;
}

/** country_code of the display response against the allow (show) or deny (dont_show) list. */
export function evaluateCountry(config: PopupConfig, countryCode: string): RuleResult {
  const targeting = readCountryTargeting(config.raw.country_targeting);
  if (!targeting) return allow('country', 'no country targeting');
  const code = countryCode.trim().toUpperCase();
  const listed = code !== '' && targeting.countries.includes(code);
  const list = targeting.countries.join(', ');
  if (targeting.show === 'show') {
    if (!code) return block('country', `shown only in ${list}; the visitor's country is unknown`);
    return listed ? allow('country', `${code} is in ${list}`) : block('country', `${code} is not in ${list}`);
  }
  return listed
    ? block('country', `hidden in ${list}; visitor is in ${code}`)
    : allow('country', `${code || 'unknown country'} is not in the hidden list ${list}`);
}
