import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import { watchNavigation } from '../../src/core/decision/navigation.ts';
import { isShopifyStorefront } from '../../src/core/loading/controller-tag.ts';
import { nextTask } from '../../src/core/loading/yield-to-page.ts';
import { type Cleanup, createMachine } from '../../src/core/machine.ts';
import { combine, guard, listenSafely, log } from '../../src/core/safety.ts';
import {
  type ControllerEffect,
  type ControllerEvent,
  type ControllerPhase,
  phaseOf,
  transition,
} from '../../src/core/session/phases.ts';
import { armClickToOpen } from '../../src/core/triggers/click-to-open.ts';
import type { Disarm } from '../../src/core/triggers/types.ts';
import { startVisitorKeepAlive } from '../../src/core/visitor/page-visitor.ts';
import type { SessionExplanation } from '../../src/stores/explain.ts';
import {
  type FirstDisplay,
  fetchStoreCode,
  isEmptyAnswer,
  needsSessionFirst,
  requestFirstDisplay,
} from './first-display.ts';
import type { ControllerSession } from './session.ts';

export interface PoptinWindowApi {
  show(id: string): Promise<boolean>;
  close(id: string): Promise<boolean>;
  reset(): Promise<void>;
  explain(id: string): Promise<SessionExplanation | null>;
  /** Opens the inspector panel (as `?poptin-debug` in the page URL does). */
  inspect(): Promise<void>;
  /** Consent mode: the visitor's answer (true: the widget may store its history; false: it never does on this page). */
  consent(given: boolean): void;
}

/**
 * The headless controller: asks the display server what to show, arms the triggers, runs the queue of
 * modal pop-ups and reports views, closes and conversions (through a persistent lead outbox).
 * Its logic loads as a separate chunk, so the loader stays small. On a Shopify storefront it needs no client-id:
 * it asks the server for the one of its shop.
 *
 * @tag poptin-controller
 * @summary Decides which pop-ups show on this page and reports what visitors do with them.
 *
 * @attr {string} client-id - The site's client id on the display server.
 * @attr {string} api-base - Origin of the display server (defaults to this page's origin).
 * @attr {string} landing - Landing-page mode: the id of the pop-up that is this page's own form, drawn in place at once (also `?ppt-landing=ID` in the page address).
 * @attr {'wix'} store - `wix` on a Wix site (a Shopify storefront is found by itself); its cart feeds the cart triggers and add-to-cart buttons.
 * @attr {string} wix-client-id - The Wix site's OAuth client id, for its visitor's cart.
 * @attr {string} wix-api-host - The Wix API origin, when not the platform's own (a proxy).
 * @attr {string} cart-path - Where add-to-cart buttons that redirect go on a Wix site (default `/cart-page`).
 * @attr {string} product-id - On a Wix product page: the product shown, for recent products and browse abandonment.
 * @attr {string} product-name - Its name.
 * @attr {string} product-category - Its category.
 * @attr {'required'|'granted'|'refused'} consent - `required`: consent mode, nothing stored and nothing identifying sent until the visitor consents (`window.poptin.consent(true)`, a TCF v2.2 CMP, Google consent mode or the store's consent); then holds the answer. See docs/privacy.md.
 * @attr {'send'|'hold'} lead-before-consent - Consent mode: `send` (default) sends a lead typed before consent, kept in memory only; `hold` keeps it in memory until consent, and drops it on refusal.
 *
 * @event poptin-display - The display response arrived. detail: `{display, count}`
 */
export class PoptinController extends HTMLElement {
  // #private, not TypeScript's `private`: the minifier may shorten these names (25 B of the loader's gzip). The effects
  // keep theirs: the machine calls them by the effect's name.
  /** quiet → waking → running → stopped (src/core/session/phases.ts); each phase's effects are cleaned up as it ends. */
  readonly #phases = createMachine<ControllerPhase, ControllerEvent, ControllerEffect>({
    name: 'controller',
    initial: 'stopped',
    transition,
    phaseOf,
    run: (effect) => this[effect](),
  });
  #session: Promise<ControllerSession | null> | null = null;
  /** Settles once the page's first display answer is handled. */
  #started: Promise<void> | null = null;
  /** The loader's display answer, while it still serves the page (a navigation makes the session ask again). */
  #first: FirstDisplay | undefined;
  #disarmClicks: Disarm | null = null;

  /** The `client-id` attribute, as a property. */
  get clientId(): string {
    return this.getAttribute('client-id') ?? '';
  }

  set clientId(value: string) {
    this.setAttribute('client-id', value);
  }

  /** The `api-base` attribute, as a property (this page's origin when unset). */
  get apiBase(): string {
    return this.getAttribute('api-base') || location.origin;
  }

  set apiBase(value: string) {
    this.setAttribute('api-base', value);
  }

  connectedCallback(): void {
    guard('controller start', () => {
      // Set before the loader defined the tag, a value is an own property that hides the setter; the two the
      // controller has are set again through it (the surfaces' general path would cost the loader 90 bytes).
      for (const name of ['clientId', 'apiBase'] as const) {
        if (!Object.hasOwn(this, name)) continue;
        const value = this[name];
        Reflect.deleteProperty(this, name);
        this[name] = value;
      }
      if (this.#phases.snapshot !== 'stopped') return;
      if (!this.clientId && !isShopifyStorefront()) {
        log.warn('<poptin-controller> needs a client-id');
        return;
      }
      this.#phases.send({ type: 'connected', sessionFirst: needsSessionFirst(this) });
      // Armed here, not in the lazy session, so a visitor who clicks before it has loaded is not ignored:
      // the click waits on the session promise and opens the pop-up once the session is ready.
      this.#disarmClicks = combine([
        armClickToOpen({ document, open: (id, element) => this.#openFromClick(id, element) }),
        // A `<poptin-popup kind trigger>` placed by hand, submitted maybe while the session is on its way: its lead
        // goes out through the session, and its form hears how that went.
        listenSafely(document, 'poptin-submit', (event) => {
          const submit = event as CustomEvent<SurfaceEventMap['poptin-submit']>;
          if ((event.target as Element).matches('[kind],[trigger]'))
            submit.detail.respondWith?.(this.#sessionNow().then((session) => session?.sendDeclarativeLead(submit)));
        }),
      ]);
      const api = installWindowApi(this);
      if (new URLSearchParams(location.search).has('poptin-debug')) void api.inspect();
    });
  }

  disconnectedCallback(): void {
    this.#phases.send({ type: 'disconnected' });
    this.#started = null;
    this.#disarmClicks?.();
  }

  /** The page's own work first: reading the visitor's storage and calling the server wait for the next task, so that the loader never holds back the page's load event. */
  private 'ask-display'(): Cleanup {
    let asking = true;
    this.#started = nextTask().then(async () => {
      if (!asking) return;
      const first = await requestFirstDisplay(this.clientId, this.apiBase);
      // Taken off the page meanwhile.
      if (!asking) return;
      this.#first = first;
      this.#phases.send({
        type: 'answered',
        empty: !first.error && isEmptyAnswer(first.answer) && !first.visitor.outboxWaiting,
      });
    });
    return () => {
      asking = false;
    };
  }

  /** The session, until the controller stops. */
  private 'open-session'(): Cleanup {
    const first = this.#first;
    this.#first = undefined;
    if (!first) fetchStoreCode(this);
    const session = import('./session.ts')
      .then(
        ({ ControllerSession }) =>
          new ControllerSession({ clientId: this.clientId, apiBase: this.apiBase, host: this, first }),
      )
      .catch((error: unknown) => {
        log.error('the controller could not start', error);
        return null;
      });
    this.#session = session;
    void session.then(
      (running) => this.#session === session && this.#phases.send({ type: 'loaded', ok: Boolean(running) }),
    );
    return () => {
      void session.then((running) => guard('controller stop', () => running?.stop()));
      this.#session = null;
    };
  }

  /** Nothing to show on this page: the visitor is still remembered and timed, and the page watched for a reason to wake. */
  private 'watch-quietly'(): Cleanup {
    const { visitor, answer } = this.#first as FirstDisplay & { answer: { ip?: unknown; country_code?: unknown } };
    visitor.rememberSite({
      clientId: this.clientId,
      ip: String(answer.ip ?? ''),
      countryCode: String(answer.country_code ?? ''),
    });
    const stopWatching = combine([
      startVisitorKeepAlive(visitor, window),
      // Another page of a single-page app: the session asks the server again.
      watchNavigation(window, () => {
        this.#first = undefined;
        this.#phases.send({ type: 'needed' });
      }),
    ]);
    // A listener that takes the controller off the page (or navigates) at once is heard once this effect is done
    // and its cleanup, the watch's stop, is known: the runtime runs to completion.
    this.dispatchEvent(
      new CustomEvent('poptin-display', { detail: { display: 'allowed', count: 0 }, bubbles: true, composed: true }),
    );
    return stopWatching;
  }

  /** The session, woken now if the page has been quiet (with its first answer, unless the page changed since). */
  async #sessionNow(): Promise<ControllerSession | null> {
    await this.#started;
    this.#phases.send({ type: 'needed' });
    return (await this.#session) ?? null;
  }

  /** Settles once the current display response has been handled. */
  async ready(): Promise<void> {
    await this.#started;
    await (await this.#session)?.ready;
  }

  #openFromClick(id: string, element: Element): void {
    void this.#sessionNow().then((running) => guard('click to open', () => running?.openFromClick(id, element)));
  }

  async show(id: string): Promise<boolean> {
    return (await (await this.#sessionNow())?.show(id)) ?? false;
  }

  async close(id: string): Promise<boolean> {
    return (await this.#sessionNow())?.close(id) ?? false;
  }

  async reset(): Promise<void> {
    await (await this.#sessionNow())?.reset();
  }

  async explain(id: string): Promise<SessionExplanation | null> {
    return (await this.#sessionNow())?.explain(id) ?? null;
  }
}

function installWindowApi(controller: PoptinController): PoptinWindowApi {
  // A call that fails is logged and answered with its fallback (guard turns a rejection into it too).
  const safely = <T>(where: string, action: () => Promise<T>, fallback: T): Promise<T> =>
    guard(where, action, Promise.resolve(fallback)) ?? Promise.resolve(fallback);
  const api: PoptinWindowApi = {
    show: (id) => safely('poptin.show', () => controller.show(id), false),
    close: (id) => safely('poptin.close', () => controller.close(id), false),
    reset: () => safely('poptin.reset', () => controller.reset(), undefined),
    explain: (id) => safely('poptin.explain', () => controller.explain(id), null),
    // A lazy chunk of its own (lit-html included), so the loader does not carry the inspector.
    inspect: () =>
      safely(
        'poptin.inspect',
        () => import('../../src/inspector/inspector.ts').then((inspector) => void inspector.openInspector()),
        undefined,
      ),
    // The session watches the attribute (src/core/consent/page-consent.ts): this works before it has loaded.
    consent: (given) => controller.setAttribute('consent', given ? 'granted' : 'refused'),
  };
  (window as Window & { poptin?: PoptinWindowApi }).poptin = api;
  return api;
}
