import type { PopupConfig } from '../config/types.ts';
import type { CollectedField } from '../popup/template.ts';

export interface ConversionContext {
  clientId: string;
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
  allVisitedPages: string;
  coupon?: string;
}

const RAW_FIELD_NAMES: Record<string, string> = { email: 'email', phone: 'phone', name: 'name', message: 'message' };

/** The form-encoded body of `POST /api/display/conversion/{viewer_id}` (widget §7). */
export function conversionFields(config: PopupConfig, fields: CollectedField[], context: ConversionContext): Record<string, string> {
  const body: Record<string, string> = {
    url: context.url,
    p_target: config.target,
    referrer: context.referrer,
    previous_url: context.previousUrl,
    trigger: context.trigger,
    poptin_id: config.id,
    title: context.title,
    client_id: context.clientId,
    visitor: context.isMobile ? 'mobile' : 'desktop',
    origin_landing_page: context.originLandingPage,
    previous_visited_pages: context.previousVisitedPages,
    all_visited_pages: context.allVisitedPages,
    browser_language: context.browserLanguage,
    operating_system: context.operatingSystem,
    last_converted_email: context.lastConvertedEmail,
    poptin_view_id: context.poptinViewId,
    coupon: context.coupon ?? '',
  };
  const checkboxes = fields.filter((field) => field.type === 'checkbox');
  body.checkbox_checked = checkboxes.some((field) => field.checked) ? '1' : '0';
  const extra: { id: string; type: string; name: string; placeholder: string; value: string }[] = [];
  fields.forEach((field, index) => {
    const raw = RAW_FIELD_NAMES[field.name.toLowerCase()];
    if (raw) body[raw] = field.value;
    else extra.push({ id: String(index), type: field.type, name: field.name, placeholder: field.placeholder, value: field.checked === undefined ? field.value : String(field.checked) });
  });
  body.newExtraFields = JSON.stringify(extra);
  return body;
}
