import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Erasure, insightsApi, type PersonData } from '../api/insights.ts';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import { fill } from '../insights/model.ts';
import { PageHeading } from '../shell/heading.tsx';

/** Hands the browser a JSON file to save, named after the person. */
function saveJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileNameOf = (clientId: string, email: string) => `${clientId}-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.json`;

/** Whether a person's data holds any record: a file of empty lists is not saved, the owner is told instead. */
const holdsAnything = (data: PersonData) =>
  data.leads.length + data.views.length + data.closes.length + data.store_activity.length > 0;

/** One person's data on a site, by e-mail: a copy for them (right of access), or all of it deleted (erasure). */
export function PeoplePage({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<{ email: string; erasure: Erasure } | null>(null);
  const exportData = useMutation({
    mutationFn: (address: string) => insightsApi.person(clientId, address),
    onSuccess: (data, address) => {
      if (holdsAnything(data)) saveJson(fileNameOf(clientId, address), data);
    },
  });
  const erase = useMutation({
    mutationFn: (address: string) => insightsApi.erasePerson(clientId, address),
    onSuccess: ({ erasure }, address) => {
      exportData.reset();
      setErased({ email: address, erasure });
    },
  });
  const address = email.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    exportData.mutate(address);
  };
  const counts = (
    sentence: 'erasedCounts' | 'exportedCounts',
    found: { leads: number; views: number; closes: number; store_activity: number },
  ) =>
    fill(t(sentence), {
      leads: counted(language, 'leads', found.leads),
      views: counted(language, 'views', found.views),
      closes: counted(language, 'closes', found.closes),
      activity: counted(language, 'activity', found.store_activity),
    });
  return (
    <section>
      <PageHeading>{t('people')}</PageHeading>
      <p className="muted narrow">{t('peopleIntro')}</p>
      <form onSubmit={submit} className="card narrow">
        <label>
          {t('personEmail')}
          <input
            type="email"
            required
            maxLength={320}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            dir="ltr"
          />
        </label>
        <div className="inline">
          <button type="submit" disabled={exportData.isPending}>
            {t('exportPerson')}
          </button>
          <button
            type="button"
            className="btn-danger"
            onClick={(event) => event.currentTarget.form?.reportValidity() && setConfirming(true)}
          >
            {t('erasePerson')}
          </button>
        </div>
      </form>
      <ErrorText error={exportData.error ?? erase.error} />
      {exportData.data && !holdsAnything(exportData.data) && (
        <p role="status">{fill(t('personNotFound'), { email: exportData.variables })}</p>
      )}
      {exportData.data && holdsAnything(exportData.data) && (
        <p role="status">
          {counts('exportedCounts', {
            leads: exportData.data.leads.length,
            views: exportData.data.views.length,
            closes: exportData.data.closes.length,
            store_activity: exportData.data.store_activity.length,
          })}
        </p>
      )}
      {erased && (
        <p role="status" className="notice">
          {fill(counts('erasedCounts', erased.erasure), { email: erased.email })}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        message={fill(t('eraseConfirm'), { email: address })}
        confirmLabel={t('erase')}
        onClose={() => setConfirming(false)}
        onConfirm={() => erase.mutate(address)}
      />
    </section>
  );
}
