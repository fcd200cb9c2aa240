import { useLanguage } from '../i18n/language.tsx';

/** A lead's time on the site's clock (its stats and the day filters count days so), the instant itself in `datetime`. */
export function LeadTime({ iso, timeZone, withZone = false }: { iso: string; timeZone: string; withZone?: boolean }) {
  const { language } = useLanguage();
  const time = new Date(iso);
  // In Hebrew the Hebrew way of writing a date; in English the browser's own.
  const locale = language === 'he' ? 'he-IL' : undefined;
  return (
    <time dateTime={iso}>
      {time.toLocaleString(locale, withZone ? { timeZone, timeZoneName: 'long' } : { timeZone })}
    </time>
  );
}
