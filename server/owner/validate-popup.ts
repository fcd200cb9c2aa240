// A pop-up configuration as an owner saves it, checked before anything is stored: by the widget's own parser
// (the one the display API serves from) and by the rules the loader applies to configuration files, each
// error naming the field it is about ("design_properties.poptin_design_thank_screen_auto_close_sec").
import { ConfigError, parsePopupConfig } from '../../src/core/config/parse.ts';
import { POPUP_TYPES } from '../../src/core/config/types.ts';
import { PrizeSetError, parsePrizeSet } from '../../src/core/games/prizes.ts';
import { parseFrequencyRule } from '../../src/core/rules/frequency.ts';
import { readSchedule, ScheduleError } from '../../src/core/rules/schedule.ts';
import {
  readTrafficSourceTargeting,
  readUtmTargeting,
  readVisitorType,
  readVisitPage,
} from '../../src/core/rules/visit.ts';
import { readAbTestParentId } from '../configuration/config-loader.ts';
import { isPoptinId } from '../platform/ids.ts';
import { visitorEmailProblems } from '../visitor-email/settings.ts';
import type { FieldError } from './fields.ts';

/** Template HTML of up to 256 KiB: a designed template with inline SVG is tens of KiB. */
export const MAX_TEMPLATE_HTML = 256 * 1024;
const MAX_NAME = 200;

const TRIGGER_AMOUNTS: Record<string, string> = {
  display_after_sec_active: 'seconds',
  display_after_scroll_active: 'a scroll percentage',
  display_after_page_click_number_active: 'clicks',
  display_after_visit_page_active: 'page visits',
  display_after_inactive_seconds_active: 'seconds of inactivity',
};
const OFF_WORDS = new Set(['', 'no', 'off', 'false', '0']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A setting that is off ("no", "", 0, false) or a number of `what` (a number or a numeric string). */
function checkAmount(errors: FieldError[], field: string, value: unknown, what: string): void {
  if (value === undefined || value === null || value === false || value === true) return;
  if (typeof value === 'string' && (OFF_WORDS.has(value.trim().toLowerCase()) || value.trim().toLowerCase() === 'yes'))
    return;
  const amount = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 0) {
    errors.push({ field, message: `must be "no" or a number of ${what} (0 or more), not ${JSON.stringify(value)}` });
  } else if (amount > 1_000_000) {
    errors.push({ field, message: `must be at most 1000000 ${what}` });
  }
}

function checkDesignProperties(errors: FieldError[], design: unknown): void {
  if (design === undefined) return;
  if (!isPlainObject(design)) {
    errors.push({ field: 'design_properties', message: 'must be an object' });
    return;
  }
  for (const [key, value] of Object.entries(design)) {
    if (/_(sec|seconds|ms|percent|days|count)$/.test(key))
      checkAmount(errors, `design_properties.${key}`, value, 'units');
  }
}

/** A game's prizes, read by the widget's own parser; their chances must add up to 100 %. */
function checkPrizes(errors: FieldError[], config: Record<string, unknown>): void {
  if (config.gamified_prize === undefined && config.poptin_type !== 'gamified') return;
  try {
    const prizes = parsePrizeSet(config.gamified_prize);
    const total = prizes.reduce((sum, prize) => sum + prize.chances, 0);
    if (Math.abs(total - 100) > 0.001) {
      errors.push({
        field: 'gamified_prize',
        message: `chances add up to ${Math.round(total * 100) / 100} %: they must add up to 100 %`,
      });
    }
  } catch (error) {
    if (!(error instanceof PrizeSetError)) throw error;
    const key = /^gamified_prize "([^"]+)" has chances/.exec(error.message)?.[1];
    errors.push({
      field: key === undefined ? 'gamified_prize' : `gamified_prize.${key}.chances`,
      message: error.message,
    });
  }
}

/** When it may show: bad times, an end not after its start, too many weekly ranges, each named by its field. */
function checkSchedule(errors: FieldError[], schedule: unknown): void {
  try {
    readSchedule(schedule);
  } catch (error) {
    if (!(error instanceof ScheduleError)) throw error;
    errors.push({ field: error.field, message: error.message.slice(error.field.length + 1) });
  }
}

/** The visit rules, read by the widget's own readers: each problem they name is an error of its field. */
const VISIT_RULES: Array<[field: string, read: (raw: unknown) => { problems: string[] }]> = [
  ['utm_targeting', readUtmTargeting],
  ['traffic_source_targeting', readTrafficSourceTargeting],
  ['visitor_type_targeting', readVisitorType],
  ['visit_page_targeting', readVisitPage],
];

function checkVisitRules(errors: FieldError[], config: Record<string, unknown>): void {
  for (const [field, read] of VISIT_RULES)
    for (const message of read(config[field]).problems) errors.push({ field, message });
}

/** The field a message of the widget's parser is about: its first word when that names a setting. */
function fieldOfParserMessage(message: string): string {
  const named = /^(?:unknown )?([a-z_]+)/.exec(message)?.[1];
  return named?.includes('_') ? named : 'config';
}

/**
 * Every problem of `config` (empty when it can be saved). `poptinId` is the id it will be stored under: a
 * poptin_id in the configuration must match it.
 */
export function validatePopupConfig(config: unknown, poptinId?: string): FieldError[] {
  if (!isPlainObject(config)) return [{ field: 'config', message: 'must be a JSON object (a pop-up configuration)' }];
  const errors: FieldError[] = [];
  const id = config.poptin_id;
  if (id !== undefined && id !== '' && !isPoptinId(id))
    errors.push({ field: 'poptin_id', message: 'must be exactly 13 letters or digits' });
  else if (poptinId !== undefined && id !== undefined && id !== '' && id !== poptinId)
    errors.push({ field: 'poptin_id', message: `must be ${poptinId}, the id of this pop-up` });
  if (typeof config.poptin_name !== 'string' || config.poptin_name.trim() === '')
    errors.push({ field: 'poptin_name', message: 'is required: a name for this pop-up' });
  else if (config.poptin_name.length > MAX_NAME)
    errors.push({ field: 'poptin_name', message: `must be at most ${MAX_NAME} characters` });
  const type = typeof config.poptin_type === 'string' ? config.poptin_type.trim().toLowerCase() : '';
  if (!(POPUP_TYPES as readonly string[]).includes(type))
    errors.push({ field: 'poptin_type', message: `must be one of ${POPUP_TYPES.join(', ')}` });
  if (config.poptin !== undefined && typeof config.poptin !== 'string')
    errors.push({ field: 'poptin', message: 'must be the template HTML, as text' });
  else if (typeof config.poptin === 'string' && config.poptin.length > MAX_TEMPLATE_HTML)
    errors.push({ field: 'poptin', message: `must be at most ${MAX_TEMPLATE_HTML} characters` });
  for (const field of ['poptin_url', 'redirect_url'] as const) {
    const value = config[field];
    if (value === undefined || value === '' || value === null) continue;
    if (typeof value !== 'string' || !isWebAddress(value))
      errors.push({ field, message: 'must be an http:// or https:// address' });
  }
  for (const [field, what] of Object.entries(TRIGGER_AMOUNTS)) checkAmount(errors, field, config[field], what);
  checkDesignProperties(errors, config.design_properties);
  if (config.d_f_r !== undefined && typeof config.d_f_r !== 'string')
    errors.push({ field: 'd_f_r', message: 'must be a frequency rule, as text' });
  else if (typeof config.d_f_r === 'string') {
    const rule = parseFrequencyRule(config.d_f_r);
    if (!rule.understood && config.d_f_r.trim() !== '') errors.push({ field: 'd_f_r', message: rule.note });
  }
  checkPrizes(errors, config);
  checkSchedule(errors, config.schedule);
  checkVisitRules(errors, config);
  errors.push(...visitorEmailProblems(config));
  const parentId = readAbTestParentId(config);
  if (parentId !== null && (!isPoptinId(parentId) || parentId === (poptinId ?? id))) {
    errors.push({ field: 'ab_test_parent_id', message: 'must be the 13-character id of another pop-up' });
  }
  if (errors.length > 0) return errors;
  try {
    // The widget's own parser has the last word: what it cannot read would fail in the visitor's browser.
    parsePopupConfig({ ...config, poptin_id: poptinId ?? (id || 'x'.repeat(13)) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    errors.push({ field: fieldOfParserMessage(error.message), message: error.message });
  }
  return errors;
}
