import { computed } from 'nanostores';
import { copyOfExplanation, type Explanation } from '../core/decision/index.ts';
import type { ShowingPhase } from '../core/session/showing.ts';
import { $popups, type PopupRecord } from './popups.ts';

/** A lead the server refused, as explain() lists it. */
export interface RefusedLead {
  /** Its idempotency key, as the outbox keeps it. */
  key: string;
  /** The HTTP status of the refusal (0: no answer). */
  status: number;
  reason: string;
  at: number;
}

/** What `window.poptin.explain(id)` answers: why a pop-up did or did not show, and where it is now. */
export interface SessionExplanation extends Partial<Explanation> {
  id: string;
  state: ShowingPhase | 'unknown';
  trigger: string;
  closeTrigger: string;
  /** Its leads the server refused, kept in the outbox's dead-letter list on this device (this page's or earlier ones'). */
  refusedLeads: RefusedLead[];
}

/** The explanation of one pop-up, from its record in `$popups` and its refused leads. */
export function explanationOf(
  id: string,
  record: PopupRecord | undefined,
  refusedLeads: RefusedLead[],
): SessionExplanation {
  if (!record) return { id, state: 'unknown', trigger: '', closeTrigger: '', refusedLeads };
  return {
    ...copyOfExplanation(record.explanation),
    id,
    state: record.state,
    trigger: record.trigger,
    closeTrigger: record.closeCause,
    refusedLeads,
  };
}

/**
 * Every pop-up's explanation, derived from `$popups` whenever it changes (refused leads apart: the outbox is read
 * when one is asked for). The session writes `$popups` only; what is explained follows.
 */
export const $explanations = computed($popups, (popups) =>
  Object.fromEntries(Object.entries(popups).map(([id, record]) => [id, explanationOf(id, record, [])])),
);

/** The explanation of pop-up `id` as `$explanations` tells it now, with its refused leads. */
export function explain(id: string, refusedLeads: RefusedLead[]): SessionExplanation {
  const known = $explanations.get()[id];
  return known ? { ...known, refusedLeads } : explanationOf(id, undefined, refusedLeads);
}
