// What the pop-up view does to its template's DOM: screens, labels, call buttons, clicks. No state here.

import type { PopupLayout } from '../../core/popup/layout.ts';
import type { Redirect } from '../../core/popup/view-machine.ts';
import { safeNavigationUrl } from '../../core/safe-url.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { opensNewWindow } from '../template/after-submit.ts';
import { browserNavigation, type PopupNavigation } from '../template/navigation.ts';

/** The form screen leaves a game's play, win and lose screens to the game; the thank-you screen replaces them all. */
export function showScreen(content: HTMLElement, screen: 'form' | 'thank-you'): void {
  content.querySelectorAll<HTMLElement>('[data-poptin-screen]').forEach((element) => {
    const own = element.dataset.poptinScreen;
    if (screen === 'thank-you' || own === 'form' || own === 'thank-you') element.hidden = own !== screen;
  });
}

/** A pop-up placed by hand that no controller took the lead of: the console names what is missing. */
export async function noDestination(host: HTMLElement): Promise<void> {
  // The declarative chunk, already loaded for such a pop-up, holds the wording.
  const { missingLeadDestination } = await import('../../core/declarative/attributes.ts');
  log.error(
    missingLeadDestination(
      host.getAttribute('poptin-id'),
      host.ownerDocument.querySelector('poptin-controller') !== null,
    ),
  );
}

/** Lead pop-ups without a thank-you screen say so on their submit button (widget §4). */
export function showSentMessage(form: HTMLFormElement, text: string): void {
  const button = form.querySelector<HTMLButtonElement | HTMLInputElement>('[type=submit]');
  if (!button) return;
  if (button instanceof HTMLInputElement) button.value = text;
  else button.textContent = text;
  button.setAttribute('aria-disabled', 'true');
}

export function navigationOf(host: HTMLElement): PopupNavigation {
  return (host as HTMLElement & { navigation?: PopupNavigation }).navigation ?? browserNavigation;
}

/** The coupon a converting visitor was given: design_properties.coupon, else a `[data-poptin-coupon]` of the template. */
export function couponShown(designProperties: Record<string, unknown>, content: HTMLElement): string {
  const configured = designProperties.coupon;
  const code = configured && typeof configured === 'object' ? (configured as Record<string, unknown>).code : configured;
  if (typeof code === 'string' && code.trim()) return code.trim();
  const element = content.querySelector<HTMLElement>('[data-poptin-coupon]');
  return (element?.dataset.poptinCoupon || element?.textContent || '').trim();
}

/**
 * Mobile formats 1, 6 and 11 with a phone number as their redirect (widget §2): the submit button of a form
 * with nothing to fill in calls that number instead of submitting.
 */
export function markCallButtons(content: HTMLElement, callUrl: string): void {
  content.querySelectorAll('form').forEach((form) => {
    // Named fields only: the spam trap every form gets has no name.
    if (
      form.querySelector(
        'input[name]:not([type=hidden]):not([type=submit]):not([type=button]), select[name], textarea[name]',
      )
    )
      return;
    form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('[type=submit]').forEach((button) => {
      button.type = 'button';
      button.dataset.poptinCall = callUrl;
    });
  });
}

/** Elements that draw nothing, so a bar placed after them is still the first thing on the page. */
const UNDRAWN = new Set(['script', 'style', 'link', 'meta', 'template', 'noscript', 'poptin-controller']);

/**
 * A bar that pushes the page down does so only from the top of the page: in the room a `<poptin-embed>`
 * reserved, or first in `<body>` (where the controller puts it). A tag a page builder left anywhere else, in
 * the middle of an article, is still a bar across the window: fixed at the top, over the page.
 */
export function placedWhereItSits(layout: PopupLayout, host: HTMLElement): PopupLayout {
  if (layout.rendering !== 'in-flow') return layout;
  if (host.parentElement?.localName === 'poptin-embed') return layout;
  let before = host.previousElementSibling;
  while (before && UNDRAWN.has(before.localName)) before = before.previousElementSibling;
  const firstOnPage = host.parentElement === host.ownerDocument.body && before === null;
  return firstOnPage ? layout : { ...layout, rendering: 'popover' };
}

/** The surface is named by the template's first heading when it has one, else by the pop-up's name (aria-label). */
export function labelByHeading(host: HTMLElement, content: HTMLElement, poptinId: string): void {
  const heading = content.querySelector<HTMLElement>('h1, h2, h3, [role="heading"]');
  const base = host.shadowRoot?.querySelector('[part~="base"]');
  if (!heading || !base) return;
  // An id reference does not cross the shadow boundary to a slotted heading: its text names the surface then.
  if (heading.getRootNode() !== base.getRootNode()) {
    base.setAttribute('aria-label', heading.textContent?.trim() || base.getAttribute('aria-label') || '');
    return;
  }
  heading.id ||= `poptin-heading-${poptinId}`;
  base.setAttribute('aria-labelledby', heading.id);
}

/** The thank-you screen replaces the form; the submit button just disappeared with it, so focus goes to what replaced it. */
export function showThankYouScreen(content: HTMLElement): void {
  showScreen(content, 'thank-you');
  const screen = content.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]');
  if (!screen) return;
  screen.tabIndex = -1;
  screen.focus({ preventScroll: true });
}

export interface TemplateClicks<Form> {
  /** A call button of mobile formats 1, 6 and 11 (markCallButtons). */
  call(url: string): void;
  /** An element with `data-poptin-close`. */
  close(): void;
  /** A redirect link (`data-poptin-redirect`, its address made safe) and the form it submits. */
  redirectLink(redirect: Redirect, form: Form | null): void;
}

/** Clicks on the template's call buttons, close buttons and redirect links; returns the removal of the listener. */
export function listenToTemplateClicks(content: HTMLElement, clicks: TemplateClicks<HTMLFormElement>): () => void {
  return listenSafely(content, 'click', (event: Event) => {
    const target = event.target as Element | null;
    const call = target?.closest<HTMLElement>('[data-poptin-call]');
    if (call?.dataset.poptinCall) {
      event.preventDefault();
      return clicks.call(call.dataset.poptinCall);
    }
    if (target?.closest('[data-poptin-close]')) {
      event.preventDefault();
      return clicks.close();
    }
    const link = target?.closest<HTMLElement>('[data-poptin-redirect]');
    if (!link) return;
    event.preventDefault();
    const url = safeNavigationUrl(link.dataset.poptinRedirect || link.getAttribute('href'));
    if (url)
      clicks.redirectLink(
        { url, newWindow: opensNewWindow(link.getAttribute('target')) },
        link.closest('form') ?? content.querySelector('form'),
      );
  });
}
