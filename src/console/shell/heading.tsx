import { useEffect } from 'react';
import { useLanguage } from '../i18n/language.tsx';

/** The page's one h1, focusable so that a route change can move the focus to it; it also names the tab. */
export function PageHeading({ children }: { children: string }) {
  const { t } = useLanguage();
  useEffect(() => {
    document.title = `${children} · ${t('appName')}`;
  }, [children, t]);
  return <h1 tabIndex={-1}>{children}</h1>;
}
