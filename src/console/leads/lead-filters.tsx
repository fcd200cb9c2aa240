import type { FormEvent } from 'react';
import type { LeadFilter, SpamFilter } from '../api/insights.ts';
import { PopupFilters } from '../components/popup-select.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../insights/model.ts';

export const EMPTY_FILTER: Required<LeadFilter> = { q: '', popup: '', variant: '', from: '', to: '', spam: 'exclude' };

/** The leads' search, pop-up or variant, the site's days and spam, applied together (Apply, or Enter in the search). */
export function LeadFilters({
  clientId,
  form,
  zone,
  onChange,
  onApply,
  onClear,
}: {
  clientId: string;
  form: Required<LeadFilter>;
  /** The site's time zone, which the days are counted in. */
  zone: string;
  onChange(changes: Partial<LeadFilter>): void;
  onApply(): void;
  onClear(): void;
}) {
  const { t } = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role submits the filters; <search> would need the form inside it as well
    <form role="search" aria-label={t('leadSearch')} onSubmit={submit} className="filters">
      <label>
        {t('searchLeads')}
        <input type="search" maxLength={200} value={form.q} onChange={(event) => onChange({ q: event.target.value })} />
      </label>
      <PopupFilters clientId={clientId} popup={form.popup} variant={form.variant} onChange={onChange} />
      <label>
        {fill(t('fromLocalDay'), { zone })}
        <input type="date" value={form.from} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label>
        {fill(t('toLocalDay'), { zone })}
        <input type="date" value={form.to} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
      <label>
        {t('spam')}
        <select value={form.spam} onChange={(event) => onChange({ spam: event.target.value as SpamFilter })}>
          <option value="exclude">{t('spamExclude')}</option>
          <option value="only">{t('spamOnly')}</option>
          <option value="include">{t('spamInclude')}</option>
        </select>
      </label>
      <div className="inline">
        <button type="submit" className="btn-primary">
          {t('applyFilters')}
        </button>
        <button type="button" onClick={onClear}>
          {t('clearFilters')}
        </button>
      </div>
    </form>
  );
}
