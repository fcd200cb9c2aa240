import type { Language } from './strings.ts';

export type TextDirection = 'rtl' | 'ltr';

/** True for he, he-IL, iw (the old code for Hebrew), iw-IL and the display server's "hebrew". */
export function isHebrewTag(tag: string | null | undefined): boolean {
  if (!tag) return false;
  const normalised = tag.trim().toLowerCase();
  if (normalised === 'hebrew') return true;
  const primary = normalised.split(/[-_]/)[0];
  return primary === 'he' || primary === 'iw';
}

/** Hebrew when either the page (`<html lang>`) or the display response `lang` says so, else English. */
export function resolveLanguage(
  documentLang: string | null | undefined,
  responseLang: string | null | undefined,
): Language {
  return isHebrewTag(documentLang) || isHebrewTag(responseLang) ? 'he' : 'en';
}

export function direction(language: Language): TextDirection {
  return language === 'he' ? 'rtl' : 'ltr';
}

/**
 * The `lang` the template's first element declares (the gallery's Hebrew templates say `lang="he"` on each screen),
 * read from the markup without parsing it again; null when it declares none. Style and link elements are skipped.
 */
export function templateLanguageTag(html: string | null | undefined): string | null {
  const firstElement = /<(?!(?:style|link|meta)\b)[a-z][\w-]*\b([^>]*)>/i.exec(html ?? '');
  return firstElement ? (/\slang\s*=\s*["']?([\w-]+)/i.exec(firstElement[1] ?? '')?.[1] ?? null) : null;
}
