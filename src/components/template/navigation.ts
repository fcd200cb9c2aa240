import { safeNavigationUrl } from '../../core/safe-url.ts';
import { log } from '../../core/safety.ts';
/** How a pop-up leaves the page for a redirect; an element property, so tests can watch it without leaving. */
export interface PopupNavigation {
  /** Opens the address in a new tab; null when the browser blocked it. */
  openWindow(url: string): Window | null;
  /** Follows the address through a temporary `<a target="_blank">`; false when that could not be done. */
  clickAnchor(url: string): boolean;
  /** Loads the address in this tab. */
  assign(url: string): void;
}

export const browserNavigation: PopupNavigation = {
  openWindow(url) {
    // "noopener" in the features would make window.open return null even on success, hiding a blocked window.
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    return opened;
  },
  clickAnchor(url) {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
    anchor.hidden = true;
    document.body.append(anchor);
    try {
      return anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    } finally {
      anchor.remove();
    }
  },
  assign(url) {
    window.location.assign(url);
  },
};

export type RedirectRoute = 'new-window' | 'anchor' | 'same-tab' | 'refused';

/**
 * Widget §4: a redirect to a new window falls back to an anchor click when the window is blocked, then to
 * this tab. Phone, text and mail links always open here: a blank tab for a dialler helps nobody. Every
 * address passes the one URL check first, whichever setting it came from: a javascript: one is refused.
 */
export function followRedirect(navigation: PopupNavigation, address: string, newWindow: boolean): RedirectRoute {
  const url = safeNavigationUrl(address);
  if (!url) {
    log.error(
      `a redirect to ${JSON.stringify(address.slice(0, 80))} was refused: only http(s), tel:, sms: and mailto: addresses are followed`,
    );
    return 'refused';
  }
  const web = /^(https?:)?\/\//i.test(url);
  if (newWindow && web) {
    if (navigation.openWindow(url)) return 'new-window';
    if (navigation.clickAnchor(url)) return 'anchor';
  }
  navigation.assign(url);
  return 'same-tab';
}
