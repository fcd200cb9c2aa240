// Lazily imported by the controller: the outbox is not needed for the first paint of a page.
export { Outbox } from './outbox.ts';
export { openOutboxStore } from './outbox-store.ts';
