import { type Cleanup, createMachine, type Machine, type Step } from '../machine.ts';

// A pop-up's showings, as the controller tracks them: its phase (blocked → armed → queued → shown → closed,
// widget §4) and the facts of the current showing (the trigger that opened it, why it closed, the server's id of
// its view). The pop-up element's own view states are another machine (src/core/popup/view-machine.ts).

/** Where a pop-up of the page is: blocked → armed → queued → shown → closed (widget §4). */
export type ShowingPhase = 'blocked' | 'armed' | 'queued' | 'shown' | 'closed';

export type ShowingEvent =
  /** The display rules have spoken; only a pop-up with no decision yet (blocked) takes it. */
  | { type: 'decided'; allowed: boolean }
  /**
   * Its schedule ended while it waited for a trigger: it is disarmed and waits, blocked, to be decided again. One
   * already queued or shown finishes its showing (a visitor is not cut off mid-form).
   */
  | { type: 'unscheduled' }
  /** `show(id)` on demand: a blocked or closed pop-up may open again. */
  | { type: 'reopen' }
  /** A trigger fired (or a click, or `show(id)`). */
  | { type: 'fire'; trigger: string }
  /** Its element is built and in the page, ready to be made visible. */
  | { type: 'mounted' }
  /** The visitor can see it (`poptin-after-show`). */
  | { type: 'visible' }
  /** It left the screen (`poptin-after-hide`); `cause` is its close trigger. */
  | { type: 'closed'; cause: string; submitted: boolean }
  /** Its template could not be fetched or rendered. */
  | { type: 'failed' }
  /** Single-page navigation or a stopped controller: it leaves the page at once. */
  | { type: 'reset' }
  /** The server answered a view of showing number `showing` with its id; an older showing's answer is ignored. */
  | { type: 'view-recorded'; showing: number; viewId: string };

/** What the controller does on a transition. */
export const SHOWING_EFFECTS = [
  'arm-triggers',
  'prepare',
  'enqueue',
  'show',
  'report-view',
  'report-close',
  'remove',
  'remove-after-fade',
  'release-queue',
] as const;
export type ShowingEffect = (typeof SHOWING_EFFECTS)[number];

export interface ShowingStep {
  state: ShowingPhase;
  effects: ShowingEffect[];
}

const to = (state: ShowingPhase, ...effects: ShowingEffect[]): ShowingStep => ({ state, effects });

/** The next phase and what to do; an event the phase does not take leaves it as it is, with no effects. */
export function transition(state: ShowingPhase, event: ShowingEvent): ShowingStep {
  switch (event.type) {
    case 'decided':
      return state === 'blocked' && event.allowed ? to('armed', 'arm-triggers', 'prepare') : to(state);
    case 'unscheduled':
      return state === 'armed' ? to('blocked', 'remove') : to(state);
    case 'reopen':
      return state === 'blocked' || state === 'closed' ? to('armed') : to(state);
    case 'fire':
      return state === 'armed' ? to('queued', 'enqueue') : to(state);
    case 'mounted':
      return state === 'queued' ? to('shown', 'show') : to(state);
    case 'visible':
      return state === 'shown' ? to('shown', 'report-view') : to(state);
    case 'closed':
      if (state !== 'shown') return to(state);
      // A submitted pop-up converted: its close is not reported as one.
      return event.submitted
        ? to('closed', 'remove-after-fade', 'release-queue')
        : to('closed', 'report-close', 'remove-after-fade', 'release-queue');
    case 'failed':
      if (state === 'armed') return to('closed', 'remove');
      return state === 'queued' || state === 'shown' ? to('closed', 'remove', 'release-queue') : to(state);
    case 'reset':
      if (state === 'blocked') return to('closed');
      return state === 'closed' ? to(state) : to('closed', 'remove');
    case 'view-recorded':
      return to(state);
  }
}

/** The facts of the current showing: what `$popups` publishes with the phase. */
export interface ShowingFacts {
  /** The trigger that opened it; empty until one fired. */
  trigger: string;
  /** Why it last closed; kept over a reopen. */
  closeCause: string;
  /** The server's id of this showing's view; empty until it answered. */
  viewId: string;
  /** How many times it was made visible: a view's answer names the showing it belongs to. */
  showings: number;
}

export const NO_SHOWING: ShowingFacts = { trigger: '', closeCause: '', viewId: '', showings: 0 };

/** The facts after an event the phase `state` took (`next` is the phase it led to). */
export function noteShowing(
  facts: ShowingFacts,
  state: ShowingPhase,
  next: ShowingPhase,
  event: ShowingEvent,
): ShowingFacts {
  switch (event.type) {
    case 'reopen':
      return next === state ? facts : { ...facts, trigger: '', viewId: '' };
    case 'fire':
      return next === state ? facts : { ...facts, trigger: event.trigger };
    case 'mounted':
      return next === state ? facts : { ...facts, viewId: '', showings: facts.showings + 1 };
    case 'closed':
      return next === state ? facts : { ...facts, closeCause: event.cause };
    case 'view-recorded':
      return event.showing === facts.showings ? { ...facts, viewId: event.viewId } : facts;
    default:
      return facts;
  }
}

/** A pop-up's showing as its machine holds it: the phase and the facts of the current showing. */
export interface Showing extends ShowingFacts {
  phase: ShowingPhase;
}

/** No decision yet: nothing may show a pop-up before it. */
export const NEW_SHOWING: Showing = { ...NO_SHOWING, phase: 'blocked' };

/** The phase's transition and the facts it notes, as one step; the same snapshot when neither changed. */
export function showingTransition(showing: Showing, event: ShowingEvent): Step<Showing, ShowingEffect> {
  const { phase } = showing;
  const { state, effects } = transition(phase, event);
  const facts = noteShowing(showing, phase, state, event);
  return { snapshot: state === phase && facts === showing ? showing : { ...facts, phase: state }, effects };
}

/** One handler per effect; a handler may return a cleanup, run when the phase it ran in is left. */
export type ShowingHandlers = Record<ShowingEffect, () => Cleanup | void>;

export type ShowingRunner = Machine<Showing, ShowingEvent>;

/**
 * One pop-up's showings on the machine runtime, from `blocked`. `onChange` hears every change of the phase or the
 * facts, with the one before and the event that made it, before the step's effects run.
 */
export function createShowingRunner(
  handlers: ShowingHandlers,
  onChange?: (showing: Showing, previous: Showing, event: ShowingEvent) => void,
): ShowingRunner {
  return createMachine<Showing, ShowingEvent, ShowingEffect>({
    name: 'pop-up showing',
    initial: NEW_SHOWING,
    transition: showingTransition,
    phaseOf: (showing) => showing.phase,
    onChange,
    run: (effect) => handlers[effect](),
  });
}
