import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { directionOf, type Language, STRINGS, type StringKey } from './strings.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage(language: Language): void;
  t(key: StringKey): string;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);
// The language is this browser's choice, kept in its storage: choosing one never changes the owner's other sessions.
const STORAGE_KEY = 'poptin-console-language';

function keptLanguage(): Language | null {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept === 'en' || kept === 'he') return kept;
  } catch {
    /* storage blocked: the browser's language decides */
  }
  return null;
}

/** True when this browser has a language of its own yet (chosen here, or the owner's default taken once). */
export const hasKeptLanguage = () => keptLanguage() !== null;

function initialLanguage(): Language {
  return keptLanguage() ?? (navigator.language.toLowerCase().startsWith('he') ? 'he' : 'en');
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      /* kept for this page only */
    }
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
