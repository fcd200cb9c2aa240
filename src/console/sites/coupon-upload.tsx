import { type ChangeEvent, useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';

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
