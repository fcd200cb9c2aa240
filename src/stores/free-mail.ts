import { atom, onMount, type ReadableAtom } from 'nanostores';
import { DisplayApi } from '../core/api/display-api.ts';
import { parseDomainList } from '../core/forms/business-email.ts';
import { log } from '../core/safety.ts';

/** The free-mail domains; undefined while they load, null when they cannot be had (business fields then accept every domain rather than block a visitor over our outage). */
export type FreeMailDomains = ReadonlySet<string> | null | undefined;

const lists = new Map<string, ReadableAtom<FreeMailDomains>>();

/**
 * The free-mail list of business-only email fields (widget §7 `GET /api/display/validation-emails`) of one display
 * server, as a lazy store: fetched when its first listener mounts it, once per page and server; a failed fetch is
 * tried again at the next mount.
 */
export function $freeMailDomains(apiBase: string, fetchImpl?: typeof fetch): ReadableAtom<FreeMailDomains> {
  const api = new DisplayApi(apiBase, fetchImpl);
  const known = lists.get(api.base);
  if (known) return known;
  const list = atom<FreeMailDomains>(undefined);
  onMount(list, () => {
    if (list.get()) return;
    list.set(undefined);
    api.validationEmails().then(
      (text) => list.set(parseDomainList(text)),
      (error: unknown) => {
        log.warn('free-mail list unavailable; business email fields accept every domain', error);
        list.set(null);
      },
    );
  });
  lists.set(api.base, list);
  return list;
}
