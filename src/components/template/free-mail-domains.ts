import { parseDomainList } from '../../core/forms/business-email.ts';
import { log } from '../../core/safety.ts';

export const VALIDATION_EMAILS_PATH = '/api/display/validation-emails';

const lists = new Map<string, Promise<ReadonlySet<string> | undefined>>();

/**
 * The free-mail list of business-only email fields (widget §7 `GET /api/display/validation-emails`),
 * fetched at most once per page and server. Undefined when it cannot be had: business fields then accept
 * every domain rather than block a visitor over our outage.
 */
export function loadFreeMailDomains(apiBase: string): Promise<ReadonlySet<string> | undefined> {
  const base = apiBase.replace(/\/+$/, '');
  let list = lists.get(base);
  if (!list) {
    list = fetch(`${base}${VALIDATION_EMAILS_PATH}`, { credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        return parseDomainList(await response.text());
      })
      .catch((error: unknown) => {
        log.warn('free-mail list unavailable; business email fields accept every domain', error);
        lists.delete(base);
        return undefined;
      });
    lists.set(base, list);
  }
  return list;
}
