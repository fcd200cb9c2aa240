// The chat button's states: hidden → shown → tooltip | badge → chatbox → closed (platform notes, Join.chat behaviour).
// No DOM here: a pure transition, run with timers, storage and the device kind given; snapshots and "send" requests go out.
import { createMachine, type Step } from '../machine.ts';
import type { TimerHost } from '../safety.ts';
import { after } from '../timers.ts';
import { chatLink, phoneDigits } from './link.ts';
import type { ChatSettings } from './settings.ts';
import type { ChatStorage } from './storage.ts';

export type ChatState = 'off' | 'hidden' | 'shown' | 'tooltip' | 'badge' | 'chatbox' | 'closed';

export interface ChatSnapshot {
  state: ChatState;
  animate: boolean;
  /** Hidden for now because a text field elsewhere has focus (mobile). */
  yielding: boolean;
  /** The opt-in box is unticked: it starts so, since a pre-ticked box is not consent (CJEU Planet49, 2019). */
  optedOut: boolean;
  /** The chatbox shows typing dots before its message. */
  typing: boolean;
}

export const VIEWS_KEY = 'joinchat_views';
export const HASHES_KEY = 'joinchat_hashes';
export const HOVER_OPEN_MS = 1500;
export const REOPEN_GUARD_MS = 600;
export const LINK_CHATBOX_MS = 700;
export const FIELD_FOCUS_DEBOUNCE_MS = 200;
export const TYPING_MS = { min: 400, max: 600 } as const;

export interface ChatMachineOptions {
  settings: ChatSettings;
  storage: ChatStorage;
  mobile: boolean;
  timers?: TimerHost;
  now?: () => number;
  /** 0 ≤ random() < 1, for the typing time. */
  random?: () => number;
  onChange?: (snapshot: ChatSnapshot) => void;
  /** Asked before the visitor's action takes effect; false vetoes it. */
  allow?: (action: 'open' | 'close', trigger: string) => boolean;
  onSend?: (link: string, trigger: string) => void;
}

export interface ChatMachine {
  start(): void;
  snapshot(): ChatSnapshot;
  /** The visitor pressed the button (or a link asked for the chat). */
  press(trigger?: string): void;
  hoverStart(): void;
  hoverEnd(): void;
  /** A `#joinchat` link, `?joinchat=N` or `a[href="#whatsapp"]`: the chatbox after the link delay. */
  linkTrigger(delayMs?: number): void;
  close(trigger?: string): void;
  setOptedOut(optedOut: boolean): void;
  textFieldFocus(focused: boolean): void;
  /** Sends straight to the messaging app with another phone or message (a `data-phone` link). */
  send(trigger: string, override?: { phone?: string; message?: string }): void;
  views(): number;
  seenHashes(): string[];
  destroy(): void;
}

/** What the transition reads of the visitor's storage, read when the event is sent. */
export interface ChatFacts {
  /** Pages on which the button was shown (joinchat_views). */
  views: number;
  /** The message was seen before (cta_viewed, or its hash in joinchat_hashes). */
  messageSeen: boolean;
}

export type ChatInput =
  | { type: 'start' }
  | { type: 'show-due' }
  | { type: 'message-due' }
  | { type: 'press'; trigger: string }
  | { type: 'open-allowed'; trigger: string }
  | { type: 'typing-done' }
  | { type: 'hover-start' }
  | { type: 'hover-end' }
  | { type: 'hover-due'; hover: number }
  | { type: 'link'; delayMs: number }
  | { type: 'link-due' }
  | { type: 'link-open-due' }
  | { type: 'close'; trigger: string }
  | { type: 'close-allowed' }
  | { type: 'opt-out'; optedOut: boolean }
  | { type: 'text-field-focus'; focused: boolean }
  | { type: 'focus-due'; focus: number; focused: boolean }
  | { type: 'send'; trigger: string; phone?: string; message?: string };

/** Every event carries the clock and the stored facts of when it was sent. */
export type ChatEvent = ChatInput & { now: number; facts: ChatFacts };

export type ChatEffect =
  | { type: 'wait'; ms: number; next: ChatInput }
  /** The typing dots last 400 to 600 ms, at random. */
  | { type: 'type-message' }
  /** This page counts once among the views, up to message_views. */
  | { type: 'count-view' }
  /** The message's hash joins joinchat_hashes: it will not open by itself again. */
  | { type: 'remember-message' }
  /** The page may veto the visitor's action (poptin-chat-open/close); allowed, `next` follows. */
  | { type: 'ask'; action: 'open' | 'close'; trigger: string; next: ChatInput }
  | { type: 'open-app'; link: string; trigger: string };

export interface ChatMachineState {
  view: ChatSnapshot;
  shownAt: number;
  countedThisPage: boolean;
  /** Which hover and which focus change the pending timers are for: only the last counts. */
  hover: number;
  focus: number;
}

export const initialChatState: ChatMachineState = {
  view: { state: 'hidden', animate: true, yielding: false, optedOut: true, typing: false },
  shownAt: -Infinity,
  countedThisPage: false,
  hover: 0,
  focus: 0,
};

export type ChatStep = Step<ChatMachineState, ChatEffect>;

/** The pure transition of the chat button with these settings, on a mobile device or not. */
export function chatTransition(
  settings: ChatSettings,
  mobile: boolean,
): (state: ChatMachineState, event: ChatEvent) => ChatStep {
  const hasMessage = settings.messageSend.trim() !== '';
  const stay = (state: ChatMachineState): ChatStep => ({ snapshot: state, effects: [] });
  const withView = (state: ChatMachineState, patch: Partial<ChatSnapshot>, effects: ChatEffect[] = []): ChatStep => ({
    snapshot: { ...state, view: { ...state.view, ...patch } },
    effects,
  });
  const visible = (state: ChatMachineState) => state.view.state !== 'off' && state.view.state !== 'hidden';

  const show = (state: ChatMachineState, event: ChatEvent): ChatStep => {
    const seen = event.facts.messageSeen;
    const shown: ChatMachineState = {
      ...state,
      shownAt: event.now,
      view: { ...state.view, state: hasMessage && seen ? 'tooltip' : 'shown', animate: settings.buttonDelay >= 0 },
    };
    const plansMessage = settings.messageDelay >= 0 && hasMessage && !seen;
    return {
      snapshot: shown,
      effects: plansMessage ? [{ type: 'wait', ms: settings.messageDelay * 1000, next: { type: 'message-due' } }] : [],
    };
  };
  const openChatbox = (state: ChatMachineState, trigger: string): ChatStep =>
    state.view.state === 'chatbox'
      ? stay(state)
      : {
          snapshot: state,
          effects: [{ type: 'ask', action: 'open', trigger, next: { type: 'open-allowed', trigger } }],
        };
  const sendNow = (
    state: ChatMachineState,
    trigger: string,
    phone = settings.telephone,
    message = settings.messageSend,
  ): ChatStep => {
    if (!phoneDigits(phone)) return stay(state);
    return {
      snapshot: state,
      effects: [
        {
          type: 'open-app',
          link: chatLink(phone, message, { desktop: !mobile, whatsappWeb: settings.whatsappWeb }),
          trigger,
        },
      ],
    };
  };

  return (state, event) => {
    switch (event.type) {
      case 'start': {
        if (settings.mobileOnly && !mobile) return withView(state, { state: 'off' });
        const effects: ChatEffect[] = state.countedThisPage ? [] : [{ type: 'count-view' }];
        const counted = { ...state, countedThisPage: true };
        if (settings.buttonDelay >= 0)
          return {
            snapshot: counted,
            effects: [...effects, { type: 'wait', ms: settings.buttonDelay * 1000, next: { type: 'show-due' } }],
          };
        const shown = show(counted, event);
        return { snapshot: shown.snapshot, effects: [...effects, ...shown.effects] };
      }
      case 'show-due':
        // A link may have shown the button, and opened the chatbox, before the button's own delay was over.
        return state.view.state === 'hidden' ? show(state, event) : stay(state);
      case 'message-due':
        if (state.view.state !== 'shown') return stay(state);
        if (!settings.messageBadge && event.facts.views >= settings.messageViews) return openChatbox(state, 'auto');
        return withView(state, { state: 'badge' });
      case 'press':
        if (!visible(state) || event.now - state.shownAt < REOPEN_GUARD_MS) return stay(state);
        if (state.view.state === 'chatbox') return state.view.optedOut ? stay(state) : sendNow(state, event.trigger);
        if (state.view.optedOut || (hasMessage && !event.facts.messageSeen) || state.view.state === 'badge')
          return openChatbox(state, event.trigger);
        return sendNow(state, event.trigger);
      case 'open-allowed': {
        if (state.view.state === 'chatbox') return stay(state);
        const effects: ChatEffect[] = [{ type: 'remember-message' }];
        if (hasMessage) effects.push({ type: 'type-message' });
        // A pending hover has nothing left to open.
        return {
          snapshot: { ...state, hover: state.hover + 1, view: { ...state.view, state: 'chatbox', typing: hasMessage } },
          effects,
        };
      }
      case 'typing-done':
        return withView(state, { typing: false });
      case 'hover-start': {
        if (mobile || !visible(state) || state.view.state === 'chatbox') return stay(state);
        const hover = state.hover + 1;
        return {
          snapshot: { ...state, hover },
          effects: [{ type: 'wait', ms: HOVER_OPEN_MS, next: { type: 'hover-due', hover } }],
        };
      }
      case 'hover-end':
        return { snapshot: { ...state, hover: state.hover + 1 }, effects: [] };
      case 'hover-due':
        return event.hover === state.hover ? openChatbox(state, 'hover') : stay(state);
      case 'link':
        return { snapshot: state, effects: [{ type: 'wait', ms: event.delayMs, next: { type: 'link-due' } }] };
      case 'link-due': {
        if (state.view.state === 'off') return stay(state);
        const shown = state.view.state === 'hidden' ? show(state, event) : stay(state);
        return {
          snapshot: shown.snapshot,
          effects: [...shown.effects, { type: 'wait', ms: LINK_CHATBOX_MS, next: { type: 'link-open-due' } }],
        };
      }
      case 'link-open-due':
        return openChatbox(state, 'link');
      case 'close':
        if (state.view.state !== 'chatbox') return stay(state);
        return {
          snapshot: state,
          effects: [{ type: 'ask', action: 'close', trigger: event.trigger, next: { type: 'close-allowed' } }],
        };
      case 'close-allowed':
        if (state.view.state !== 'chatbox') return stay(state);
        return withView(state, { state: 'closed' }, [{ type: 'remember-message' }]);
      case 'opt-out':
        return withView(state, { optedOut: event.optedOut });
      case 'text-field-focus': {
        if (!mobile) return stay(state);
        const focus = state.focus + 1;
        return {
          snapshot: { ...state, focus },
          effects: [
            { type: 'wait', ms: FIELD_FOCUS_DEBOUNCE_MS, next: { type: 'focus-due', focus, focused: event.focused } },
          ],
        };
      }
      case 'focus-due':
        if (event.focus !== state.focus || state.view.yielding === event.focused) return stay(state);
        return withView(state, { yielding: event.focused });
      case 'send':
        return sendNow(state, event.trigger, event.phone, event.message);
    }
  };
}

export function createChatMachine(options: ChatMachineOptions): ChatMachine {
  const { settings, storage, mobile } = options;
  const now = options.now ?? Date.now;
  const host = options.timers ?? globalThis;
  const random = options.random ?? Math.random;

  const viewCount = () => {
    const stored = Number(storage.get(VIEWS_KEY));
    return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : 0;
  };
  const hashes = () => (storage.get(HASHES_KEY) ?? '').split(',').filter(Boolean);
  const facts = (): ChatFacts => ({
    views: viewCount(),
    messageSeen: settings.ctaViewed || (settings.messageHash !== '' && hashes().includes(settings.messageHash)),
  });
  const rememberMessage = () => {
    if (settings.messageDelay < 0 || !settings.messageHash) return;
    const seen = hashes();
    if (!seen.includes(settings.messageHash)) storage.set(HASHES_KEY, [...seen, settings.messageHash].join(','));
  };

  const machine = createMachine<ChatMachineState, ChatEvent, ChatEffect>({
    name: 'chat button',
    initial: initialChatState,
    transition: chatTransition(settings, mobile),
    onChange: (next, previous) => {
      if (next.view !== previous.view) options.onChange?.(next.view);
    },
    run: (effect, context) => {
      switch (effect.type) {
        case 'wait':
          return after(context, effect.ms, () => send(effect.next), host);
        case 'type-message':
          return after(
            context,
            TYPING_MS.min + Math.floor(random() * (TYPING_MS.max - TYPING_MS.min + 1)),
            () => send({ type: 'typing-done' }),
            host,
          );
        case 'count-view': {
          const views = viewCount();
          if (views < settings.messageViews) storage.set(VIEWS_KEY, String(views + 1));
          return;
        }
        case 'remember-message':
          return rememberMessage();
        case 'ask':
          if (!options.allow || options.allow(effect.action, effect.trigger)) send(effect.next);
          return;
        case 'open-app':
          return options.onSend?.(effect.link, effect.trigger);
      }
    },
  });
  const send = (input: ChatInput) => machine.send({ ...input, now: now(), facts: facts() });

  return {
    start: () => send({ type: 'start' }),
    snapshot: () => machine.snapshot.view,
    press: (trigger = 'button') => send({ type: 'press', trigger }),
    hoverStart: () => send({ type: 'hover-start' }),
    hoverEnd: () => send({ type: 'hover-end' }),
    linkTrigger: (delayMs = 0) => send({ type: 'link', delayMs }),
    close: (trigger = 'close') => send({ type: 'close', trigger }),
    setOptedOut: (optedOut) => send({ type: 'opt-out', optedOut }),
    textFieldFocus: (focused) => send({ type: 'text-field-focus', focused }),
    send: (trigger, override = {}) => send({ type: 'send', trigger, ...override }),
    views: viewCount,
    seenHashes: hashes,
    destroy: () => machine.dispose(),
  };
}
