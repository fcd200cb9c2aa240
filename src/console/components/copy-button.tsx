import { useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';

/** Copies text; the result is announced to screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLanguage();
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('copied');
    } catch {
      setDone('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" onClick={copy} aria-label={`${t('copy')}: ${label}`}>
        {t('copy')}
      </button>
      <span role="status">{done === 'copied' ? t('copied') : done === 'failed' ? t('error') : ''}</span>
    </span>
  );
}

/** A snippet of code in a read-only box with its copy button. */
export function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="snippet">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={label} />
    </div>
  );
}
