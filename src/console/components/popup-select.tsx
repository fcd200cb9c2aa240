import { useQuery } from '@tanstack/react-query';
import { popupsQuery } from '../api/queries.ts';
import { useLanguage } from '../i18n/language.tsx';

/**
 * The "pop-up" and "variant" filters the leads and the stats share: a pop-up with its A/B variants, or one pop-up
 * alone. Empty means every pop-up.
 */
export function PopupFilters({
  clientId,
  popup,
  variant,
  onChange,
}: {
  clientId: string;
  popup: string;
  variant: string;
  onChange(next: { popup: string; variant: string }): void;
}) {
  const { t } = useLanguage();
  const popups = useQuery(popupsQuery(clientId));
  const options = popups.data?.popups ?? [];
  return (
    <>
      <label>
        {t('filterPopup')}
        <select value={popup} onChange={(event) => onChange({ popup: event.target.value, variant: '' })}>
          <option value="">{t('allPopups')}</option>
          {options.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name || item.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filterVariant')}
        <select value={variant} onChange={(event) => onChange({ popup: '', variant: event.target.value })}>
          <option value="">{t('allVariants')}</option>
          {options.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name || item.id}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
