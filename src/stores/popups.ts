import { map } from 'nanostores';
import type { PopupType } from '../core/config/types.ts';
import type { Decision, Explanation } from '../core/decision/index.ts';
import { createExplanationLog } from '../core/decision/explanation.ts';
import type { PopupLifecycleState } from '../core/session/popup-lifecycle.ts';

/** One pop-up of the display answer, as the teaser, the countdown, `explain()` and the inspector see it. */
export interface PopupRecord {
  id: string;
  name: string;
  type: PopupType;
  /** blocked → armed → queued → shown → closed (widget §4 lifecycle). */
  state: PopupLifecycleState;
  /** The trigger that opened it; empty until one fired. */
  trigger: string;
  /** Why it last closed (widget §3 runtime state `close_trigger`): `x_click`, `escape`, `launch`, `manual`, …; empty until it has. */
  closeCause: string;
  /** The id the server gave its view; empty until the view is recorded. */
  viewId: string;
  /** Why it did or did not show: rules, planned and fired triggers, when a frequency cap expires. */
  explanation: Explanation;
}

/** Every pop-up of the current page, by id. Written only through the actions below. */
export const $popups = map<Record<string, PopupRecord>>({});

// The explanation of each pop-up is kept by the decision module's log; the store holds a copy of it.
let explanations = createExplanationLog();

function update(id: string, change: (record: PopupRecord) => Partial<PopupRecord>): void {
  const record = $popups.get()[id];
  if (!record) return;
  const explanation = explanations.explain(id) ?? record.explanation;
  $popups.setKey(id, { ...record, ...change(record), explanation });
}

/** The display rules have spoken: the pop-up enters the store `armed` or `blocked`. */
export function popupDecided(popup: { id: string; name: string; type: PopupType }, decision: Decision): void {
  explanations.decided(decision);
  const explanation = explanations.explain(popup.id) as Explanation;
  $popups.setKey(popup.id, { ...popup, state: decision.allowed ? 'armed' : 'blocked', trigger: '', closeCause: '', viewId: '', explanation });
}

/** A pop-up opened on demand (`show(id)`, the click call) that had no decision on this page. */
export function popupAdded(popup: { id: string; name: string; type: PopupType }): void {
  const existing = $popups.get()[popup.id];
  $popups.setKey(popup.id, { ...popup, state: 'armed', trigger: '', closeCause: existing?.closeCause ?? '', viewId: '', explanation: explanations.explain(popup.id) ?? existing?.explanation ?? emptyExplanation(popup.id) });
}

export function popupArmed(id: string, planned: string[], at: number): void {
  explanations.armed(id, planned, at);
  update(id, () => ({}));
}

export function popupFired(id: string, trigger: string, at: number): void {
  explanations.fired(id, trigger, at);
  update(id, () => ({ trigger }));
}

export function popupStateChanged(id: string, state: PopupLifecycleState): void {
  update(id, () => ({ state }));
}

export function popupShown(id: string, at: number): void {
  explanations.shown(id, at);
  update(id, () => ({ state: 'shown' }));
}

export function popupViewRecorded(id: string, viewId: string): void {
  update(id, () => ({ viewId }));
}

export function popupClosed(id: string, closeCause: string): void {
  update(id, () => ({ state: 'closed', closeCause }));
}

/** Single-page navigation or a stopped controller: the page has no pop-ups until the next answer. */
export function clearPopups(): void {
  explanations = createExplanationLog();
  $popups.set({});
}

function emptyExplanation(id: string): Explanation {
  return { id, allowed: null, rules: [], blockedBy: [], frequencyCapExpiresAt: null, retryAt: null, triggers: { planned: [], armedAt: null, fired: [] }, shownAt: null, summary: 'no decision yet' };
}
