import type { StringKey } from '../i18n/strings.ts';

/** How long ago `at` was, in the owner's words ("2 minutes ago"), from `now`. */
export function timeAgo(at: string, t: (key: StringKey) => string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000);
  if (minutes < 1) return t('justNow');
  if (minutes < 60) return t('minutesAgo').replace('{n}', String(minutes));
  if (minutes < 48 * 60) return t('hoursAgo').replace('{n}', String(Math.floor(minutes / 60)));
  return t('daysAgo').replace('{n}', String(Math.floor(minutes / (24 * 60))));
}
