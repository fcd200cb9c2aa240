// Fakes for the session's collaborators: a window with a document of its own, a clock, a display server and the
// visitor's storage, so that each collaborator is tested without a page or a network.
import { DisplayApi } from '../../../src/core/api/display-api.ts';
import { MemoryOutboxStore } from '../../../src/core/api/outbox-store.ts';
import { parsePopupConfig } from '../../../src/core/config/parse.ts';
import type { PopupConfig } from '../../../src/core/config/types.ts';
import {
  createShowingRunner,
  SHOWING_EFFECTS,
  type ShowingHandlers,
  type ShowingRunner,
} from '../../../src/core/session/showing.ts';
import { createMemoryStorageSet, createVisitor } from '../../../src/core/visitor/index.ts';
import { createProductMemory } from '../../../src/core/visitor/products.ts';
import type { SessionContext } from '../context.ts';

export const API_BASE = 'https://display.test';
export const POPTIN_ID = 'a1b2c3d4e5f6g';

/** A pop-up config as the display answer gives it. */
export function popupConfig(fields: Record<string, unknown> = {}): PopupConfig {
  return parsePopupConfig({
    poptin_id: POPTIN_ID,
    poptin_type: 'lightbox',
    viewer_id: 'viewer-1',
    poptin: '<p>Hello</p>',
    ...fields,
  });
}

/** A window of its own: events, a document apart from the test page's, and an address that records where it went. */
export function fakeWindow(): Window & { assigned: string[] } {
  const assigned: string[] = [];
  const target = new EventTarget();
  const page = document.implementation.createHTMLDocument('a shop');
  const location = {
    href: 'https://shop.test/products/tea',
    origin: 'https://shop.test',
    search: '',
    assign: (url: string) => assigned.push(url),
  };
  // Timers are the test's own, looked up at each call (sinon's fake timers when a test installs them).
  const timers = {
    setTimeout: (handler: () => void, ms?: number) => setTimeout(handler, ms),
    clearTimeout: (handle?: number) => clearTimeout(handle),
    setInterval: (handler: () => void, ms?: number) => setInterval(handler, ms),
    clearInterval: (handle?: number) => clearInterval(handle),
    requestIdleCallback: (callback: IdleRequestCallback) => requestIdleCallback(callback),
  };
  return Object.assign(target, { document: page, location, assigned, ...timers }) as unknown as Window & {
    assigned: string[];
  };
}

export interface FakeServer {
  fetch: typeof fetch;
  /** Every request: method, path and body (JSON, or form fields as an object). */
  calls: { method: string; path: string; body: Record<string, unknown> }[];
}

type Answer = { status?: number; body: unknown };

/** A display server answering each path (a prefix of it) from `routes`; 404 elsewhere. */
export function fakeServer(
  routes: Record<string, Answer | ((body: Record<string, unknown>) => Answer)> = {},
): FakeServer {
  const calls: FakeServer['calls'] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const raw = init.body;
    const body =
      raw instanceof URLSearchParams
        ? Object.fromEntries(raw)
        : typeof raw === 'string' && raw
          ? (JSON.parse(raw) as Record<string, unknown>)
          : {};
    calls.push({ method: init.method ?? 'GET', path: url.pathname + url.search, body });
    const route = Object.keys(routes).find((path) => url.pathname.startsWith(path));
    if (!route) return new Response('not found', { status: 404 });
    const answer = routes[route]!;
    const { status = 200, body: reply } = typeof answer === 'function' ? answer(body) : answer;
    return new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

/** What the session shares with its collaborators, over a fake window, a fake clock, a fake server and memory storage. */
export function fakeContext(
  options: { server?: FakeServer; host?: HTMLElement; now?: () => number; storesNothing?: boolean } = {},
): SessionContext {
  const now = options.now ?? (() => 1_700_000_000_000);
  const visitor = createVisitor({ stores: createMemoryStorageSet(now), now });
  const win = fakeWindow();
  return {
    api: new DisplayApi(API_BASE, options.server?.fetch ?? fakeServer().fetch),
    host: options.host ?? win.document.createElement('poptin-controller'),
    window: win,
    now,
    clientId: 'client-1',
    page: {
      url: 'https://shop.test/products/tea',
      domain: 'shop.test',
      referrer: '',
      title: 'Tea',
      isMobile: false,
      documentLang: 'en',
    },
    pageFields: null,
    visitor,
    products: createProductMemory(visitor.stores.local),
    storesNothing: options.storesNothing ?? false,
    stopped: false,
  };
}

/** An outbox kept in memory, opened at once. */
export const memoryOutbox = async () => new MemoryOutboxStore();

/** A showing runner whose effects do nothing: the phases and facts of a pop-up, without a page to act on. */
export function quietShowingRunner(): ShowingRunner {
  return createShowingRunner(
    Object.fromEntries(SHOWING_EFFECTS.map((effect) => [effect, () => undefined])) as ShowingHandlers,
  );
}

/** The visitor types in a field of a pop-up's form: inside its shadow root, so the event's path says where. */
export function typeInPopup(target: Window, poptinId = POPTIN_ID): void {
  const host = document.createElement('poptin-popup');
  host.setAttribute('poptin-id', poptinId);
  const form = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('form'));
  const input = form.appendChild(document.createElement('input'));
  const typed = new Event('input');
  Object.defineProperty(typed, 'composedPath', { value: () => [input, form, host.shadowRoot, host] });
  target.dispatchEvent(typed);
}

/**
 * The visitor types in a field of a pop-up placed by hand (`<poptin-popup trigger poptin-id>`): the field is the
 * page's own, slotted, so the event's target is the field itself. Returns the pop-up, for its submit.
 */
export function typeInPlacedPopup(target: Window, poptinId = POPTIN_ID): HTMLElement {
  const host = document.createElement('poptin-popup');
  host.setAttribute('trigger', 'immediate');
  host.setAttribute('poptin-id', poptinId);
  const input = host.appendChild(document.createElement('form')).appendChild(document.createElement('input'));
  const typed = new Event('input');
  Object.defineProperty(typed, 'target', { value: input });
  Object.defineProperty(typed, 'composedPath', { value: () => [input, input.parentNode, host] });
  target.dispatchEvent(typed);
  return host;
}
