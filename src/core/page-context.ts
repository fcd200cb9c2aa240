/**
 * Facts about the current page and device the display and conversion calls send (widget §7). The browser's language
 * and operating system, which only a lead sends, are read when one is sent (browser-facts.ts): not in the loader.
 */
export interface PageContext {
  url: string;
  domain: string;
  referrer: string;
  title: string;
  isMobile: boolean;
  documentLang: string;
}

const MOBILE_PATTERN = /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i;

/**
 * A touch screen narrower than 768 px: a tablet that names itself a desktop (an iPad's Safari does) and is held
 * like a phone. Asked as a media query because `innerWidth` may force the page's layout.
 */
const NARROW_TOUCH_SCREEN = '(pointer: coarse) and (max-width: 767.98px)';

export function readPageContext(win: Window = window): PageContext {
  const { location, document, navigator } = win;
  return {
    url: location.href,
    domain: location.hostname,
    referrer: document.referrer,
    title: document.title,
    isMobile: MOBILE_PATTERN.test(navigator.userAgent) || (win.matchMedia?.(NARROW_TOUCH_SCREEN).matches ?? false),
    documentLang: document.documentElement.lang,
  };
}
