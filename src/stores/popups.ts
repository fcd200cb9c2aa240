import { map } from 'nanostores';
import type { PopupType } from '../core/config/types.ts';
import { createExplanationLog, emptyExplanation } from '../core/decision/explanation.ts';
import type { Decision, Explanation } from '../core/decision/index.ts';
import type { Showing, ShowingEvent, ShowingPhase } from '../core/session/showing.ts';

/** One pop-up of the display answer, as the teaser, the countdown, `explain()` and the inspector see it. */
export interface PopupRecord {
  id: string;
  name: string;
  type: PopupType;
  /** blocked → armed → queued → shown → closed (widget §4 lifecycle). */
  state: ShowingPhase;
  /** The trigger that opened it; empty until one fired. */
  trigger: string;
  /** Why it last closed (widget §3 runtime state `close_trigger`): `x_click`, `escape`, `launch`, `manual`, …; empty until it has. */
  closeCause: string;
  /** The id the server gave its view; empty until the view is recorded. */
  viewId: string;
  /** Why it did or did not show: rules, planned and fired triggers, when a frequency cap expires. */
  explanation: Explanation;
}

/** What the store keeps of a pop-up's config; a whole PopupConfig may be passed. */
export interface PopupIdentity {
  id: string;
  name: string;
  type: PopupType;
}

/** Every pop-up of the current page, by id. Written only through the actions below. */
export const $popups = map<Record<string, PopupRecord>>({});

// The explanation of each pop-up is kept by the decision module's log; the store holds a copy of it.
let explanations = createExplanationLog();

/**
 * `explained`: the log has news of why it showed (armed, fired, shown), so the record takes a new copy of its
 * explanation; any other change keeps the one it has (a copy of the log's entry on every change was work for nothing).
 */
function update(id: string, change: Partial<PopupRecord>, explained = false): void {
  const record = $popups.get()[id];
  if (!record) return;
  const explanation = (explained && explanations.explain(id)) || record.explanation;
  $popups.setKey(id, { ...record, ...change, explanation });
}

/** The display rules have spoken: the pop-up enters the store `armed` or `blocked`. */
export function popupDecided({ id, name, type }: PopupIdentity, decision: Decision): void {
  explanations.decided(decision);
  const explanation = explanations.explain(id) as Explanation;
  $popups.setKey(id, {
    id,
    name,
    type,
    state: decision.allowed ? 'armed' : 'blocked',
    trigger: '',
    closeCause: '',
    viewId: '',
    explanation,
  });
}

/**
 * Opened on demand (`show(id)`, the click call): a pop-up new to this page, or a blocked or closed one,
 * is armed again with no trigger and no view; its explanation and last close cause stay.
 */
export function popupAdded({ id, name, type }: PopupIdentity): void {
  const existing = $popups.get()[id];
  const explanation = explanations.explain(id) ?? existing?.explanation ?? emptyExplanation(id, 'no decision yet');
  $popups.setKey(id, {
    id,
    name,
    type,
    state: 'armed',
    trigger: '',
    closeCause: existing?.closeCause ?? '',
    viewId: '',
    explanation,
  });
}

export function popupArmed(id: string, planned: string[], at: number): void {
  explanations.armed(id, planned, at);
  update(id, {}, true);
}

/** A trigger fired: the pop-up waits in the queue for its turn. */
export function popupFired(id: string, trigger: string, at: number): void {
  explanations.fired(id, trigger, at);
  update(id, { state: 'queued', trigger }, true);
}

export function popupStateChanged(id: string, state: ShowingPhase): void {
  update(id, { state });
}

/** The visitor sees it: the time goes into its explanation. */
export function popupShown(id: string, at: number): void {
  explanations.shown(id, at);
  update(id, { state: 'shown' }, true);
}

export function popupViewRecorded(id: string, viewId: string): void {
  update(id, { viewId });
}

export function popupClosed(id: string, closeCause: string): void {
  update(id, { state: 'closed', closeCause });
}

/** A change of a pop-up's showing (src/core/session/showing.ts), as its record tells it. */
export function popupShowingChanged(popup: PopupIdentity, showing: Showing, event: ShowingEvent, at: number): void {
  const { id } = popup;
  if (event.type === 'reopen') popupAdded(popup);
  else if (event.type === 'fire') popupFired(id, showing.trigger, at);
  else if (event.type === 'closed') popupClosed(id, showing.closeCause);
  else if (event.type === 'view-recorded') popupViewRecorded(id, showing.viewId);
  // The view report records when it was seen; a decision was recorded with its rules.
  else if (event.type !== 'visible' && event.type !== 'decided') popupStateChanged(id, showing.phase);
}

/** Single-page navigation or a stopped controller: the page has no pop-ups until the next answer. */
export function clearPopups(): void {
  explanations = createExplanationLog();
  $popups.set({});
}
