import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { directionOf, type Language, STRINGS, type StringKey } from './strings.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage(language: Language): void;
  t(key: StringKey): string;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);
// The language is this tab's choice (sessionStorage: kept across its reloads, never seen by the owner's other tabs or
// sessions). The last choice of this browser (localStorage) is only where a new tab starts.
const STORAGE_KEY = 'poptin-console-language';

function stored(storage: () => Storage): Language | null {
  try {
    const kept = storage().getItem(STORAGE_KEY);
    if (kept === 'en' || kept === 'he') return kept;
  } catch {
    /* storage blocked: the browser's language decides */
  }
  return null;
}

function keep(storage: () => Storage, language: Language): void {
  try {
    storage().setItem(STORAGE_KEY, language);
  } catch {
    /* kept for this page only */
  }
}

const keptLanguage = () => stored(() => sessionStorage) ?? stored(() => localStorage);
/** Whether this tab started from a language chosen in this browser; the owner's default is for one that did not. */
let chosenHere = keptLanguage() !== null;

/** True when this tab has a language of its own (chosen here or in this browser before, or the owner's default taken once). */
export const hasKeptLanguage = () => chosenHere;

function initialLanguage(): Language {
  return keptLanguage() ?? (navigator.language.toLowerCase().startsWith('he') ? 'he' : 'en');
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    // Whatever it came from, this tab's language survives its reloads, whatever another tab chooses meanwhile.
    keep(() => sessionStorage, language);
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    chosenHere = true;
    setLanguageState(next);
    keep(() => localStorage, next);
  }, []);
  const value = useMemo<LanguageContextValue>(
    () => ({ language, setLanguage, t: (key) => STRINGS[language][key] }),
    [language, setLanguage],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}
