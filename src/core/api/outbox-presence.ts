// Whether the outbox may hold anything, asked by the loader before it loads the session; outbox-store.ts re-exports it.
export const OUTBOX_STORAGE_KEY = 'poptin_outbox';

/**
 * Whether an earlier page may have left leads, views or closes to send: false only when Web Storage (where the
 * outbox lives whenever it can) says it holds none, so a page with nothing to show can skip the outbox.
 */
export function outboxMayHoldEntries(scope: { localStorage?: Storage } = globalThis): boolean {
  try {
    const text = scope.localStorage?.getItem(OUTBOX_STORAGE_KEY);
    return text === undefined || (text !== null && text !== '{}');
  } catch {
    return true;
  }
}
