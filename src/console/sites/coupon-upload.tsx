import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { couponMessageWords } from './coupon-words.ts';

/** A file picker for a list's codes, and whether they replace the codes not given yet. */
export function UploadCodes({
  label,
  busy,
  onFile,
}: {
  label: string;
  busy: boolean;
  onFile: (file: File, replace: boolean) => void;
}) {
  const { t } = useLanguage();
  const [replace, setReplace] = useState(false);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file, replace);
  };
  return (
    <>
      <label className="btn btn-small coupon-upload" aria-disabled={busy}>
        {t('couponUpload')}
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="visually-hidden"
          aria-label={label}
          disabled={busy}
          onChange={picked}
        />
      </label>
      <label className="coupon-replace">
        <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />{' '}
        {t('couponReplace')}
      </label>
    </>
  );
}

/** Why an uploaded list was refused: each problem of its lines in the owner's words, or the error as it came. */
export function UploadProblems({ error }: { error: unknown }) {
  const { t } = useLanguage();
  if (!(error instanceof ApiError) || error.fields.length === 0) return <ErrorText error={error} />;
  return (
    <div role="alert" className="error">
      <p>{t('couponListUnusable')}</p>
      <ul>
        {error.fields.map((problem) => (
          <li key={problem.message}>{couponMessageWords(problem.message, t)}</li>
        ))}
      </ul>
    </div>
  );
}
