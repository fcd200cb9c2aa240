import { DisplayApi } from '../../core/api/display-api.ts';
import { parseDomainList } from '../../core/forms/business-email.ts';
import { log } from '../../core/safety.ts';

const lists = new Map<string, Promise<ReadonlySet<string> | undefined>>();

/**
 * The free-mail list of business-only email fields (widget §7 `GET /api/display/validation-emails`),
 * fetched at most once per page and server. Undefined when it cannot be had: business fields then accept
 * every domain rather than block a visitor over our outage.
 */
export function loadFreeMailDomains(apiBase: string): Promise<ReadonlySet<string> | undefined> {
  const api = new DisplayApi(apiBase);
  let list = lists.get(api.base);
  if (!list) {
    list = api
      .validationEmails()
      .then(parseDomainList)
      .catch((error: unknown) => {
        log.warn('free-mail list unavailable; business email fields accept every domain', error);
        lists.delete(api.base);
        return undefined;
      });
    lists.set(api.base, list);
  }
  return list;
}
