import type { FormEvent } from 'react';
import type { StatsQuery } from '../api/insights.ts';
import { PopupFilters } from '../components/popup-select.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from './model.ts';

/** The stats' range of the site's days and the pop-up or variant they cover; Show asks for them. */
export function StatsRange({
  clientId,
  form,
  timeZone,
  onChange,
  onShow,
}: {
  clientId: string;
  form: StatsQuery;
  /** The site's time zone, which the days are counted in. */
  timeZone: string;
  onChange(form: StatsQuery): void;
  onShow(): void;
}) {
  const { t } = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow();
  };
  return (
    <form onSubmit={submit} className="filters" aria-label={t('statsRange')}>
      <label>
        {fill(t('fromLocalDay'), { zone: timeZone })}
        <input
          type="date"
          required
          value={form.from}
          max={form.to}
          onChange={(event) => onChange({ ...form, from: event.target.value })}
        />
      </label>
      <label>
        {fill(t('toLocalDay'), { zone: timeZone })}
        <input
          type="date"
          required
          value={form.to}
          min={form.from}
          onChange={(event) => onChange({ ...form, to: event.target.value })}
        />
      </label>
      <PopupFilters
        clientId={clientId}
        popup={form.popup ?? ''}
        variant={form.variant ?? ''}
        onChange={(next) => onChange({ ...form, ...next })}
      />
      <div className="inline">
        <button type="submit" className="btn-primary">
          {t('showStats')}
        </button>
      </div>
    </form>
  );
}
