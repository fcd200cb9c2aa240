import { ApiError } from '../api/client.ts';
import { useLanguage } from '../i18n/language.tsx';

/** An API error (or any other) as an alert, with the fields the server named. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useLanguage();
  if (!error) return null;
  // The server's own messages are its words; the console's own (no answer at all) are in the owner's language.
  const offline = error instanceof ApiError && error.status === 0;
  const message = offline ? t('offline') : error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fields : [];
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.field}>
              <code>{field.field}</code>: {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
