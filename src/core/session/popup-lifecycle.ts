import { guard } from '../safety.ts';

/** A pop-up on the page: blocked → armed → queued → shown → closed (widget §4). */
export type PopupLifecycleState = 'blocked' | 'armed' | 'queued' | 'shown' | 'closed';

export type PopupLifecycleEvent =
  /** The display rules have spoken; only a pop-up with no decision yet (blocked) takes it. */
  | { type: 'decided'; allowed: boolean }
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
  | { type: 'reset' };

/** What the controller does on a transition. */
export type LifecycleEffect =
  | 'arm-triggers'
  | 'prepare'
  | 'enqueue'
  | 'show'
  | 'report-view'
  | 'report-close'
  | 'remove'
  | 'remove-after-fade'
  | 'release-queue';

export interface LifecycleStep {
  state: PopupLifecycleState;
  effects: LifecycleEffect[];
}

const to = (state: PopupLifecycleState, ...effects: LifecycleEffect[]): LifecycleStep => ({ state, effects });

/** The next state and what to do; an event the state does not take leaves it as it is, with no effects. */
export function transition(state: PopupLifecycleState, event: PopupLifecycleEvent): LifecycleStep {
  switch (event.type) {
    case 'decided':
      return state === 'blocked' && event.allowed ? to('armed', 'arm-triggers', 'prepare') : to(state);
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
      return event.submitted ? to('closed', 'remove-after-fade', 'release-queue') : to('closed', 'report-close', 'remove-after-fade', 'release-queue');
    case 'failed':
      if (state === 'armed') return to('closed', 'remove');
      return state === 'queued' || state === 'shown' ? to('closed', 'remove', 'release-queue') : to(state);
    case 'reset':
      if (state === 'blocked') return to('closed');
      return state === 'closed' ? to(state) : to('closed', 'remove');
  }
}

export type Cleanup = () => void;

/** One handler per effect; a handler may return a cleanup, run when the state it ran in is left. */
export type LifecycleHandlers = Record<LifecycleEffect, () => Cleanup | void>;

export interface LifecycleRunner {
  readonly state: PopupLifecycleState;
  send(event: PopupLifecycleEvent): void;
}

/**
 * Runs one pop-up's lifecycle from `blocked` (no decision yet). `onTransition` hears every event that
 * changed the state or had effects, after the state changed and before the effects run.
 */
export function createLifecycleRunner(handlers: LifecycleHandlers, onTransition?: (state: PopupLifecycleState, event: PopupLifecycleEvent) => void): LifecycleRunner {
  let state: PopupLifecycleState = 'blocked';
  let cleanups: Cleanup[] = [];
  // Counts the states entered: an effect may send an event itself, so its state can be gone when it returns.
  let entered = 0;
  return {
    get state() {
      return state;
    },
    send(event) {
      const step = transition(state, event);
      if (step.state === state && step.effects.length === 0) return;
      if (step.state !== state) {
        state = step.state;
        entered++;
        const left = cleanups;
        cleanups = [];
        left.reverse().forEach((cleanup) => guard('pop-up cleanup', cleanup));
      }
      onTransition?.(state, event);
      for (const effect of step.effects) {
        const during = entered;
        const cleanup = handlers[effect]();
        if (!cleanup) continue;
        if (during === entered) cleanups.push(cleanup);
        else cleanup();
      }
    },
  };
}
