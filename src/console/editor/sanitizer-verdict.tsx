import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { api, type Config, type Validation } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { ruleFieldWords } from './model/rule-words.ts';
import { sanitizerRemovals } from './model/sanitizer.ts';
import { textOf } from './model/values.ts';

/** What the sanitiser removes before a visitor sees it, and the server's verdict on the configuration. */
export function SanitizerVerdict({ clientId, config }: { clientId: string; config: Config }) {
  const { t } = useLanguage();
  const deferred = useDeferredValue(config);
  const [verdict, setVerdict] = useState<Validation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const html = textOf(deferred.poptin);
  const removed = useMemo(() => sanitizerRemovals(html), [html]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api.validate(clientId, deferred).then(
        (answer) => {
          if (!live) return;
          setVerdict(answer);
          setError(null);
        },
        (failure: unknown) => live && setError(failure),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [clientId, deferred]);
  const all = [...removed, ...(verdict?.sanitizer?.removed ?? [])].filter(
    (item, index, list) =>
      list.findIndex((other) => other.element === item.element && other.attribute === item.attribute) === index,
  );
  return (
    <section aria-labelledby="sanitizer-heading" className="verdict">
      <h2 id="sanitizer-heading">{t('sanitizer')}</h2>
      <ErrorText error={error} />
      <div aria-live="polite">
        {all.length === 0 && <p>{t('sanitizerClean')}</p>}
        {all.length > 0 && (
          <>
            <p>{t('sanitizerRemoved')}</p>
            <ul className="removed">
              {all.map((item) => (
                <li key={`${item.element ?? ''} ${item.attribute ?? ''}`}>
                  <code dir="ltr">
                    {item.element ? `<${item.element}>` : ''}
                    {item.attribute ? ` ${item.attribute}` : ''}
                  </code>
                </li>
              ))}
            </ul>
          </>
        )}
        {verdict && !verdict.ok && (
          <ul className="field-error">
            {verdict.fields.map((field) => (
              <li key={field.field}>
                {ruleFieldWords(field.field, t) ?? <code>{field.field}</code>}: {field.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
