// A destination's last error as the server keeps it ("answered 401", a network error, why it was given up), with
// what it most likely means for the owner, in the console's words.
import type { StringKey } from '../i18n/strings.ts';

/** The words that explain an answer's status, or null when the error already says it in words. */
export function errorMeaning(lastError: string): StringKey | null {
  const status = Number(/^answered (\d{3})/.exec(lastError)?.[1] ?? /: answered (\d{3})$/.exec(lastError)?.[1]);
  if (!status) return null;
  if (status === 401 || status === 403) return 'errorRefusedKey';
  if (status === 404) return 'errorNotFound';
  if (status === 410) return 'errorGone';
  if (status === 429) return 'errorRateLimited';
  if (status === 400 || status === 422) return 'errorRefusedLead';
  if (status >= 500) return 'errorToolDown';
  return null;
}
