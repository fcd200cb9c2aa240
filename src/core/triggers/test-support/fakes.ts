// Fakes shared by the trigger, rule and decision tests: a window and document that only carry what the
// modules read, with timers delegated to the global ones (so sinon's fake timers drive them).
import { parsePopupConfig } from '../../config/parse.ts';
import type { PopupConfig } from '../../config/types.ts';
import type { TriggerContext, TriggerName, TriggerVisitor } from '../types.ts';

export const TEST_POPTIN_ID = 'a1b2c3d4e5f6g';

export function testConfig(raw: Record<string, unknown> = {}): PopupConfig {
  return parsePopupConfig({ poptin_id: TEST_POPTIN_ID, poptin_type: 'lightbox', ...raw });
}

export interface FakeHistory {
  state: unknown;
  entries: { state: unknown; url: string }[];
  pushState(state: unknown, unused: string, url?: string | URL | null): void;
  replaceState(state: unknown, unused: string, url?: string | URL | null): void;
}

export type FakeWindow = EventTarget & {
  scrollY: number;
  innerHeight: number;
  location: { href: string; protocol: string };
  history: FakeHistory;
  coarsePointer: boolean;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
};

export function fakeWindow(
  overrides: Partial<Pick<FakeWindow, 'scrollY' | 'innerHeight' | 'coarsePointer' | 'fetch'>> & { href?: string } = {},
): FakeWindow {
  const target = new EventTarget() as FakeWindow;
  const location = { href: overrides.href ?? 'https://shop.example/', protocol: 'https:' };
  const history: FakeHistory = {
    state: null,
    entries: [{ state: null, url: location.href }],
    pushState(state, _unused, url) {
      if (url) location.href = new URL(String(url), location.href).href;
      history.state = state;
      history.entries.push({ state, url: location.href });
    },
    replaceState(state, _unused, url) {
      if (url) location.href = new URL(String(url), location.href).href;
      history.state = state;
      history.entries[history.entries.length - 1] = { state, url: location.href };
    },
  };
  return Object.assign(target, {
    scrollY: overrides.scrollY ?? 0,
    innerHeight: overrides.innerHeight ?? 800,
    coarsePointer: overrides.coarsePointer ?? false,
    location,
    history,
    fetch: overrides.fetch ?? (() => Promise.resolve(new Response(''))),
    setTimeout: (handler: () => void, ms?: number) => globalThis.setTimeout(handler, ms),
    clearTimeout: (handle?: number) => globalThis.clearTimeout(handle),
    setInterval: (handler: () => void, ms?: number) => globalThis.setInterval(handler, ms),
    clearInterval: (handle?: number) => globalThis.clearInterval(handle),
    matchMedia(query: string) {
      return { matches: query.includes('coarse') ? target.coarsePointer : false } as MediaQueryList;
    },
  });
}

export type FakeDocument = EventTarget & { documentElement: { scrollHeight: number; clientWidth: number }; body: null };

export function fakeDocument(scrollHeight = 3000, clientWidth = 1200): FakeDocument {
  return Object.assign(new EventTarget(), { documentElement: { scrollHeight, clientWidth }, body: null });
}

export function fakeTriggerVisitor(overrides: Partial<TriggerVisitor> = {}): TriggerVisitor {
  return {
    timeOnSiteMs: () => 0,
    countPageVisit: () => 1,
    pageVisitTriggerDisabled: () => false,
    disablePageVisitTrigger: () => {},
    canCountVisits: () => true,
    ...overrides,
  };
}

/** A trigger context over fakes; `fired` collects the names passed to fire. */
export function triggerContext(
  options: Partial<Omit<TriggerContext, 'window' | 'document'>> & { window?: EventTarget; document?: EventTarget } = {},
): TriggerContext & { fired: TriggerName[] } {
  const fired: TriggerName[] = [];
  return {
    config: testConfig(),
    visitor: fakeTriggerVisitor(),
    now: () => Date.now(),
    device: 'desktop',
    ...options,
    window: (options.window ?? fakeWindow()) as unknown as Window,
    document: (options.document ?? fakeDocument()) as unknown as Document,
    fire: (name) => {
      fired.push(name);
      options.fire?.(name);
    },
    fired,
  };
}
