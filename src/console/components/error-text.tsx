import { ApiError } from '../api/client.ts';
import { useLanguage } from '../i18n/language.tsx';
import { fieldMessageWords } from './field-messages.ts';

/**
 * A field the server named (`settings.to.0`) in an owner's words when the page gave none: the path's containers
 * dropped, a list position counted from 1, camelCase split (`listId` -> "List id").
 */
export function fieldInWords(field: string): string {
  const words = field
    .replace(/^(settings|body|config)\./, '')
    .split('.')
    .map((part) =>
      /^\d+$/.test(part) ? `#${Number(part) + 1}` : part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    )
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An API error (or any other) as an alert. When the server named fields, each is said with its label on the page
 * (`labels`, by the field's path, a list's items by the list's path) and what is wrong with it, never by its path.
 */
export function ErrorText({
  error,
  labels = {},
  describe,
  explain,
}: {
  error: unknown;
  labels?: Record<string, string>;
  /** The page's own words for a field the labels do not name (`schedule.weekly[0].from`). */
  describe?(field: string): string | undefined;
  /** The page's own words for what the server said of a field; the console's words of the owner routes' when absent. */
  explain?(message: string): string;
}) {
  const { t } = useLanguage();
  if (!error) return null;
  const fieldWords = (message: string) => fieldMessageWords(message, t);
  // The server's own messages are its words; the console's own (no answer at all) are in the owner's language.
  const offline = error instanceof ApiError && error.status === 0;
  const message = offline ? t('offline') : error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fields : [];
  const labelOf = (field: string) => {
    const list = field.replace(/\.\d+$/, '');
    const position = field === list ? '' : ` #${Number(field.slice(list.length + 1)) + 1}`;
    return labels[field] ?? describe?.(field) ?? (labels[list] ? `${labels[list]}${position}` : fieldInWords(field));
  };
  return (
    <div role="alert" className="error">
      {fields.length > 0 ? (
        <>
          <p>{t('checkFields')}</p>
          <ul>
            {fields.map((field) => (
              <li key={field.field}>
                <strong>{labelOf(field.field)}</strong>: {(explain ?? fieldWords)(field.message)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{message}</p>
      )}
    </div>
  );
}
