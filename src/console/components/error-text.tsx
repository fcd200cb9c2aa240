import { ApiError } from '../api/client.ts';

/** An API error (or any other) as an alert, with the fields the server named. */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
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
