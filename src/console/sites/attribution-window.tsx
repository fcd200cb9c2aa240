import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { storeRevenueApi } from '../api/store-revenue.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { storeRevenueSettingsQuery } from './queries.ts';

const MIN_DAYS = 1;
const MAX_DAYS = 90;
const PLATFORM_NAMES = { shopify: 'Shopify', wix: 'Wix' } as const;

/** How many days before an order a pop-up's lead still earns it (the stats' store revenue). */
export function AttributionWindowSettings({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const settings = useQuery(storeRevenueSettingsQuery(clientId));
  // The days as saved until the owner types; from then on, what they typed.
  const [typed, setDays] = useState<string | null>(null);
  const days = typed ?? (settings.data ? String(settings.data.attributionDays) : null);
  const save = useMutation({
    mutationFn: (value: number) => storeRevenueApi.setAttributionDays(clientId, value),
    onSuccess: (saved) => client.setQueryData(storeRevenueSettingsQuery(clientId).queryKey, saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (days !== null) save.mutate(Number(days));
  };
  const store = settings.data?.store;
  return (
    <form onSubmit={submit} className="card stack attribution-window" aria-labelledby="attribution-heading">
      <h2 id="attribution-heading">{t('attributionTitle')}</h2>
      <ErrorText error={settings.error} />
      {settings.data && days !== null && (
        <>
          <p className={store ? 'hint' : 'hint attribution-no-store'}>
            {store
              ? t('attributionStore')
                  .replace('{platform}', PLATFORM_NAMES[store.platform])
                  .replace('{currency}', store.currency)
              : t('attributionNoStore')}
          </p>
          <label className="field">
            {t('attributionLabel')}
            <input
              type="number"
              inputMode="numeric"
              required
              min={MIN_DAYS}
              max={MAX_DAYS}
              step={1}
              value={days}
              aria-describedby="attribution-hint"
              onChange={(event) => {
                save.reset();
                setDays(event.target.value);
              }}
            />
          </label>
          <span className="hint" id="attribution-hint">
            {t('attributionHint')}
          </span>
          <ErrorText error={save.error} />
          <div className="cluster">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {t('attributionSave')}
            </button>
            {save.isSuccess && (
              <span className="saved-note" role="status">
                {t('attributionSaved')}
              </span>
            )}
          </div>
        </>
      )}
    </form>
  );
}
