// Where the page tells the visitor's consent: the controller's own `consent` attribute (set by
// `window.poptin.consent(given)` or by the owner), a TCF v2.2 CMP, Google consent mode's dataLayer, and a store
// platform's answer. The answer is read again whenever one of them speaks, and every second besides (widget §4's
// cadence), for signals that cannot be listened to (dataLayer entries, a CMP that loads late).
import type { ConsentAnswer } from '../../integrations/consent.ts';
import { guard } from '../safety.ts';
import { combineConsent, consentModeOf, googleConsentAnswer, type TcfData, tcfAnswer } from './consent.ts';

/** Widget §4's cadence for a consent not yet given. Not imported from the store integrations: it would split a chunk off the session. */
const READ_AGAIN_MS = 1_000;

type TcfApi = (command: string, version: number, callback: (data: TcfData | null, success: boolean) => void) => void;

export interface ConsentWindow {
  __tcfapi?: TcfApi;
  dataLayer?: unknown;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(handle: number): void;
}

export interface PageConsent {
  /** The current answer: 'undecided' until one source decides. */
  readonly answer: ConsentAnswer;
  /** A store platform's answer (widget §4), one source among the others. */
  setStoreAnswer(answer: ConsentAnswer): void;
  stop(): void;
}

/**
 * Watches every source and calls `onDecided` once, with true on consent and false on refusal; a refusal stays
 * open to a later yes on this page (a visitor may change their mind in the banner), a yes is final for the page.
 */
export function watchPageConsent(host: Element, win: ConsentWindow, onDecided: (given: boolean) => void): PageConsent {
  let tcf: ConsentAnswer = 'undecided';
  let store: ConsentAnswer = 'undecided';
  let answer: ConsentAnswer = 'undecided';
  let stopped = false;
  const read = (): ConsentAnswer =>
    combineConsent(consentModeOf(host.getAttribute('consent')), [tcf, store, googleConsentAnswer(win.dataLayer)]);
  const check = () =>
    guard('consent', () => {
      if (stopped || answer === 'yes') return;
      // A CMP whose stub arrived after this watcher started is listened to from then on.
      listenToTcf();
      const now = read();
      if (now === answer || now === 'undecided') return;
      answer = now;
      if (now === 'yes') stop();
      // Told in a microtask: a CMP may answer synchronously, while the watcher's owner is still being built.
      queueMicrotask(() => guard('consent', () => onDecided(now === 'yes')));
    });
  let tcfListening = false;
  const listenToTcf = () => {
    if (tcfListening || typeof win.__tcfapi !== 'function') return;
    tcfListening = true;
    guard('TCF consent', () =>
      win.__tcfapi!('addEventListener', 2, (data, success) => {
        if (!success) return;
        tcf = tcfAnswer(data);
        check();
      }),
    );
  };
  const observer = typeof MutationObserver === 'function' ? new MutationObserver(check) : null;
  observer?.observe(host, { attributes: true, attributeFilter: ['consent'] });
  const timer = win.setInterval(check, READ_AGAIN_MS);
  listenToTcf();
  function stop() {
    stopped = true;
    observer?.disconnect();
    win.clearInterval(timer);
  }
  const consent: PageConsent = {
    get answer() {
      if (answer === 'undecided' && !stopped) {
        const now = read();
        if (now !== 'undecided') {
          answer = now;
          if (now === 'yes') stop();
        }
      }
      return answer;
    },
    setStoreAnswer(value) {
      store = value;
      check();
    },
    stop,
  };
  return consent;
}
