// What a lead says of the browser (widget §7: browser_language, operating_system), read as the lead is sent. Apart
// from page-context.ts, which the loader holds for its display call, where neither is sent.

export interface BrowserFacts {
  browserLanguage: string;
  operatingSystem: string;
}

export function operatingSystemOf(userAgent: string): string {
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Android/i.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'Mac OS';
  if (/Linux/i.test(userAgent)) return 'Linux';
  return 'Unknown';
}

export function browserFacts(
  navigator: Pick<Navigator, 'language' | 'userAgent'> = globalThis.navigator,
): BrowserFacts {
  return { browserLanguage: navigator.language, operatingSystem: operatingSystemOf(navigator.userAgent) };
}
