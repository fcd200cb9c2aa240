import { useLanguage } from '../i18n/language.tsx';
import { useSession } from '../session.ts';
import { scheduleStatusOf, scheduleStatusWords } from './model/schedule-status.ts';

/** A published pop-up's place in its schedule, on the site's clock, as a badge of the pop-up list. */
export function ScheduleBadge({ clientId, schedule }: { clientId: string; schedule: unknown }) {
  const { t, language } = useLanguage();
  const { sites } = useSession();
  const zone = sites.find((site) => site.clientId === clientId)?.timeZone ?? null;
  const now = Date.now();
  const status = scheduleStatusOf(schedule, zone, now);
  if (!status) return null;
  return (
    <span
      className={`badge ${status.kind === 'ended' ? 'badge-paused' : 'badge-scheduled'}`}
      data-schedule={status.kind}
    >
      {scheduleStatusWords(status, zone, language, t, now)}
    </span>
  );
}
