// The editor's form over a pop-up configuration (display API shape), both ways: settingsOf reads it, applySettings
// writes it back keeping every key the form does not know.
import type { PopupType } from '../../../core/config/types.ts';
import { DEFAULT_PLACE, FORMAT_COUNTS, type Horizontal, type Vertical } from '../../../core/popup/layout.ts';
import {
  type CountdownSetting,
  type EditorSettings,
  POPUP_KINDS,
  type ShowRole,
  TARGETING_OPERATORS,
  type TargetingOperator,
  type TargetingRow,
} from './editor-settings.ts';
import { frequencyChoiceOf, frequencyRuleOf } from './frequency.ts';
import { prizeSetOf, prizesOf } from './prizes.ts';
import { applyVisit, scheduleOf, scheduleWire, visitOf } from './rules.ts';
import { amountOf, amountWire, isOn, type RawConfig, recordOf, textOf, yesNo } from './values.ts';
import { visitorEmailFormOf, visitorEmailWire } from './visitor-email.ts';

const VERTICALS: readonly Vertical[] = ['top', 'middle', 'bottom'];
const HORIZONTALS: readonly Horizontal[] = ['left', 'center', 'right'];

function kindOf(value: unknown): PopupType {
  const word = textOf(value).trim().toLowerCase();
  return (POPUP_KINDS as readonly string[]).includes(word) ? (word as PopupType) : 'lightbox';
}

function formatOf(value: unknown, kind: PopupType): number {
  const match = /(\d+)$/.exec(textOf(value).trim());
  const number = match ? Number(match[1]) : 1;
  return number >= 1 && number <= FORMAT_COUNTS[kind] ? number : 1;
}

function targetingRowsOf(value: unknown): TargetingRow[] {
  let entries: unknown = value;
  if (typeof value === 'string') {
    try {
      entries = value.trim() ? JSON.parse(value) : [];
    } catch {
      entries = [];
    }
  }
  const list = Array.isArray(entries) ? entries : entries ? [entries] : [];
  return list.flatMap((entry) => {
    const record = recordOf(entry);
    const operator = textOf(record.operator) as TargetingOperator;
    if (!(TARGETING_OPERATORS as readonly string[]).includes(operator)) return [];
    return [
      { operator, value: textOf(record.value), show: textOf(record.show) === 'dont_show' ? 'dont_show' : 'show' },
    ];
  });
}

function countriesOf(value: unknown): { show: ShowRole; codes: string[] } {
  if (typeof value === 'string') {
    const [first = '', ...rest] = value.split('|');
    const role = first.trim() === 'dont_show' ? 'dont_show' : 'show';
    const list = first.trim() === 'show' || first.trim() === 'dont_show' ? rest.join('|') : value;
    return {
      show: role,
      codes: list
        .split(/[,\s]+/)
        .filter(Boolean)
        .map((code) => code.toUpperCase()),
    };
  }
  const record = recordOf(value);
  const codes = Array.isArray(record.countries)
    ? record.countries.map(textOf)
    : textOf(record.countries).split(/[,\s]+/);
  return {
    show: textOf(record.show) === 'dont_show' ? 'dont_show' : 'show',
    codes: codes.filter(Boolean).map((code) => code.toUpperCase()),
  };
}

function deviceOf(config: RawConfig): 'all' | 'desktop' | 'mobile' {
  const word = textOf(config.show_on_device ?? config.device_target)
    .trim()
    .toLowerCase();
  if (word.startsWith('mobile')) return 'mobile';
  if (word.startsWith('desktop')) return 'desktop';
  return 'all';
}

function countdownOf(design: Record<string, unknown>): CountdownSetting {
  const timer = design.timer;
  if (timer === undefined || timer === null || timer === '' || timer === 'no' || timer === false || timer === 0)
    return { mode: 'off' };
  let record: Record<string, unknown> = recordOf(timer);
  if (typeof timer === 'string' && timer.trim().startsWith('{')) {
    try {
      record = recordOf(JSON.parse(timer));
    } catch {
      record = {};
    }
  }
  const duration = textOf(record.timerTime ?? record.timer_time);
  const match = /^(\d+):(\d{1,2})$/.exec(duration.trim());
  if (match) return { mode: 'duration', minutes: Number(match[1]), seconds: Number(match[2]) };
  const date = textOf(record.date ?? record.timerDate);
  if (date)
    return {
      mode: 'fixed',
      date,
      time: textOf(record.time ?? record.timerHour) || '23:59',
      gmt: textOf(record.gmt ?? record.timerGmt) || '+00:00',
    };
  return { mode: 'duration', minutes: 5, seconds: 0 };
}

/** The form's settings of a pop-up configuration (display API shape). */
export function settingsOf(config: RawConfig): EditorSettings {
  const design = recordOf(config.design_properties);
  const kind = kindOf(config.poptin_type);
  const location = textOf(design.poptin_location).toLowerCase();
  const [defaultVertical, defaultHorizontal] = DEFAULT_PLACE[kind];
  const frequencyText = textOf(config.d_f_r);
  const afterCloseText = textOf(config.d_f_a);
  return {
    name: textOf(config.poptin_name),
    kind,
    format: formatOf(config.poptin_format, kind),
    vertical: VERTICALS.find((word) => location.includes(word)) ?? defaultVertical,
    horizontal: HORIZONTALS.find((word) => location.includes(word)) ?? defaultHorizontal,
    triggers: {
      afterSeconds: amountOf(config.display_after_sec_active),
      afterSecondsOn:
        textOf(config.display_after_sec_active_on).trim().toLowerCase() === 'website' ? 'website' : 'page',
      scrollPercent: amountOf(config.display_after_scroll_active),
      clicks: amountOf(config.display_after_page_click_number_active),
      pageVisits: amountOf(config.display_after_visit_page_active),
      inactivitySeconds: amountOf(config.display_after_inactive_seconds_active),
      exitIntent: isOn(config.display_after_exit_website_active),
      clickToOpen: isOn(config.on_click),
    },
    frequency: frequencyChoiceOf(frequencyText),
    frequencyText,
    afterClose: afterCloseText.trim() ? frequencyChoiceOf(afterCloseText) : null,
    afterCloseText,
    targeting: {
      pages: targetingRowsOf(config.page_targeting),
      referrers: targetingRowsOf(config.referrer_targeting),
      device: deviceOf(config),
      countries: countriesOf(config.country_targeting),
      cookieFilter: textOf(config.cookie_filter),
      jsFilter: textOf(config.js_filter),
      engagementFilter: textOf(config.engagement_with_other_poptin_filter),
      cartActive: isOn(config.shopify_cart_trigger_active),
      cartAction: textOf(config.shopify_cart_trigger_action),
      cartFilter: textOf(config.shopify_cart_trigger_cart_spec_filter),
      cartValue: textOf(config.shopify_cart_trigger_cart_spec_value),
      hideFromConverted: isOn(config.stop_showing_to_converted_users),
    },
    close: {
      xButton: config.x_close_button === undefined ? true : isOn(config.x_close_button),
      xAfterSeconds: amountOf(design.poptin_design_show_x_after_sec),
      closeOnOverlayClick: isOn(design.poptin_design_close_on_screen_click),
      autoCloseSeconds: isOn(design.poptin_design_auto_close) ? amountOf(design.poptin_design_auto_close_sec) : null,
    },
    thankYou: {
      enabled: isOn(design.poptin_design_thank_screen),
      autoCloseSeconds: isOn(design.poptin_design_thank_screen_auto_close)
        ? amountOf(design.poptin_design_thank_screen_auto_close_sec)
        : null,
    },
    redirect: {
      enabled: isOn(design.poptin_design_redirect),
      url: textOf(design.poptin_design_redirect_url),
      sendFormData: isOn(design.poptin_design_redirect_send_form_data),
    },
    abTest: {
      enabled: isOn(config.ab_test) || textOf(config.ab_test_parent_id).trim() !== '',
      parentId: textOf(config.ab_test_parent_id).trim(),
    },
    teaser: isOn(config.is_teasers_on),
    schedule: scheduleOf(config),
    visit: visitOf(config),
    countdown: countdownOf(design),
    prizes: prizesOf(config.gamified_prize),
    visitorEmail: visitorEmailFormOf(config.visitor_email),
  };
}

function countdownWire(countdown: CountdownSetting): unknown {
  switch (countdown.mode) {
    case 'off':
      return undefined;
    case 'duration':
      return {
        timerTime: `${String(countdown.minutes).padStart(2, '0')}:${String(countdown.seconds).padStart(2, '0')}`,
      };
    case 'fixed':
      return { date: countdown.date, time: countdown.time, gmt: countdown.gmt };
  }
}

/** Sets key to value, or removes it when value is undefined (so "off" leaves no trace in the configuration). */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete record[key];
  else record[key] = value;
}

/**
 * The configuration with the form's settings written in; every key the form does not know is kept as it was, so
 * nothing the owner or a designer set elsewhere is lost.
 */
export function applySettings(config: RawConfig, settings: EditorSettings): RawConfig {
  const next: RawConfig = { ...config };
  const design: Record<string, unknown> = { ...recordOf(config.design_properties) };
  const { triggers, targeting, close, thankYou, redirect } = settings;
  next.poptin_name = settings.name;
  next.poptin_type = settings.kind;
  next.poptin_format = `format_${settings.format}`;
  design.poptin_location = `${settings.horizontal}-${settings.vertical}`;
  next.display_after_sec_active = amountWire(triggers.afterSeconds);
  next.display_after_sec_active_on = triggers.afterSecondsOn;
  next.display_after_scroll_active = amountWire(triggers.scrollPercent);
  next.display_after_page_click_number_active = amountWire(triggers.clicks);
  next.display_after_visit_page_active = amountWire(triggers.pageVisits);
  next.display_after_inactive_seconds_active = amountWire(triggers.inactivitySeconds);
  next.display_after_exit_website_active = yesNo(triggers.exitIntent);
  next.on_click = yesNo(triggers.clickToOpen);
  next.d_f_r = settings.frequency ? frequencyRuleOf(settings.frequency) : settings.frequencyText;
  put(
    next,
    'd_f_a',
    settings.afterClose
      ? frequencyRuleOf(settings.afterClose)
      : settings.afterCloseText.trim() && frequencyChoiceOf(settings.afterCloseText) === null
        ? settings.afterCloseText
        : undefined,
  );
  put(next, 'page_targeting', targeting.pages.length ? targeting.pages.map((row) => ({ ...row })) : undefined);
  put(
    next,
    'referrer_targeting',
    targeting.referrers.length ? targeting.referrers.map((row) => ({ ...row })) : undefined,
  );
  delete next.device_target;
  put(next, 'show_on_device', targeting.device === 'all' ? undefined : targeting.device);
  put(
    next,
    'country_targeting',
    targeting.countries.codes.length
      ? { show: targeting.countries.show, countries: [...targeting.countries.codes] }
      : undefined,
  );
  put(next, 'cookie_filter', targeting.cookieFilter.trim() ? targeting.cookieFilter : undefined);
  put(next, 'js_filter', targeting.jsFilter.trim() ? targeting.jsFilter : undefined);
  put(
    next,
    'engagement_with_other_poptin_filter',
    targeting.engagementFilter.trim() ? targeting.engagementFilter : undefined,
  );
  next.shopify_cart_trigger_active = yesNo(targeting.cartActive);
  put(next, 'shopify_cart_trigger_action', targeting.cartActive ? targeting.cartAction : undefined);
  put(next, 'shopify_cart_trigger_cart_spec_filter', targeting.cartActive ? targeting.cartFilter : undefined);
  put(next, 'shopify_cart_trigger_cart_spec_value', targeting.cartActive ? targeting.cartValue : undefined);
  next.stop_showing_to_converted_users = yesNo(targeting.hideFromConverted);
  next.x_close_button = yesNo(close.xButton);
  put(design, 'poptin_design_show_x_after_sec', close.xAfterSeconds === null ? undefined : String(close.xAfterSeconds));
  design.poptin_design_close_on_screen_click = yesNo(close.closeOnOverlayClick);
  design.poptin_design_auto_close = yesNo(close.autoCloseSeconds !== null);
  put(
    design,
    'poptin_design_auto_close_sec',
    close.autoCloseSeconds === null ? undefined : String(close.autoCloseSeconds),
  );
  design.poptin_design_thank_screen = yesNo(thankYou.enabled);
  design.poptin_design_thank_screen_auto_close = yesNo(thankYou.enabled && thankYou.autoCloseSeconds !== null);
  put(
    design,
    'poptin_design_thank_screen_auto_close_sec',
    thankYou.enabled && thankYou.autoCloseSeconds !== null ? String(thankYou.autoCloseSeconds) : undefined,
  );
  design.poptin_design_redirect = yesNo(redirect.enabled);
  put(design, 'poptin_design_redirect_url', redirect.enabled ? redirect.url : undefined);
  put(design, 'poptin_design_redirect_send_form_data', redirect.enabled ? yesNo(redirect.sendFormData) : undefined);
  put(design, 'timer', countdownWire(settings.countdown));
  next.ab_test = yesNo(settings.abTest.enabled);
  put(
    next,
    'ab_test_parent_id',
    settings.abTest.enabled && settings.abTest.parentId.trim() ? settings.abTest.parentId.trim() : undefined,
  );
  next.is_teasers_on = yesNo(settings.teaser);
  put(next, 'schedule', scheduleWire(settings.schedule));
  applyVisit(next, settings.visit);
  put(next, 'gamified_prize', settings.prizes.length ? prizeSetOf(settings.prizes) : undefined);
  put(next, 'visitor_email', visitorEmailWire(settings.visitorEmail));
  next.design_properties = design;
  return next;
}
