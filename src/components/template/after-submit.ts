import type { PopupConfig } from '../../core/config/types.ts';
import { readString, readSwitch } from '../../core/config/values.ts';
import { appendFormData, mobileRedirectUrl } from '../../core/forms/redirect-url.ts';
import type { Language } from '../../core/i18n/strings.ts';
import { popupLayout } from '../../core/popup/layout.ts';
import { type AfterSubmitPlan, type Redirect, thankYouCloseSeconds } from '../../core/popup/view-machine.ts';
import { safeNavigationUrl } from '../../core/safe-url.ts';

export type { AfterSubmitPlan, Redirect };

/** Widget §9: the lead sent message stays 2 s on Hebrew pages, 1 s elsewhere. */
export const LEAD_SENT_CLOSE_MS: Readonly<Record<Language, number>> = { he: 2_000, en: 1_000 };
export { REDIRECT_LINK_SUBMIT_MS } from '../../core/popup/timing.ts';

export interface AfterSubmitInput {
  config: PopupConfig;
  language: Language;
  /** The thank-you screen is configured and the template has one (hasThankYouScreen). */
  thankYou: boolean;
  /** A redirect link the visitor clicked before the submit (`<a data-poptin-redirect>`). */
  linkRedirect: Redirect | null;
  /** Name/value pairs of the form, added to the address when poptin_design_redirect_send_form_data is on. */
  formData: ReadonlyArray<readonly [string, string]>;
}

const NEW_WINDOW_TARGETS = /^(_?blank|new|new[_-]?(tab|window)|yes|true|1)$/i;

/** redirect_target of the configuration, or a link's own target: true when it asks for a new window. */
export function opensNewWindow(target: string | null | undefined): boolean {
  return NEW_WINDOW_TARGETS.test((target ?? '').trim());
}

/** The configured redirect: design_properties when the owner set it there, else the configuration's redirect_url. */
export function configuredRedirect(config: PopupConfig): Redirect | null {
  const design = config.designProperties;
  const raw =
    design.poptin_design_redirect === undefined
      ? config.redirectUrl
      : readSwitch(design.poptin_design_redirect)
        ? readString(design.poptin_design_redirect_url)
        : '';
  // Mobile formats 1, 6 and 11 may hold a bare phone number, which becomes a call link (widget §2, §5).
  const url = callsByPhone(config) ? mobileRedirectUrl(raw) : safeNavigationUrl(raw);
  return url ? { url, newWindow: opensNewWindow(config.redirectTarget) } : null;
}

const PHONE_CALL_FORMATS = [1, 6, 11];

/** Widget §2: mobile formats 1, 6 and 11 can redirect to a phone call. */
export function callsByPhone(config: PopupConfig): boolean {
  return config.type === 'mobile' && PHONE_CALL_FORMATS.includes(popupLayout(config.type, config.format, '').format);
}

/** The tel: link the button of such a pop-up calls, when its redirect is a phone number; null otherwise. */
export function phoneCallUrl(config: PopupConfig): string | null {
  const redirect = callsByPhone(config) ? configuredRedirect(config) : null;
  return redirect?.url.startsWith('tel:') ? redirect.url : null;
}

/** What follows a valid submit (widget §4): the screen that shows, then a close or a redirect after its delay. */
export function planAfterSubmit({
  config,
  language,
  thankYou,
  linkRedirect,
  formData,
}: AfterSubmitInput): AfterSubmitPlan {
  const design = config.designProperties;
  const screen = thankYou ? 'thank-you' : config.target === 'lead' ? 'sent-message' : 'none';
  const delayMs =
    screen === 'thank-you'
      ? thankYouCloseSeconds(design) * 1000
      : screen === 'sent-message'
        ? LEAD_SENT_CLOSE_MS[language]
        : 0;
  let redirect = linkRedirect ?? configuredRedirect(config);
  if (redirect && readSwitch(design.poptin_design_redirect_send_form_data))
    redirect = { ...redirect, url: appendFormData(redirect.url, formData) };
  return { screen, delayMs, redirect };
}
