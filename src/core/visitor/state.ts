// The rest of the visitor's history (widget §3, §9), in one Web Storage key: what only the rules that read history
// need (frequency caps, conversions, engagement, the page-visit trigger), so a page view without such a rule never
// opens Web Storage.
import type { EngagementRecord } from '../rules/engagement.ts';
import { MAX_ENGAGEMENT_RECORDS } from './lifetimes.ts';

export { STATE_KEY } from './record.ts';
/** Pop-ups remembered, the most recently active kept. */
export const MAX_REMEMBERED_POPUPS = 200;

export interface PopupHistory {
  views: number;
  lastViewAt: number | null;
  lastClosedAt: number | null;
  convertedAt: number | null;
  /** The display-once flag (about 30 minutes, refreshed while a page is open). */
  onceUntil: number | null;
  viewedTodayUntil: number | null;
}

/** The page-visit trigger's state and the closed flag of one pop-up, for the session named in `SessionState`. */
export interface SessionPopupState {
  visits?: number;
  lastUrl?: string;
  disabled?: boolean;
  closed?: boolean;
}

export interface SessionState {
  id: string;
  popups: Record<string, SessionPopupState>;
}

export interface VisitorState {
  popups: Record<string, PopupHistory>;
  engagement: EngagementRecord[];
  convertedEmail: string;
  session: SessionState | null;
}

export const EMPTY_HISTORY: PopupHistory = {
  views: 0,
  lastViewAt: null,
  lastClosedAt: null,
  convertedAt: null,
  onceUntil: null,
  viewedTodayUntil: null,
};

export function emptyState(): VisitorState {
  return { popups: {}, engagement: [], convertedEmail: '', session: null };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function readPopupHistory(value: unknown): PopupHistory {
  const record = isObject(value) ? value : {};
  return {
    views: numberOrNull(record.views) ?? 0,
    lastViewAt: numberOrNull(record.lastViewAt),
    lastClosedAt: numberOrNull(record.lastClosedAt),
    convertedAt: numberOrNull(record.convertedAt),
    onceUntil: numberOrNull(record.onceUntil),
    viewedTodayUntil: numberOrNull(record.viewedTodayUntil),
  };
}

export function readEngagement(value: unknown): EngagementRecord[] {
  return Array.isArray(value)
    ? (value as EngagementRecord[]).filter((record) => isObject(record) && typeof record.id === 'string')
    : [];
}

/** The stored state; anything unreadable is left out. */
export function parseVisitorState(text: string | null): VisitorState {
  const state = emptyState();
  if (!text) return state;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return state;
  }
  if (!isObject(parsed)) return state;
  if (isObject(parsed.popups))
    for (const [id, history] of Object.entries(parsed.popups))
      if (id !== '__proto__') state.popups[id] = readPopupHistory(history);
  state.engagement = readEngagement(parsed.engagement);
  if (typeof parsed.convertedEmail === 'string') state.convertedEmail = parsed.convertedEmail;
  const session = parsed.session;
  if (isObject(session) && typeof session.id === 'string' && isObject(session.popups)) {
    state.session = { id: session.id, popups: {} };
    for (const [id, popup] of Object.entries(session.popups)) {
      if (id === '__proto__' || !isObject(popup)) continue;
      const entry: SessionPopupState = {};
      const visits = numberOrNull(popup.visits);
      if (visits !== null) entry.visits = visits;
      if (typeof popup.lastUrl === 'string') entry.lastUrl = popup.lastUrl;
      if (popup.disabled === true) entry.disabled = true;
      if (popup.closed === true) entry.closed = true;
      state.session.popups[id] = entry;
    }
  }
  return state;
}

export function serializeVisitorState(state: VisitorState): string {
  const lastActivity = (history: PopupHistory) =>
    Math.max(history.lastViewAt ?? 0, history.lastClosedAt ?? 0, history.convertedAt ?? 0);
  const popups = Object.entries(state.popups)
    .sort(([, a], [, b]) => lastActivity(b) - lastActivity(a))
    .slice(0, MAX_REMEMBERED_POPUPS);
  return JSON.stringify({
    ...state,
    popups: Object.fromEntries(popups),
    engagement: state.engagement.slice(-MAX_ENGAGEMENT_RECORDS),
  });
}
