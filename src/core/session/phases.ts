import type { Step } from '../machine.ts';

// The controller's own phases on a page. The loader asks the display server itself (asking); an answer with
// nothing to show leaves the page quiet (the visitor kept alive, the page watched); anything else, or a reason
// to wake a quiet page, loads the session chunk (waking) until it runs. Taken off the page, it stops.

export type ControllerPhase = 'stopped' | 'asking' | 'quiet' | 'waking' | 'running';

export type ControllerEvent =
  /** On the page; `sessionFirst`: a page the loader leaves to the session from the start (first-display.ts). */
  | { type: 'connected'; sessionFirst: boolean }
  /** The loader's display call is answered; `empty`: nothing to show and nothing waiting in the outbox. */
  | { type: 'answered'; empty: boolean }
  /** A quiet page needs the session: navigation, a click to open, a call of `window.poptin`. */
  | { type: 'needed' }
  /** The session chunk settled (`ok` false: it could not load; the page then does nothing more). */
  | { type: 'loaded'; ok: boolean }
  | { type: 'disconnected' };

export type ControllerEffect = 'ask-display' | 'watch-quietly' | 'open-session';

/** The machine runtime's step (src/core/machine.ts), whose transition this is. */
export type ControllerStep = Step<ControllerPhase, ControllerEffect>;

/**
 * The runtime cleans up an effect when the machine leaves its phase (`phaseOf` of src/core/machine.ts), waking and
 * running being one: the question to the display server ends with asking, the quiet page's watch when it wakes or
 * stops, the session when the controller stops.
 */
export const phaseOf = (phase: ControllerPhase): ControllerPhase => (phase === 'running' ? 'waking' : phase);

const to = (snapshot: ControllerPhase, ...effects: ControllerEffect[]): ControllerStep => ({ snapshot, effects });

/** The next phase and what to do; an event the phase does not take leaves it as it is, with no effects. */
export function transition(phase: ControllerPhase, event: ControllerEvent): ControllerStep {
  const { type } = event;
  if (type === 'disconnected') return to('stopped');
  if (type === 'connected' && phase === 'stopped')
    return event.sessionFirst ? to('waking', 'open-session') : to('asking', 'ask-display');
  if (type === 'answered' && phase === 'asking')
    return event.empty ? to('quiet', 'watch-quietly') : to('waking', 'open-session');
  if (type === 'needed' && phase === 'quiet') return to('waking', 'open-session');
  if (type === 'loaded' && phase === 'waking') return to(event.ok ? 'running' : 'stopped');
  return to(phase);
}
