import { readSchedule, ScheduleError } from '../rules/schedule.ts';
import {
  type DisplayResponse,
  type LeftOutPopup,
  POPUP_TYPES,
  type PopupConfig,
  type PopupType,
  type RawPoptin,
} from './types.ts';
import { readAmountSetting, readNumber, readRecord, readString, readSwitch } from './values.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readPopupType(value: unknown): PopupType {
  const type = readString(value).trim().toLowerCase();
  if ((POPUP_TYPES as readonly string[]).includes(type)) return type as PopupType;
  throw new ConfigError(`unknown poptin_type "${type}" (expected one of ${POPUP_TYPES.join(', ')})`);
}

/** Parses one pop-up of the display response; throws ConfigError with a clear reason when it is unusable. */
export function parsePopupConfig(raw: unknown): PopupConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError('pop-up configuration is not an object');
  const poptin = raw as RawPoptin;
  const id = readString(poptin.poptin_id).trim();
  if (!id) throw new ConfigError('poptin_id is missing');
  const type = readPopupType(poptin.poptin_type);
  const secondsOn = readString(poptin.display_after_sec_active_on).trim().toLowerCase();
  let schedule: PopupConfig['schedule'];
  try {
    schedule = readSchedule(poptin.schedule);
  } catch (error) {
    // Never shown outside its schedule: a schedule that cannot be read makes the pop-up unusable.
    if (error instanceof ScheduleError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    id,
    name: readString(poptin.poptin_name),
    type,
    format: readString(poptin.poptin_format, 'format_1'),
    target: readString(poptin.poptin_target, 'lead'),
    accountId: readString(poptin.account_id),
    html: readString(poptin.poptin),
    templateUrl: readString(poptin.poptin_url),
    templateSanitized: poptin.poptin_sanitized === true,
    viewerId: readString(poptin.viewer_id),
    designProperties: readRecord(poptin.design_properties),
    teasersOn: readSwitch(poptin.is_teasers_on),
    showCredit: readSwitch(poptin.if_poptin_credit),
    stopShowingToConvertedUsers: readSwitch(poptin.stop_showing_to_converted_users),
    xCloseButton: readSwitch(poptin.x_close_button, true),
    frequencyRule: readString(poptin.d_f_r),
    frequencyAction: readString(poptin.d_f_a),
    autoPilotTrigger: readSwitch(poptin.auto_pilot_trigger),
    redirectUrl: readString(poptin.redirect_url),
    redirectTarget: readString(poptin.redirect_target),
    abTest: readString(poptin.ab_test),
    abTestParentId: readString(poptin.ab_test_parent_id),
    onClick: readString(poptin.on_click),
    triggers: {
      afterSeconds: readAmountSetting(poptin.display_after_sec_active),
      afterSecondsOn: secondsOn === 'website' ? 'website' : 'page',
      afterScrollPercent: readAmountSetting(poptin.display_after_scroll_active),
      afterClicks: readAmountSetting(poptin.display_after_page_click_number_active),
      afterPageVisits: readAmountSetting(poptin.display_after_visit_page_active),
      afterInactiveSeconds: readAmountSetting(poptin.display_after_inactive_seconds_active),
      exitIntent: readSwitch(poptin.display_after_exit_website_active),
      ifAdblock: readSwitch(poptin.display_if_adblock_active),
    },
    filters: {
      cookieFilter: readString(poptin.cookie_filter),
      jsFilter: readString(poptin.js_filter),
      engagementFilter: readString(poptin.engagement_with_other_poptin_filter),
      sourceCodeTargetActive: readSwitch(poptin.source_code_target_active),
      sourceCodeTargetHtml: readString(poptin.source_code_target_html),
      sourceCodeTargetRole: readString(poptin.source_code_target_role),
    },
    cart: {
      shopifyActive: readSwitch(poptin.shopify_cart_trigger_active),
      shopifyAction: readString(poptin.shopify_cart_trigger_action),
      shopifyProducts: readString(poptin.shopify_cart_trigger_products),
      shopifyCartSpecFilter: readString(poptin.shopify_cart_trigger_cart_spec_filter),
      shopifyCartSpecValue: readString(poptin.shopify_cart_trigger_cart_spec_value),
      wixActive: readSwitch(poptin.wix_cart_trigger_active),
    },
    schedule,
    raw: poptin,
  };
}

/** Parses the display response (widget §3). Unusable pop-ups are listed in `rejected`, never thrown. */
export function parseDisplayResponse(body: unknown): DisplayResponse {
  const response = readRecord(body);
  const rawPoptins = Array.isArray(response.poptins) ? response.poptins : [];
  const poptins: PopupConfig[] = [];
  const rejected: { index: number; reason: string }[] = [];
  rawPoptins.forEach((raw, index) => {
    try {
      poptins.push(parsePopupConfig(raw));
    } catch (error) {
      rejected.push({ index, reason: error instanceof Error ? error.message : String(error) });
    }
  });
  const wixCart = response.wix_cart_details;
  return {
    display: readString(response.display),
    message: readString(response.message),
    isClientRestriction: readSwitch(response.is_client_restriction),
    clientRestrictionSetting: readRecord(response.client_restriction_setting),
    poptins,
    country: readString(response.country),
    countryCode: readString(response.country_code),
    ifFreemium: readSwitch(response.if_freemium),
    lang: readString(response.lang),
    ip: readString(response.ip),
    cc: readString(response.cc),
    wixCartDetails: wixCart && typeof wixCart === 'object' ? (wixCart as Record<string, unknown>) : null,
    timeZone: readString(response.time_zone).trim() || 'UTC',
    proofOfWork: response.proof_of_work === true,
    rejected,
    leftOut: readLeftOut(response.left_out),
  };
}

/** DisplayAnswer.left_out; an entry without an id or a known kind is dropped, as it explains nothing. */
export function readLeftOut(value: unknown): LeftOutPopup[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): LeftOutPopup[] => {
    const record = readRecord(entry);
    const id = readString(record.poptin_id).trim();
    const type = readString(record.poptin_type).trim().toLowerCase();
    if (!id || !(POPUP_TYPES as readonly string[]).includes(type)) return [];
    const blockedBy = (Array.isArray(record.blocked_by) ? record.blocked_by : []).flatMap((verdict) => {
      const { rule, reason } = readRecord(verdict);
      return readString(rule) ? [{ allowed: false, rule: readString(rule), reason: readString(reason) }] : [];
    });
    return [{ id, name: readString(record.poptin_name), type: type as PopupType, blockedBy }];
  });
}

export { readNumber };
