import { resolveLanguage } from '../../core/i18n/language.ts';
import type { Language } from '../../core/i18n/strings.ts';

/** A surface's own language when given, else the closest `lang` around its element (a pop-up's frame, or the page). */
export function languageAround(host: Element, own: string | undefined): Language {
  return resolveLanguage(own ?? host.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang, null);
}
