/** Facts about the current page and device the display and conversion calls send (widget §7). */
export interface PageContext {
  url: string;
  domain: string;
  referrer: string;
  title: string;
  isMobile: boolean;
  browserLanguage: string;
  operatingSystem: string;
  documentLang: string;
}

const MOBILE_PATTERN = /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i;

/**
 * A touch screen narrower than 768 px: a tablet that names itself a desktop (an iPad's Safari does) and is held
 * like a phone. Asked as a media query because `innerWidth` may force the page's layout.
 */
const NARROW_TOUCH_SCREEN = '(pointer: coarse) and (max-width: 767.98px)';

export function operatingSystemOf(userAgent: string): string {
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'Mac OS';
  if (/Linux/i.test(userAgent)) return 'Linux';
  return 'Unknown';
}

export function readPageContext(win: Window = window): PageContext {
  const { location, document, navigator } = win;
  return {
    url: location.href,
    domain: location.hostname,
    referrer: document.referrer,
    title: document.title,
    isMobile: MOBILE_PATTERN.test(navigator.userAgent) || (win.matchMedia?.(NARROW_TOUCH_SCREEN).matches ?? false),
    browserLanguage: navigator.language,
    operatingSystem: operatingSystemOf(navigator.userAgent),
    documentLang: document.documentElement.lang,
  };
}
