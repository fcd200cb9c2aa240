import type { PopupConfig } from '../config/types.ts';
import { buildConversionFields } from '../forms/conversion-payload.ts';
import type { FormField } from '../forms/form-field.ts';
import type { PrizeConversion } from '../games/prizes.ts';
import { HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD } from './contract.ts';

export interface ConversionContext {
  clientId: string;
  /** The visitor id the display request sends: the server ties "converted" to it. */
  visitorId: string;
  /** What the form's hidden trap field held: empty from a person. */
  honeypot?: string;
  /** Milliseconds from the start of the page's navigation to the submit (`performance.now()`). */
  sincePageLoadMs?: number;
  url: string;
  referrer: string;
  previousUrl: string;
  title: string;
  isMobile: boolean;
  browserLanguage: string;
  operatingSystem: string;
  lastConvertedEmail: string;
  trigger: string;
  poptinViewId: string;
  originLandingPage: string;
  previousVisitedPages: string;
  previousVisitedPagesWithCurrent: string;
  previousVisitedPagesWithTimestamps: string;
  allVisitedPages: string;
  coupon?: string;
  /** The prize a game of the pop-up gave (widget §3); absent when none was played. */
  prize?: PrizeConversion | null;
  storeIntegration?: string;
  storeIntegrationCustomerId?: string;
  facebookMessengerDataRef?: string;
  leaderRequestCookie?: string;
  /** Which button of the form sent it, when a template has more than one. */
  extraButton?: string;
}

/**
 * The form-encoded body of `POST /api/display/conversion/{viewer_id}` (widget §7). The form part (raw
 * email, name, phone, message and checkbox values, checkbox_checked and newExtraFields) follows the
 * field records of widget §3, as the forms library builds them.
 */
export function conversionFields(
  config: Pick<PopupConfig, 'id' | 'target'>,
  fields: readonly FormField[],
  context: ConversionContext,
): Record<string, string> {
  return {
    url: context.url,
    p_target: config.target,
    referrer: context.referrer,
    previous_url: context.previousUrl,
    trigger: context.trigger,
    poptin_id: config.id,
    title: context.title,
    client_id: context.clientId,
    visitor: context.isMobile ? 'mobile' : 'desktop',
    facebook_messanger_data_ref: context.facebookMessengerDataRef ?? '',
    origin_landing_page: context.originLandingPage,
    previous_visited_pages: context.previousVisitedPages,
    previous_visited_pages_with_current: context.previousVisitedPagesWithCurrent,
    previous_visited_pages_with_timestamps: context.previousVisitedPagesWithTimestamps,
    all_visited_pages: context.allVisitedPages,
    store_integration: context.storeIntegration ?? '',
    store_integration_customer_id: context.storeIntegrationCustomerId ?? '',
    browser_language: context.browserLanguage,
    operating_system: context.operatingSystem,
    last_converted_email: context.lastConvertedEmail,
    leader_request_cookie: context.leaderRequestCookie ?? '',
    extra_button: context.extraButton ?? '',
    poptin_view_id: context.poptinViewId,
    visitor_id: context.visitorId,
    [HONEYPOT_FIELD]: context.honeypot ?? '',
    ...(context.sincePageLoadMs === undefined
      ? {}
      : { [SINCE_PAGE_LOAD_FIELD]: String(Math.round(context.sincePageLoadMs)) }),
    coupon: context.coupon ?? '',
    ...(context.prize ?? {}),
    ...buildConversionFields(fields),
  };
}
