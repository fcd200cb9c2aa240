import type { PopupStatus, PopupSummary } from '../api/client.ts';

export type StatusChoice = 'all' | PopupStatus;
export const STATUS_CHOICES: readonly StatusChoice[] = ['all', 'live', 'paused', 'draft'];

/** What the owner looks for in a site's pop-ups: a part of a name or the start of an ID, and a status. */
export interface PopupFilter {
  readonly text: string;
  readonly status: StatusChoice;
}

/** The longest search kept: a name is at most a line. */
export const MAX_SEARCH_LENGTH = 200;

/** Lower case, without accents or Hebrew points, one space between words: "cafe" finds "Café". */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** An ID is found from its first 4 characters on; fewer, and the digits in every ID would find them all. */
const ID_PREFIX_LENGTH = 4;

/**
 * The pop-ups with the status chosen whose name holds the text typed, or whose ID begins with it (an ID pasted from
 * an address or an embed tag), in their order.
 */
export function filterPopups(popups: readonly PopupSummary[], filter: PopupFilter): PopupSummary[] {
  const text = folded(filter.text);
  const byId = text.length >= ID_PREFIX_LENGTH && !text.includes(' ');
  return popups.filter(
    (popup) =>
      (filter.status === 'all' || popup.status === filter.status) &&
      (folded(popup.name).includes(text) || (byId && popup.id.toLowerCase().startsWith(text))),
  );
}

/** How many pop-ups each choice of status shows. */
export function countsByStatus(popups: readonly PopupSummary[]): Record<StatusChoice, number> {
  const counts: Record<StatusChoice, number> = { all: popups.length, live: 0, paused: 0, draft: 0 };
  for (const popup of popups) counts[popup.status] += 1;
  return counts;
}

/** The filter the page's address keeps (`?q=…&status=…`), so that it is still there when the owner comes back. */
export function filterFrom(params: URLSearchParams): PopupFilter {
  const status = params.get('status') as StatusChoice | null;
  return {
    text: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    status: status && STATUS_CHOICES.includes(status) ? status : 'all',
  };
}

/** The address's query for `filter`: nothing for what is not filtered. */
export function paramsOf(filter: PopupFilter): Record<string, string> {
  return {
    ...(filter.text ? { q: filter.text } : {}),
    ...(filter.status !== 'all' ? { status: filter.status } : {}),
  };
}

export const isFiltered = (filter: PopupFilter) => filter.text.trim() !== '' || filter.status !== 'all';
