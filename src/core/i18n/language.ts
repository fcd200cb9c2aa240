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
