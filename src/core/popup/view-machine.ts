// The pop-up view's own states (what the visitor sees of one pop-up, from its show to its removal), with the timing
// of what follows a show, a submit and a redirect link. The session's record of its pop-ups is another thing.
import { readNumber, readSwitch } from '../config/values.ts';
import type { PrizeConversion } from '../games/prizes.ts';
import type { Step } from '../machine.ts';
import type { CloseSource } from '../public-types.ts';
import { REDIRECT_LINK_SUBMIT_MS, THANK_YOU_AUTO_CLOSE_DEFAULT_S, THANK_YOU_WITHOUT_AUTO_CLOSE_S } from './timing.ts';

/** hidden → form → (thank-you) → closing → closed; the view renders `state`, effects follow transitions. */
export type PopupState = 'hidden' | 'form' | 'thank-you' | 'closing' | 'closed';

export interface Redirect {
  url: string;
  newWindow: boolean;
}

export interface AfterSubmitPlan {
  /** What stays on screen after the submit: the thank-you screen, the sent message on the button, or nothing. */
  screen: 'thank-you' | 'sent-message' | 'none';
  /** How long after the submit the pop-up closes, or redirects. */
  delayMs: number;
  redirect: Redirect | null;
}

/** `Form` is the view's handle on a form of the template: the machine only hands it back. */
export interface PopupSnapshot<Form = unknown> {
  state: PopupState;
  /** The lead was delivered (or a page took it): the pop-up closes without a poptinClose. */
  submitted: boolean;
  closeSource: CloseSource | null;
  /** A lead is on its way or went: the forms take no other until a send fails. */
  leadTaken: boolean;
  afterSubmit: AfterSubmitPlan | null;
  /** The last redirect link clicked (`<a data-poptin-redirect>`): the submit it leads to redirects there. */
  linkRedirect: Redirect | null;
  /** Which click the pending link redirect is for: only the last one's timer counts. */
  linkClicks: number;
  linkForm: Form | null;
  /** What the template's game gave, sent with the lead. */
  gamePrize: PrizeConversion | null;
  /** A game's lead form whose result screens follow its submit: its lead leaves them on screen. */
  gameLeadForm: Form | null;
}

export type PopupEvent<Form = unknown> =
  /** Auto-close (poptin_design_auto_close_sec) counts from when it shows, on the form screen. */
  | { type: 'show'; autoCloseMs: number | null }
  | { type: 'lead-taken' }
  /** The lead did not go: the visitor is told, and may send again. */
  | { type: 'lead-failed' }
  | { type: 'submitted'; plan: AfterSubmitPlan }
  /** Widget §4: a redirect link submits `form` 1.5 s later, or redirects at once once a lead was taken. */
  | { type: 'link-clicked'; redirect: Redirect; form: Form | null }
  /** A call button of mobile formats 1, 6 and 11: the call, and the pop-up closes. */
  | { type: 'call'; url: string }
  | { type: 'game-prize'; prize: PrizeConversion | null }
  /** A game submits its lead form, once: after a lead was taken it submits nothing. */
  | { type: 'game-submit'; form: Form; screensFollow: boolean }
  | { type: 'close'; source: CloseSource }
  | { type: 'removed' }
  | { type: 'auto-close-due' }
  | { type: 'after-submit-due' }
  | { type: 'link-due'; click: number };

export type PopupEffect<Form = unknown> =
  | { type: 'wait'; ms: number; next: PopupEvent<Form> }
  /** Asks to close through poptin-request-close, which the page may cancel. */
  | { type: 'request-close'; source: CloseSource }
  | { type: 'follow'; redirect: Redirect }
  | { type: 'submit-form'; form: Form };

export type PopupStep<Form = unknown> = Step<PopupSnapshot<Form>, PopupEffect<Form>>;

export const initialSnapshot: PopupSnapshot<never> = {
  state: 'hidden',
  submitted: false,
  closeSource: null,
  leadTaken: false,
  afterSubmit: null,
  linkRedirect: null,
  linkClicks: 0,
  linkForm: null,
  gamePrize: null,
  gameLeadForm: null,
};

const open = (snapshot: PopupSnapshot<unknown>) => snapshot.state === 'form' || snapshot.state === 'thank-you';
const redirectAndClose = <Form>(redirect: Redirect): PopupEffect<Form>[] => [
  { type: 'follow', redirect },
  { type: 'request-close', source: 'redirect' },
];

/** Pure: the pop-up view's states and the timing of what follows a show, a submit and a redirect link (widget §4). */
export function transition<Form>(snapshot: PopupSnapshot<Form>, event: PopupEvent<Form>): PopupStep<Form> {
  const stay: PopupStep<Form> = { snapshot, effects: [] };
  switch (event.type) {
    case 'show':
      if (snapshot.state !== 'hidden') return stay;
      return {
        snapshot: { ...snapshot, state: 'form' },
        effects:
          event.autoCloseMs === null ? [] : [{ type: 'wait', ms: event.autoCloseMs, next: { type: 'auto-close-due' } }],
      };
    case 'auto-close-due':
      return snapshot.state === 'form'
        ? { snapshot, effects: [{ type: 'request-close', source: 'auto-close' }] }
        : stay;
    case 'lead-taken':
    case 'lead-failed': {
      const leadTaken = event.type === 'lead-taken';
      return leadTaken === snapshot.leadTaken ? stay : { snapshot: { ...snapshot, leadTaken }, effects: [] };
    }
    case 'submitted': {
      // 'thank-you' is the finished state until the plan's close: the thank-you screen, the sent message, or nothing.
      if (snapshot.state !== 'form') return stay;
      return {
        snapshot: { ...snapshot, submitted: true, state: 'thank-you', afterSubmit: event.plan },
        effects: [{ type: 'wait', ms: event.plan.delayMs, next: { type: 'after-submit-due' } }],
      };
    }
    case 'after-submit-due': {
      const plan = snapshot.afterSubmit;
      if (snapshot.state !== 'thank-you' || !plan) return stay;
      if (plan.redirect) return { snapshot, effects: redirectAndClose(plan.redirect) };
      return {
        snapshot,
        effects: [{ type: 'request-close', source: plan.screen === 'thank-you' ? 'auto-close' : 'submit' }],
      };
    }
    case 'link-clicked': {
      const linkClicks = snapshot.linkClicks + 1;
      return {
        snapshot: { ...snapshot, linkRedirect: event.redirect, linkClicks, linkForm: event.form },
        effects: [{ type: 'wait', ms: REDIRECT_LINK_SUBMIT_MS, next: { type: 'link-due', click: linkClicks } }],
      };
    }
    case 'link-due': {
      if (event.click !== snapshot.linkClicks || !snapshot.linkRedirect) return stay;
      // The redirect follows what the submit shows.
      if (snapshot.linkForm !== null && !snapshot.leadTaken)
        return { snapshot, effects: [{ type: 'submit-form', form: snapshot.linkForm }] };
      return { snapshot, effects: redirectAndClose(snapshot.linkRedirect) };
    }
    case 'call':
      return { snapshot, effects: redirectAndClose({ url: event.url, newWindow: false }) };
    case 'game-prize':
      return event.prize === snapshot.gamePrize
        ? stay
        : { snapshot: { ...snapshot, gamePrize: event.prize }, effects: [] };
    case 'game-submit':
      if (snapshot.leadTaken) return stay;
      return {
        snapshot: { ...snapshot, gameLeadForm: event.screensFollow ? event.form : null },
        effects: [{ type: 'submit-form', form: event.form }],
      };
    case 'close':
      if (!open(snapshot)) return stay;
      return { snapshot: { ...snapshot, state: 'closing', closeSource: event.source }, effects: [] };
    case 'removed':
      return snapshot.state === 'closing' ? { snapshot: { ...snapshot, state: 'closed' }, effects: [] } : stay;
  }
}

/** A poptinClose window event is dispatched unless the pop-up was submitted or redirected (widget §4). */
export function announcesClose(snapshot: PopupSnapshot<unknown>): boolean {
  return !snapshot.submitted && snapshot.closeSource !== 'redirect';
}

/** Seconds before the thank-you screen closes: configured (default 5 s), or 60 s without auto-close (widget §9). */
export function thankYouCloseSeconds(designProperties: Record<string, unknown>): number {
  if (!readSwitch(designProperties.poptin_design_thank_screen_auto_close, true)) return THANK_YOU_WITHOUT_AUTO_CLOSE_S;
  const seconds = readNumber(designProperties.poptin_design_thank_screen_auto_close_sec);
  return seconds !== null && seconds >= 0 ? seconds : THANK_YOU_AUTO_CLOSE_DEFAULT_S;
}

export function hasThankYouScreen(designProperties: Record<string, unknown>, templateHasThankYou: boolean): boolean {
  if (designProperties.poptin_design_thank_screen === undefined) return templateHasThankYou;
  return readSwitch(designProperties.poptin_design_thank_screen) && templateHasThankYou;
}
