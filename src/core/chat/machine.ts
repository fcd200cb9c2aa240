// The chat button's states: hidden → shown → tooltip | badge → chatbox → closed (platform notes, Join.chat behaviour).
// No DOM here: timers, storage and the device kind come in, snapshots and "send" requests go out.
import { createTimers, type TimerHost } from '../safety.ts';
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

export function createChatMachine(options: ChatMachineOptions): ChatMachine {
  const { settings, storage, mobile } = options;
  const now = options.now ?? Date.now;
  const timers = createTimers(options.timers ?? globalThis);
  const hoverTimers = createTimers(options.timers ?? globalThis);
  const focusTimers = createTimers(options.timers ?? globalThis);
  let snapshot: ChatSnapshot = { state: 'hidden', animate: true, yielding: false, optedOut: true, typing: false };
  const random = options.random ?? Math.random;
  let shownAt = -Infinity;
  let countedThisPage = false;

  const update = (patch: Partial<ChatSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    options.onChange?.(snapshot);
  };
  const viewCount = () => {
    const stored = Number(storage.get(VIEWS_KEY));
    return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : 0;
  };
  const hashes = () => (storage.get(HASHES_KEY) ?? '').split(',').filter(Boolean);
  const messageSeen = () => settings.ctaViewed || (settings.messageHash !== '' && hashes().includes(settings.messageHash));
  const hasMessage = () => settings.messageSend.trim() !== '';
  const rememberMessage = () => {
    if (settings.messageDelay < 0 || !settings.messageHash) return;
    const seen = hashes();
    if (!seen.includes(settings.messageHash)) storage.set(HASHES_KEY, [...seen, settings.messageHash].join(','));
  };
  const visible = () => snapshot.state !== 'off' && snapshot.state !== 'hidden';

  const openChatbox = (trigger: string) => {
    if (snapshot.state === 'chatbox') return;
    if (options.allow && !options.allow('open', trigger)) return;
    hoverTimers.clearAll();
    rememberMessage();
    update({ state: 'chatbox', typing: hasMessage() });
    if (hasMessage()) timers.later(() => update({ typing: false }), TYPING_MS.min + Math.floor(random() * (TYPING_MS.max - TYPING_MS.min + 1)));
  };

  const sendNow = (trigger: string, override: { phone?: string; message?: string } = {}) => {
    const phone = override.phone ?? settings.telephone;
    if (!phoneDigits(phone)) return;
    const link = chatLink(phone, override.message ?? settings.messageSend, { desktop: !mobile, whatsappWeb: settings.whatsappWeb });
    options.onSend?.(link, trigger);
  };

  const planMessage = () => {
    if (settings.messageDelay < 0 || !hasMessage() || messageSeen()) return;
    timers.later(() => {
      if (snapshot.state !== 'shown') return;
      if (!settings.messageBadge && viewCount() >= settings.messageViews) openChatbox('auto');
      else update({ state: 'badge' });
    }, settings.messageDelay * 1000);
  };

  const show = () => {
    shownAt = now();
    update({ state: hasMessage() && messageSeen() ? 'tooltip' : 'shown', animate: settings.buttonDelay >= 0 });
    planMessage();
  };

  return {
    start() {
      if (settings.mobileOnly && !mobile) {
        update({ state: 'off' });
        return;
      }
      if (!countedThisPage) {
        countedThisPage = true;
        const views = viewCount();
        if (views < settings.messageViews) storage.set(VIEWS_KEY, String(views + 1));
      }
      if (settings.buttonDelay < 0) show();
      else timers.later(show, settings.buttonDelay * 1000);
    },
    snapshot: () => snapshot,
    press(trigger = 'button') {
      if (!visible()) return;
      if (now() - shownAt < REOPEN_GUARD_MS) return;
      if (snapshot.state === 'chatbox') {
        if (snapshot.optedOut) return;
        sendNow(trigger);
        return;
      }
      if (snapshot.optedOut || (hasMessage() && !messageSeen()) || snapshot.state === 'badge') {
        openChatbox(trigger);
        return;
      }
      sendNow(trigger);
    },
    hoverStart() {
      if (mobile || !visible() || snapshot.state === 'chatbox') return;
      hoverTimers.clearAll();
      hoverTimers.later(() => openChatbox('hover'), HOVER_OPEN_MS);
    },
    hoverEnd() {
      hoverTimers.clearAll();
    },
    linkTrigger(delayMs = 0) {
      timers.later(() => {
        if (snapshot.state === 'off') return;
        if (snapshot.state === 'hidden') show();
        timers.later(() => openChatbox('link'), LINK_CHATBOX_MS);
      }, delayMs);
    },
    close(trigger = 'close') {
      if (snapshot.state !== 'chatbox') return;
      if (options.allow && !options.allow('close', trigger)) return;
      rememberMessage();
      update({ state: 'closed' });
    },
    setOptedOut(optedOut) {
      update({ optedOut });
    },
    textFieldFocus(focused) {
      if (!mobile) return;
      focusTimers.clearAll();
      focusTimers.later(() => {
        if (snapshot.yielding !== focused) update({ yielding: focused });
      }, FIELD_FOCUS_DEBOUNCE_MS);
    },
    send(trigger, override) {
      sendNow(trigger, override);
    },
    views: viewCount,
    seenHashes: hashes,
    destroy() {
      timers.clearAll();
      hoverTimers.clearAll();
      focusTimers.clearAll();
    },
  };
}
