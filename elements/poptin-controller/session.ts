// The controller's brain, loaded lazily by <poptin-controller>: display request, decisions, triggers,
// the modal queue, mounting pop-ups, and reporting views, closes and conversions.
import { RESTRICTION_MESSAGES, type ClosedRequest, type DisplayRequest, type ConversionAnswer, type ViewedAnswer, type ViewedRequest } from '../../src/core/api/contract.ts';
import { DisplayApi } from '../../src/core/api/display-api.ts';
import { parseDisplayResponse } from '../../src/core/config/parse.ts';
import { displayRequestOf, storeCodeOf, type FirstDisplay } from './first-display.ts';
import { conversionFields } from '../../src/core/api/conversion.ts';
import { newIdempotencyKey, Outbox, type DeliveryOutcome } from '../../src/core/api/outbox.ts';
import { openOutboxStore, type OutboxEntry, type OutboxKind } from '../../src/core/api/outbox-store.ts';
import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import { createDecisionEnvironment, decide, leftOutDecision, watchNavigation, type Explanation } from '../../src/core/decision/index.ts';
import { guard, log } from '../../src/core/safety.ts';
import { safeLinkUrl } from '../../src/core/safe-url.ts';
import { isHebrewTag } from '../../src/core/i18n/language.ts';
import { listenSafely } from '../../src/core/safety.ts';
import { trustedHtml } from '../../src/core/trusted-html.ts';
import { readPageContext, type PageContext } from '../../src/core/page-context.ts';
import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import type { SurfaceElement } from '../../src/components/shared/surface.ts';
import { createPopupQueue, type PopupQueue } from '../../src/core/queue.ts';
import { selectVariant, type Variant } from '../../src/core/rules/device.ts';
import { createLifecycleRunner, type LifecycleRunner, type PopupLifecycleEvent, type PopupLifecycleState } from '../../src/core/session/popup-lifecycle.ts';
import { armTriggers, embedPlaceholder, type Disarm } from '../../src/core/triggers/index.ts';
import { createPageOnlyStorageSet, createVisitor, startVisitorKeepAlive, type PageViewFields, type Visitor } from '../../src/core/visitor/index.ts';
import type { PageConsent } from '../../src/core/consent/page-consent.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';
import { removalDelayMs } from '../../src/core/popup/timing.ts';
import { limitPopupOf } from '../../src/core/session/usage-limit.ts';
import { readString } from '../../src/core/config/values.ts';
import { elementLoaders } from '../../src/element-loaders.ts';
import { popupLayout } from '../../src/core/popup/layout.ts';
import { yieldToPage } from '../../src/core/loading/yield-to-page.ts';
import type { PrizeConversion } from '../../src/core/games/prizes.ts';
import { createCartEvents, type CartEventHub } from '../../src/core/triggers/cart.ts';
import { cartChanges } from '../../src/core/products/cart-changes.ts';
import { readProducts, readRecommendationSettings, recommendationRequest, type RecommendationModel, type RecommendationSettings } from '../../src/core/products/recommendations.ts';
import { createProductMemory, type ProductMemory } from '../../src/core/visitor/products.ts';
import { EMPTY_CART, type StoreCart, type StoreIntegration, type ViewedProduct } from '../../src/integrations/store.ts';
import { BROWSE_ABANDONMENT_DELAY_MS, shopifyBrowseAbandonmentQuery, wixOrderedProductsRequest } from '../../src/integrations/browse-abandonment.ts';
import type { AddToCartDetail } from '../../src/components/shared/add-to-cart.ts';
import type { AddToCartItem } from '../../src/core/products/add-to-cart.ts';
import { $popups, clearPopups, popupAdded, popupArmed, popupClosed, popupDecided, popupFired, popupShown, popupStateChanged, popupViewRecorded } from '../../src/stores/popups.ts';


type Surfaces = typeof import('../../src/surfaces.ts');
type PopupElement = SurfaceElement<PopupModel>;

/** A pop-up of this page; its state, trigger, close cause and view id are published in `$popups`. */
interface PopupEntry {
  config: PopupConfig;
  lifecycle: LifecycleRunner;
  /** The triggers its decision arms; none for a pop-up opened on demand. */
  planned: string[];
  element: PopupElement | null;
  /** The idempotency key of the current showing's view, once it is recorded (in the outbox). */
  viewKey: string | null;
  /** The server's id of that view, once the server has it: a conversion sends it when known. */
  viewId: string;
  /** Mobile visitors get the mobile design when the pop-up has one (widget §2). */
  variant: Variant;
  /** The pop-up built ahead of its trigger, once asked for. */
  prepared?: Promise<PopupElement | null>;
  /** Why it last closed: a close the controller made itself is forced (its element goes sooner). */
  lastCloseCause?: string;
  /** Its teaser tab, when the pop-up has teasers on. */
  teaser?: HTMLElement;
  /** Opened by the page's `ppt-preview` parameter: shown at once, and nothing about it is recorded. */
  preview?: boolean;
  /** A closed showing's element, still on the page until its removal delay has passed. */
  leaving?: { element: PopupElement; timer: ReturnType<typeof setTimeout> };
  /** What its recommended products were asked for with: built ahead, it is built again if the cart changed since. */
  recommendationKey?: string;
}

export interface SessionOptions {
  clientId: string;
  apiBase: string;
  /** Where the controller element lives, for its events. */
  host: HTMLElement;
  /** The loader's display call of this page, when it made one. */
  first?: FirstDisplay;
}

export interface SessionExplanation extends Partial<Explanation> {
  id: string;
  state: PopupLifecycleState | 'unknown';
  trigger: string;
  closeTrigger: string;
  /** Its leads the server refused, kept in the outbox's dead-letter list on this device (this page's or earlier ones'). */
  refusedLeads: RefusedLead[];
}

/** A lead the server refused, as explain() lists it. */
export interface RefusedLead {
  /** Its idempotency key, as the outbox keeps it. */
  key: string;
  /** The HTTP status of the refusal (0: no answer). */
  status: number;
  reason: string;
  at: number;
}

/**
 * How long the form waits for the server's first answer to a lead before it thanks the visitor anyway: the lead is
 * in the outbox by then and goes on being sent, so only a refusal after this wait goes unsaid (it is still kept).
 */
export const LEAD_ANSWER_WAIT_MS = 4_000;

/** What a submitted form hands to the outbox. */
interface LeadToSend {
  fields: SubmittedField[];
  honeypot: string;
  prize: PrizeConversion | null;
  trigger: string;
  viewId: string;
  coupon: string;
}

/** Closes the controller makes: `window.poptin.close(id)`, and another pop-up launched from this one (widget §4). */
export type CloseCause = 'manual' | 'launch';

/** The close trigger names recorded per pop-up: the x button is `x_click` (widget §4 close mechanics). */
export function closeTriggerOf(source: string): string {
  return source === 'x-button' ? 'x_click' : source;
}

/** Landing-page mode: the controller's `landing` attribute, or `ppt-landing=<poptin id>` in the page address. */
export function landingIdOf(url: string, host: HTMLElement): string {
  const own = host.getAttribute('landing')?.trim();
  if (own) return own;
  try {
    return new URL(url).searchParams.get('ppt-landing')?.trim() ?? '';
  } catch {
    return '';
  }
}

/** Widget §2: the page address carries `ppt-preview=<poptin id>` to preview that pop-up. */
export function previewIdOf(url: string): string {
  try {
    return new URL(url).searchParams.get('ppt-preview')?.trim() ?? '';
  } catch {
    return '';
  }
}

/** The mobile design of a pop-up: `poptin_mobile`, or `mobile_variant.poptin`, for mobile visitors only. */
function mobileTemplate(entry: PopupEntry): string {
  if (entry.variant !== 'mobile') return '';
  const raw = entry.config.raw;
  const nested = raw.mobile_variant && typeof raw.mobile_variant === 'object' ? (raw.mobile_variant as Record<string, unknown>).poptin : undefined;
  return typeof raw.poptin_mobile === 'string' ? raw.poptin_mobile : typeof nested === 'string' ? nested : '';
}

/** A recommendation pop-up without settings shows the store's best ranked products. */
const DEFAULT_RECOMMENDATIONS: RecommendationSettings = { category: 'algorithm_id_1', manualProducts: [], count: 3, buttonsAction: 'add_to_cart' };

/** The product a Wix page says it shows (`product-id`, `product-name`, `product-category` on the controller). */
function productNamedBy(host: HTMLElement): ViewedProduct | null {
  const productId = host.getAttribute('product-id')?.trim();
  if (!productId) return null;
  return { productId, productName: host.getAttribute('product-name')?.trim() ?? '', category: host.getAttribute('product-category')?.trim() ?? '' };
}

/** The store the page is on (`storeCodeOf`), opened with its platform's integration. */
async function openStore(host: HTMLElement): Promise<StoreIntegration | null> {
  const store = storeCodeOf(host);
  if (!store) {
    if (host.getAttribute('store') === 'wix') log.warn('<poptin-controller store="wix"> needs the site\'s wix-client-id');
    return null;
  }
  if (store.platform === 'shopify') return (await store.code).createShopifyIntegration(window);
  const { createWixIntegration } = await store.code;
  const apiHost = host.getAttribute('wix-api-host');
  return createWixIntegration(window, { clientId: store.clientId, apiHost: apiHost ? new URL(apiHost, location.href).href.replace(/\/$/, '') : undefined, viewedProduct: productNamedBy(host), cartPath: host.getAttribute('cart-path') || undefined });
}

/**
 * Performance marks let owners (and `npm run bench`) see how long a fired trigger takes to show. The browser keeps
 * every mark until it is cleared, so each name keeps only its latest: a pop-up shown again and again on a
 * long-lived page would otherwise grow the timeline by two marks a showing. An observer still sees every one.
 */
function mark(name: string): void {
  try {
    performance.clearMarks(name);
    performance.mark(name);
  } catch {
    /* no User Timing here */
  }
}

type ConsentCode = typeof import('../../src/core/consent/consent-mode.ts');

export class ControllerSession {
  readonly api: DisplayApi;
  private visitor: Visitor;
  private readonly queue: PopupQueue;
  private readonly popups = new Map<string, PopupEntry>();
  private readonly cleanups: (() => void)[] = [];
  private outbox: Outbox | null = null;
  /** Views sent through the outbox and not yet answered, by idempotency key. */
  private readonly viewsInFlight = new Map<string, PopupEntry>();
  private outboxReady: Promise<void>;
  private surfaces: Promise<Surfaces> | null = null;
  private page: PageContext;
  private pageFields: PageViewFields | null = null;
  private response: DisplayResponse | null = null;
  private stopped = false;
  /** Each run (page load or SPA navigation) has a number; an answer for an older run is dropped. */
  private generation = 0;
  /** Settles when the current display response has been handled. */
  ready: Promise<void>;
  /** The site's client id: the controller's, or the one of its Shopify shop. */
  private clientId: string;
  private store: StoreIntegration | null = null;
  /** Resolves false when the store's consent said no: nothing starts. */
  private readonly storeStarted: Promise<boolean>;
  private readonly cartEvents: CartEventHub = createCartEvents();
  private cart: StoreCart | null = null;
  private customerId = '';
  private products: ProductMemory;
  private readonly consentWait = new AbortController();
  /** Consent mode (`consent` attribute, docs/privacy.md): its code, a chunk loaded on such pages only; null when off. */
  private consentCode: ConsentCode | null = null;
  private consent: PageConsent | null = null;
  /** False when consent mode could not start: then nothing at all is done on this page. */
  private readonly consentRead: Promise<boolean>;
  /** Consent mode before consent: the visitor lives in memory, the display call is anonymous, reports wait. */
  private storesNothing: boolean;
  /** Views and closes before consent (and leads, with `lead-before-consent="hold"`): sent on consent, dropped on refusal. */
  private heldReports: { url: string; fields: Record<string, string>; kind: OutboxKind }[] = [];

  constructor(private readonly options: SessionOptions) {
    this.api = new DisplayApi(options.apiBase);
    this.clientId = options.clientId;
    this.storesNothing = options.host.hasAttribute('consent');
    this.consentRead = this.watchConsent();
    this.visitor = options.first?.visitor ?? createVisitor(this.storesNothing ? { stores: createPageOnlyStorageSet() } : { window, document });
    this.products = createProductMemory(this.visitor.stores.local);
    this.page = readPageContext();
    this.queue = createPopupQueue((item) => {
      const entry = this.popups.get(item.id);
      if (entry) void this.mount(entry);
    });
    this.cleanups.push(startVisitorKeepAlive(this.visitor, window));
    this.cleanups.push(watchNavigation(window, () => guard('navigation', () => this.reset())));
    this.cleanups.push(listenSafely(window, 'online', () => void this.outbox?.flush({ now: true })));
    this.cleanups.push(listenSafely(window, 'pagehide', () => this.outbox?.flushOnUnload()));
    this.cleanups.push(listenSafely(document, 'poptin-add-to-cart', (event) => this.onAddToCart(event)));
    this.cleanups.push(() => this.consentWait.abort(), () => this.consent?.stop());
    this.storeStarted = this.startStore();
    this.outboxReady = this.openOutbox();
    this.ready = this.run();
  }

  stop(): void {
    this.stopped = true;
    this.removeAll();
    clearPopups();
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
    this.outbox?.dispose();
  }

  /** Single-page apps: remove every pop-up and start again for the new URL. */
  reset(): Promise<void> {
    this.removeAll();
    clearPopups();
    this.ready = this.run();
    return this.ready;
  }

  private async openOutbox(): Promise<void> {
    const store = await openOutboxStore(globalThis, { memoryOnly: this.storesNothing });
    // On consent, what the page's memory outbox still holds moves to the stored one.
    const before = this.outbox;
    before?.dispose();
    for (const entry of (await before?.pending()) ?? []) await store.put(entry);
    this.outbox = new Outbox({ store, onDelivered: (sent, answer) => this.onDelivered(sent, answer) });
    // Leads left by an earlier page (server down, tab closed) go out now.
    void this.outbox.flush({ now: true });
  }

  /** Consent mode: before consent the display call names no visitor and carries no history. */
  private displayRequest(request: DisplayRequest): DisplayRequest {
    return this.storesNothing && this.consentCode ? this.consentCode.anonymousDisplayRequest(request) : request;
  }

  /** Consent mode: what the page already says of consent is read before the first display call. */
  private async watchConsent(): Promise<boolean> {
    if (!this.storesNothing) return true;
    try {
      this.consentCode = await import('../../src/core/consent/consent-mode.ts');
    } catch (error) {
      // Without its code the display call could not be made anonymous: it is not made, and nothing is stored.
      log.error('consent mode could not start', error);
      return false;
    }
    this.consent = this.consentCode.watchPageConsent(this.options.host, window, (given) => this.onConsent(given));
    if (this.consent.answer === 'yes') this.onConsent(true);
    return true;
  }

  /**
   * The visitor answered in consent mode. On a refusal nothing is ever stored and what waited is dropped; on
   * consent the visitor's stored state starts from this page view, what waited is sent, and the page is decided
   * again with the visitor's history unless a pop-up is open.
   */
  private onConsent(given: boolean): void {
    if (!given) this.heldReports = [];
    if (!given || !this.storesNothing || this.stopped) return;
    this.storesNothing = false;
    this.visitor = createVisitor({ window, document });
    this.products = createProductMemory(this.visitor.stores.local);
    this.cleanups.push(startVisitorKeepAlive(this.visitor, window));
    this.outboxReady = this.outboxReady.then(() => this.openOutbox());
    for (const held of this.heldReports.splice(0)) void this.sendReliably(held.url, held.fields, held.kind).catch((error: unknown) => log.warn('report not sent', error));
    // The page view not yet recorded: the first run records it, as the visitor's.
    if (!this.pageFields) return;
    const open = [...this.popups.values()].some((entry) => entry.lifecycle.state === 'queued' || entry.lifecycle.state === 'shown');
    if (open) this.pageFields = this.visitor.recordPageView(this.page.url);
    else void this.reset();
  }

  private async run(): Promise<void> {
    const generation = ++this.generation;
    const superseded = () => this.stopped || generation !== this.generation;
    if (!(await this.storeStarted) || this.stopped) return;
    if (!(await this.consentRead)) return;
    // The session chunk's evaluation, this answer's reading and the pop-ups' decisions each wait on the browser
    // (cookies, Web Storage): apart, none makes a long task.
    await yieldToPage();
    if (superseded()) return;
    if (!this.clientId && !(await this.findClientId())) return;
    // The loader's own display call serves the page's first run.
    const first = generation === 1 ? this.options.first : undefined;
    this.page = first?.page ?? readPageContext();
    const previewId = previewIdOf(this.page.url);
    this.pageFields = first?.pageFields ?? this.visitor.recordPageView(this.page.url);
    const fields = this.pageFields;
    let response: DisplayResponse;
    try {
      if (first?.error) throw first.error;
      response = first
        ? parseDisplayResponse(first.answer)
        : await this.api.display(this.clientId, this.displayRequest(displayRequestOf(this.visitor, this.page, fields, { ...(previewId ? { preview_id: previewId } : {}), ...this.storeFields() })));
    } catch (error) {
      log.warn('display request failed; nothing is shown', error);
      return;
    }
    if (superseded()) return;
    this.response = response;
    response.rejected.forEach(({ index, reason }) => log.warn(`pop-up #${index} of the display response ignored: ${reason}`));
    this.options.host.dispatchEvent(new CustomEvent('poptin-display', { detail: { display: response.display, count: response.poptins.length }, bubbles: true, composed: true }));
    if (response.display === 'not_allowed' || RESTRICTION_MESSAGES.includes(response.message)) {
      log.warn(`display not allowed: ${response.message || 'no reason given'}`);
      return this.showLimitPopup(response);
    }
    this.visitor.rememberClientId(this.clientId);
    this.visitor.rememberLocation({ ip: response.ip, countryCode: response.countryCode });
    if (this.store && !this.cart && response.wixCartDetails) this.applyCart(this.store.cartFromDisplayAnswer?.(response.wixCartDetails) ?? null);
    this.reportWebsiteSession();
    if (previewId) return this.preview(response.poptins.find((config) => config.id === previewId), previewId);
    await yieldToPage();
    if (superseded()) return;
    const environment = createDecisionEnvironment({ window, document, visitor: this.visitor, countryCode: response.countryCode, isMobile: this.page.isMobile, referrer: fields.referrer });
    response.poptins.forEach((config, order) => {
      const decided = decide(config, environment);
      const decision = this.consentCode?.holdUntilConsent(decided, config, this.storesNothing) ?? decided;
      popupDecided(config, decision);
      const entry = this.track(config, decision.variant, decision.triggers);
      entry.lifecycle.send({ type: 'decided', allowed: decision.allowed });
      if (decision.allowed && config.teasersOn) this.addTeaser(entry, order);
    });
    response.leftOut.forEach((popup) => popupDecided(popup, leftOutDecision(popup, environment.now)));
    const landingId = landingIdOf(this.page.url, this.options.host);
    if (landingId) await this.showLanding(landingId, response);
  }

  /**
   * Landing-page mode (widget §2): the landing pop-up is the page's own form, drawn in its place at once (in the
   * page's `<poptin-embed>` for it, or at the top of the page), while the page's other pop-ups run as usual.
   */
  private async showLanding(id: string, response: DisplayResponse): Promise<void> {
    let config: PopupConfig;
    try {
      config = response.poptins.find((poptin) => poptin.id === id) ?? (await this.api.click(id));
    } catch (error) {
      return log.warn(`landing pop-up ${id} could not be fetched`, error);
    }
    this.popups.get(id)?.lifecycle.send({ type: 'reset' });
    if (!embedPlaceholder(document, id)) {
      const place = document.createElement('poptin-embed');
      place.setAttribute('poptin-id', id);
      const main = document.querySelector('main') ?? document.body;
      main.prepend(place);
    }
    const entry = this.track({ ...config, type: 'embedded' }, selectVariant(config, this.page.isMobile), []);
    entry.lifecycle.send({ type: 'decided', allowed: true });
    this.fire(entry, 'landing');
  }

  /** The client's usage limit is reached: its upgrade or remind-me pop-up, and the limitLogs call (failures only logged). */
  private showLimitPopup(response: DisplayResponse): void {
    const limit = limitPopupOf(response.isClientRestriction, response.clientRestrictionSetting);
    if (!limit) return;
    void this.show(limit.poptinId, 'usage_limit');
    this.api.limitLog(this.clientId, limit.status, limit.poptinId).catch((error: unknown) => log.warn('limitLogs call failed', error));
  }

  /** The pop-up's teaser tab (widget §2), which follows its pop-up's phase; a chunk loaded only for pop-ups that have one. */
  private addTeaser(entry: PopupEntry, order: number): void {
    const design = entry.config.designProperties;
    const teaser = document.createElement('poptin-teaser');
    teaser.setAttribute('poptin-id', entry.config.id);
    teaser.setAttribute('kind', entry.config.type);
    teaser.setAttribute('order', String(order));
    teaser.setAttribute('mode', readString(design.teaser_show_mode, 'always'));
    teaser.setAttribute('position', readString(design.teaser_position, 'bottom-right'));
    teaser.setAttribute('label', readString(design.teaser_text) || entry.config.name);
    teaser.setAttribute('phase', 'not-shown');
    entry.teaser = teaser;
    document.body.append(teaser);
    elementLoaders['poptin-teaser']!().catch((error: unknown) => log.warn('the teaser tab could not be loaded', error));
  }

  /** Preview mode (widget §2): the previewed pop-up at once, whatever its rules, and nothing recorded. */
  private preview(config: PopupConfig | undefined, previewId: string): void {
    if (!config) return log.warn(`pop-up ${previewId} to preview is not in the display answer`);
    const entry = this.track(config, selectVariant(config, this.page.isMobile), []);
    entry.preview = true;
    entry.lifecycle.send({ type: 'decided', allowed: true });
    this.fire(entry, 'preview');
  }

  /** A new pop-up of this page, `blocked` until it is decided or opened on demand. */
  private track(config: PopupConfig, variant: Variant, planned: string[]): PopupEntry {
    const entry: PopupEntry = {
      config,
      planned,
      element: null,
      viewKey: null,
      viewId: '',
      variant,
      lifecycle: createLifecycleRunner(
        {
          'arm-triggers': () => this.arm(entry),
          prepare: () => this.prepareAhead(entry),
          enqueue: () => this.enqueue(entry),
          show: () => this.reveal(entry),
          'report-view': () => this.reportView(entry),
          'report-close': () => this.reportClose(entry),
          remove: () => this.removeElement(entry, 0),
          'remove-after-fade': () =>
            this.removeElement(entry, removalDelayMs({ forced: entry.lastCloseCause === 'manual' || entry.lastCloseCause === 'launch', teasers: entry.config.teasersOn })),
          'release-queue': () => this.queue.release(entry.config.id),
        },
        (state, event) => this.publish(entry, state, event),
      ),
    };
    this.popups.set(config.id, entry);
    return entry;
  }

  /** Every state change goes into `$popups`, as long as the entry is still the one of its id on this page. */
  private publish(entry: PopupEntry, state: PopupLifecycleState, event: PopupLifecycleEvent): void {
    const id = entry.config.id;
    if (state === 'shown' || state === 'closed') entry.teaser?.setAttribute('phase', state);
    if (event.type === 'reset') entry.teaser?.remove();
    if (this.popups.get(id) !== entry) return;
    if (event.type === 'reopen') popupAdded(entry.config);
    else if (event.type === 'fire') popupFired(id, event.trigger, Date.now());
    else if (event.type === 'closed') popupClosed(id, event.cause);
    // The view report records when it was seen; a decision was recorded with its rules.
    else if (event.type !== 'visible' && event.type !== 'decided') popupStateChanged(id, state);
  }

  /** The trigger that opened it, as published. */
  private trigger(entry: PopupEntry): string {
    return $popups.get()[entry.config.id]?.trigger ?? '';
  }

  private arm(entry: PopupEntry): Disarm {
    const disarm = armTriggers(entry.config, {
      window,
      document,
      visitor: this.visitor,
      now: Date.now,
      device: this.page.isMobile ? 'mobile' : 'desktop',
      fire: (trigger) => this.fire(entry, trigger),
      cartEvents: this.cartEvents,
    });
    popupArmed(entry.config.id, entry.planned, Date.now());
    return disarm;
  }

  /** Builds it at idle once it is eligible, so its trigger shows it within a frame. */
  private prepareAhead(entry: PopupEntry): void {
    const idle = (window as Window & { requestIdleCallback?: (callback: () => void) => number }).requestIdleCallback;
    // A click-only pop-up may never open: for it only the surfaces chunk is loaded ahead.
    const ahead = entry.planned.length > 0 ? () => void this.prepare(entry) : () => void this.loadSurfaces().catch(() => undefined);
    (idle ?? ((callback: () => void) => setTimeout(callback, 1)))(ahead);
  }

  private fire(entry: PopupEntry, trigger: string): void {
    guard('trigger', () => entry.lifecycle.send({ type: 'fire', trigger }));
  }

  private enqueue(entry: PopupEntry): void {
    mark(`poptin:fired:${entry.config.id}`);
    this.queue.enqueue({ id: entry.config.id, type: entry.config.type });
  }

  private loadSurfaces(): Promise<Surfaces> {
    this.surfaces ??= import('../../src/surfaces.ts');
    return this.surfaces;
  }

  /**
   * Builds the pop-up hidden and puts it in the page: template fetched, sanitised, rendered and its forms
   * bound. Done at idle for eligible pop-ups, so that a fired trigger only has to show it (design §4).
   */
  private prepare(entry: PopupEntry): Promise<PopupElement | null> {
    entry.prepared ??= this.build(entry).then(
      (element) => {
        if (this.stopped || this.popups.get(entry.config.id) !== entry || entry.lifecycle.state === 'closed' || entry.lifecycle.state === 'blocked') return null;
        // An embedded pop-up goes into its <poptin-embed>; a bar that pushes the page down into its own, where the
        // owner reserved its height, else before everything else on the page; the others float over the page.
        const layout = popupLayout(entry.config.type, entry.config.format, entry.config.designProperties.poptin_location);
        const inPage = layout.rendering === 'in-place' || layout.rendering === 'in-flow';
        const placeholder = inPage ? embedPlaceholder(document, entry.config.id) : null;
        if (layout.rendering === 'in-place' && !placeholder) {
          // Built again once its placeholder is on the page and scrolled into view.
          entry.prepared = undefined;
          return null;
        }
        this.removeLeaving(entry);
        entry.element = element;
        if (placeholder) placeholder.append(element);
        else if (layout.rendering === 'in-flow') document.body.prepend(element);
        else document.body.append(element);
        return element;
      },
      (error: unknown) => {
        // Template fetch failures are logged only; the pop-up is not shown (widget §8).
        log.error(`pop-up ${entry.config.id} not shown`, error);
        return null;
      },
    );
    return entry.prepared;
  }

  /**
   * Evaluating the surfaces chunk, sanitising the template and the first render each take a share of the
   * main thread; at 4× CPU slowdown they made one long task together (npm run bench), so the page gets the
   * thread back between them.
   */
  private async build(entry: PopupEntry): Promise<PopupElement> {
    // The template and its products are fetched while the surfaces chunk is on its way, where each used to wait
    // for the one before it (a round trip each on a slow connection).
    const [surfaces, { raw, recommendations }] = await Promise.all([
      this.loadSurfaces(),
      this.templateOf(entry).then(async (raw) => ({
        raw,
        // Widget §8: a pop-up whose products cannot be fetched is not shown.
        recommendations: /<poptin-product-recommendations\b/i.test(raw) ? await this.recommendationsFor(entry) : undefined,
      })),
    ]);
    // The parts of the template most pop-ups do not have are chunks of their own: loaded now, they are live when it shows.
    const parts = surfaces.loadTemplateParts(raw);
    await yieldToPage();
    const element = await surfaces.createSurface('popup');
    await yieldToPage();
    element.setAttribute('poptin-id', entry.config.id);
    element.setAttribute('data-variant', entry.variant);
    const lang = this.response?.lang || this.page.documentLang || 'en';
    if (isHebrewTag(lang)) element.setAttribute('dir', 'rtl');
    const html = surfaces.sanitizeTemplate(raw);
    await parts;
    await yieldToPage();
    element.model.set({
      config: entry.config, html, lang, trigger: this.trigger(entry), apiBase: this.options.apiBase, countryCode: this.response?.countryCode, visible: false, preview: entry.preview,
      storePlatform: this.store?.platform, recommendations,
    });
    element.on('poptin-after-show', () => this.onShown(entry));
    element.on('poptin-submit', ({ fields, honeypot, prize, respondWith }) => respondWith?.(this.onSubmit(entry, fields, honeypot, prize ?? null)));
    element.on('poptin-after-hide', ({ submitted, source }) => this.onClosed(entry, submitted, source ?? ''));
    element.on('poptin-error', () => this.onRenderFailed(entry));
    // Put in the page, and so first rendered, in a task of its own.
    await yieldToPage();
    return element;
  }

  private async templateOf(entry: PopupEntry): Promise<string> {
    return mobileTemplate(entry) || entry.config.html || (entry.config.templateUrl ? await this.api.template(entry.config.templateUrl) : '');
  }

  private async mount(entry: PopupEntry): Promise<void> {
    if (entry.prepared && entry.recommendationKey !== undefined) {
      await entry.prepared;
      // Recommendations follow the cart and recent products: those fetched ahead of the trigger may be stale.
      if (entry.recommendationKey !== this.recommendationKey(entry)) {
        entry.element?.remove();
        entry.element = null;
        entry.prepared = undefined;
      }
    }
    const element = await this.prepare(entry);
    if (this.stopped || entry.lifecycle.state !== 'queued') return;
    entry.lifecycle.send(element?.model.get() ? { type: 'mounted' } : { type: 'failed' });
  }

  /** A new showing: made visible, and its view is recorded anew. */
  private reveal(entry: PopupEntry): void {
    entry.viewKey = null;
    entry.viewId = '';
    const element = entry.element;
    const model = element?.model.get();
    if (element && model) element.model.set({ ...model, trigger: this.trigger(entry), visible: true });
  }

  private onShown(entry: PopupEntry): void {
    entry.lifecycle.send({ type: 'visible' });
  }

  /** The view is recorded once per showing. */
  private reportView(entry: PopupEntry): void {
    if (entry.viewKey) return;
    const id = entry.config.id;
    popupShown(id, Date.now());
    mark(`poptin:shown:${id}`);
    if (entry.preview) return;
    this.visitor.recordView(id, entry.config.type);
    window.dispatchEvent(new CustomEvent('poptinView', { detail: { poptin_id: id } }));
    const key = newIdempotencyKey();
    entry.viewKey = key;
    this.viewsInFlight.set(key, entry);
    const view: ViewedRequest = {
      viewer_id: entry.config.viewerId,
      trigger: this.trigger(entry),
      client_id: this.clientId,
      type: entry.config.type,
      url: this.page.url,
      converted_email: this.visitor.convertedEmail(),
      idempotency_key: key,
      ...this.storeIdentity(),
    };
    this.reportActivity(entry, 'viewed');
    // Through the outbox, as surely as a lead: kept, retried, beaconed as the page goes away, stored once.
    void this.sendReliably(this.api.viewedUrl(id), { ...view }, 'view');
  }

  /** Kept in the outbox, then sent; resolves once kept, with how the first attempt goes (not awaited here). */
  private async sendReliably(url: string, fields: Record<string, string>, kind: OutboxKind): Promise<{ firstAttempt: Promise<DeliveryOutcome> }> {
    if (this.storesNothing && (kind !== 'lead' || this.options.host.getAttribute('lead-before-consent') === 'hold')) {
      // Held in memory until consent (consent mode): on its way, as far as the form can tell.
      this.heldReports.push({ url, fields, kind });
      return { firstAttempt: Promise.resolve('kept') };
    }
    await this.outboxReady;
    if (!this.outbox) throw new Error('outbox unavailable');
    return this.outbox.addAndTry(url, fields, kind);
  }

  private onDelivered(sent: OutboxEntry, answer: unknown): void {
    if (sent.kind === 'close') return;
    if (sent.kind !== 'view') {
      this.onConversionDelivered(answer as ConversionAnswer);
      return;
    }
    const entry = this.viewsInFlight.get(sent.key);
    this.viewsInFlight.delete(sent.key);
    const viewId = (answer as ViewedAnswer | null)?.poptin_view_id;
    if (!entry || entry.viewKey !== sent.key || viewId === undefined) return;
    entry.viewId = String(viewId);
    if (this.popups.get(entry.config.id) === entry) popupViewRecorded(entry.config.id, entry.viewId);
  }

  private onSubmit(entry: PopupEntry, fields: SubmittedField[], honeypot: string, prize: PrizeConversion | null): Promise<LeadOutcome> {
    if (entry.preview) return Promise.resolve({ status: 'sent' });
    // The lead is kept at once, without waiting for the view's id: the visitor may be leaving this instant.
    return this.sendLead(entry.config, { fields, honeypot, prize, trigger: this.trigger(entry), viewId: entry.viewId, coupon: entry.element?.coupon ?? '' });
  }

  /**
   * A `<poptin-popup kind trigger poptin-id>` placed by a page builder posts its form through this controller once it
   * knows the pop-up (the click call gives its viewer id).
   */
  sendDeclarativeLead({ target, detail }: CustomEvent<SurfaceEventMap['poptin-submit']>): Promise<LeadOutcome> {
    const popup = target as HTMLElement;
    const id = popup.getAttribute('poptin-id') ?? '';
    // No pop-up to store it under: the form says what is missing (lead-delivery.ts).
    if (!/^[A-Za-z0-9]{13}$/.test(id)) return Promise.resolve({ status: 'nowhere' });
    return this.api.click(id).then(
      (config) => this.sendLead(config, { ...detail, prize: detail.prize ?? null, trigger: popup.getAttribute('trigger') ?? 'immediate', viewId: '', coupon: '' }),
      (error: unknown): LeadOutcome => {
        log.error(`<poptin-popup poptin-id="${id}">: unknown pop-up, its lead not sent`, error);
        return { status: 'refused', reason: `unknown pop-up ${id}` };
      },
    );
  }

  private sendLead(config: PopupConfig, lead: LeadToSend): Promise<LeadOutcome> {
    return this.deliverLead(config, lead).catch((error: unknown): LeadOutcome => {
      log.error('lead not kept', error);
      return { status: 'refused', reason: String(error) };
    });
  }

  private async deliverLead(config: PopupConfig, lead: LeadToSend): Promise<LeadOutcome> {
    const { fields, honeypot, prize, trigger, viewId } = lead;
    const lastConvertedEmail = this.visitor.convertedEmail();
    const email = fields.find((field) => field.name.toLowerCase() === 'email')?.value.trim();
    const page = this.pageFields;
    const body = conversionFields(config, fields, {
      clientId: this.clientId,
      visitorId: this.visitor.visitorId,
      honeypot,
      sincePageLoadMs: performance.now(),
      url: this.page.url,
      referrer: page?.referrer ?? this.page.referrer,
      previousUrl: page?.previous_url ?? '',
      title: this.page.title,
      isMobile: this.page.isMobile,
      browserLanguage: this.page.browserLanguage,
      operatingSystem: this.page.operatingSystem,
      lastConvertedEmail,
      trigger,
      poptinViewId: viewId,
      originLandingPage: page?.origin_landing_page ?? this.page.url,
      previousVisitedPages: page?.previous_visited_pages ?? '',
      previousVisitedPagesWithCurrent: page?.previous_visited_pages_with_current ?? '',
      previousVisitedPagesWithTimestamps: page?.previous_visited_pages_with_timestamps ?? '',
      allVisitedPages: page?.all_visited_pages ?? '',
      coupon: lead.coupon,
      prize,
      storeIntegration: this.store?.platform,
      storeIntegrationCustomerId: this.customerId,
    });
    const outcome = await this.sendLeadReliably(this.api.conversionUrl(config.viewerId), body);
    if (outcome.status !== 'refused') this.visitor.recordConversion(config.id, config.type, email || undefined);
    return outcome;
  }

  /** Through the outbox; the form hears how the first attempt went, or after LEAD_ANSWER_WAIT_MS that the lead is kept. */
  private async sendLeadReliably(url: string, fields: Record<string, string>): Promise<LeadOutcome> {
    const { firstAttempt } = await this.sendReliably(url, fields, 'lead');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<DeliveryOutcome>((resolve) => (timer = setTimeout(() => resolve('kept'), LEAD_ANSWER_WAIT_MS)));
    const outcome = await Promise.race([firstAttempt, waited]).finally(() => clearTimeout(timer));
    return outcome === 'refused' ? { status: 'refused', reason: 'server' } : { status: outcome === 'delivered' ? 'sent' : 'kept' };
  }


  private onConversionDelivered(answer: ConversionAnswer): void {
    const code = answer?.integration?.conversion_code;
    if (!code) return;
    // The owner's conversion code (pixels, tags) goes into the head, as the original widget does.
    const range = document.createRange();
    range.selectNode(document.head);
    const fragment = range.createContextualFragment(trustedHtml(code) as string);
    // Under a CSP with a nonce, the owner's inline scripts and styles run with the nonce the widget was given.
    const nonce = this.options.host.nonce;
    if (nonce) for (const element of fragment.querySelectorAll<HTMLScriptElement | HTMLStyleElement>('script, style')) element.nonce = nonce;
    document.head.append(fragment);
  }

  private onClosed(entry: PopupEntry, submitted: boolean, source: string): void {
    const cause = closeTriggerOf(source);
    entry.lastCloseCause = cause;
    entry.lifecycle.send({ type: 'closed', cause, submitted });
  }

  private reportClose(entry: PopupEntry): void {
    if (entry.preview) return;
    this.visitor.recordClose(entry.config.id, entry.config.type);
    const close: ClosedRequest = { client_id: this.clientId, url: this.page.url, converted_email: this.visitor.convertedEmail(), idempotency_key: newIdempotencyKey(), ...this.storeIdentity() };
    this.reportActivity(entry, 'closed');
    void this.sendReliably(this.api.closedUrl(entry.config.id), { ...close }, 'close').catch((error: unknown) => log.warn('close not recorded', error));
  }

  private onRenderFailed(entry: PopupEntry): void {
    entry.lifecycle.send({ type: 'failed' });
  }

  /** Its element leaves (after `removeAfterMs`); a later show builds it anew. */
  private removeElement(entry: PopupEntry, removeAfterMs: number): void {
    const element = entry.element;
    entry.element = null;
    entry.prepared = undefined;
    this.removeLeaving(entry);
    if (!element) return;
    if (removeAfterMs <= 0) return element.remove();
    entry.leaving = { element, timer: setTimeout(() => this.removeLeaving(entry), removeAfterMs) };
  }

  /** A closed showing's element goes at once: its delay is over, or the pop-up is built again. */
  private removeLeaving(entry: PopupEntry): void {
    if (!entry.leaving) return;
    clearTimeout(entry.leaving.timer);
    entry.leaving.element.remove();
    entry.leaving = undefined;
  }

  private removeAll(): void {
    for (const entry of this.popups.values()) entry.lifecycle.send({ type: 'reset' });
    this.popups.clear();
    this.queue.clear();
  }

  /**
   * The store the page is on (widget §4): consent first (no start on no, asked again every second while
   * undecided), then the customer, the product this page shows, the cart, and the page's own cart calls.
   */
  private async startStore(): Promise<boolean> {
    let store: StoreIntegration | null;
    try {
      store = await openStore(this.options.host);
    } catch (error) {
      log.warn('the store integration could not start', error);
      return true;
    }
    if (!store) return true;
    const consented = await store.consent(this.consentWait.signal);
    this.consent?.setStoreAnswer(consented ? 'yes' : 'no');
    if (!consented) {
      if (!this.stopped) log.warn('the visitor declined marketing consent: no pop-ups on this store');
      return false;
    }
    if (this.stopped) return false;
    this.store = store;
    this.customerId = await store.customerId().catch(() => '');
    if (this.customerId) this.visitor.rememberSessionAccount(this.customerId);
    const viewed = store.viewedProduct();
    if (viewed) {
      this.products.recordViewed(viewed);
      this.trackBrowsing(store);
    }
    this.applyCart(await store.readCart().catch((error: unknown) => (log.warn('the cart could not be read', error), null)));
    this.cleanups.push(store.observeCart((cart) => guard('cart change', () => this.applyCart(cart))));
    return true;
  }

  /** A Shopify storefront whose loader names no client id: the client of its shop. */
  private async findClientId(): Promise<boolean> {
    const shop = this.store?.platform === 'shopify' ? this.store.shop : '';
    if (!shop) {
      log.warn('<poptin-controller> needs a client-id');
      return false;
    }
    try {
      this.clientId = await this.api.shopifyClientId(shop);
      return true;
    } catch (error) {
      log.warn(`no client id for the shop ${shop}: nothing is shown`, error);
      return false;
    }
  }

  /** A new reading of the cart: what changed goes to the cart triggers (the first reading only sets it). */
  private applyCart(cart: StoreCart | null): void {
    if (!cart) return;
    const before = this.cart;
    this.cart = cart;
    this.products.rememberCart(cart);
    const changes = before ? cartChanges(before, cart) : cartChanges(cart, cart);
    for (const change of changes) this.cartEvents.fireCartEvent(change.kind, { productIds: change.productIds, cart });
  }

  private storeIdentity(): { store_integration?: string; store_integration_customer_id?: string } {
    return this.store ? { store_integration: this.store.platform, store_integration_customer_id: this.customerId } : {};
  }

  /** The display request's store and cart fields (widget §7). */
  private storeFields(): Partial<DisplayRequest> {
    if (!this.store) return {};
    const cart = this.cart ?? EMPTY_CART;
    return {
      ...this.storeIdentity(),
      ...(this.store.shop ? { shop: this.store.shop } : {}),
      store_cart_id: cart.cartId || this.products.storeCartId(),
      cart_total: cart.total,
      cart_item_count: cart.itemCount,
      cart_product_ids: [...new Set(cart.items.map((item) => item.productId))],
      recent_product_ids: this.products.recentProductIds(),
    };
  }

  /** A pop-up's add-to-cart button or recommended product: added on this store, then the cart page when asked. */
  private onAddToCart(event: Event): void {
    const detail = (event as CustomEvent<AddToCartDetail>).detail;
    const store = this.store;
    if (!store || !detail?.item || typeof detail.respondWith !== 'function') return;
    detail.respondWith(this.addToCart(store, detail.item));
  }

  private async addToCart(store: StoreIntegration, item: AddToCartItem): Promise<boolean> {
    const { added, cart } = await store.addToCart(item);
    this.applyCart(cart);
    const cartPage = added && item.redirect ? safeLinkUrl(store.cartUrl()) : null;
    if (cartPage) window.location.assign(cartPage);
    return added;
  }

  /** Browse abandonment (widget §7): 5 s after a product page was seen, for a customer the store knows. */
  private trackBrowsing(store: StoreIntegration): void {
    const timer = setTimeout(() => {
      void guard('browse abandonment', async () => {
        if (this.stopped || !this.clientId) return;
        const products = this.products.browseProducts();
        if (store.platform === 'wix') {
          let body;
          try {
            body = wixOrderedProductsRequest({ clientId: this.clientId, customerId: this.customerId, products });
          } catch (error) {
            return log.warn(`browse abandonment not recorded: ${(error as Error).message}`);
          }
          return this.api.wixSaveOrderedProducts(body).catch((error: unknown) => log.warn('browse abandonment not recorded', error));
        }
        const customer = this.customerId || this.visitor.convertedEmail();
        if (!customer || products.length === 0) return;
        const query = shopifyBrowseAbandonmentQuery({ clientId: this.clientId, customer, products, totalCartValue: this.cart?.total ?? 0 });
        return this.api.shopifyBrowseAbandonment(query).catch((error: unknown) => log.warn('browse abandonment not recorded', error));
      });
    }, BROWSE_ABANDONMENT_DELAY_MS);
    this.cleanups.push(() => clearTimeout(timer));
  }

  /** A converted visitor back on the store: their visit is counted (widget §7 total-website-session). */
  private reportWebsiteSession(): void {
    const email = this.visitor.convertedEmail();
    if (!this.store || !email) return;
    this.api
      .totalWebsiteSession(this.clientId, { email, url: this.page.domain, ...this.storeIdentity() })
      .catch((error: unknown) => log.warn('website session not recorded', error));
  }

  /** What a converted visitor does with pop-ups on the store (widget §7 conversion-activities). */
  private reportActivity(entry: PopupEntry, activity: 'viewed' | 'closed'): void {
    const email = this.visitor.convertedEmail();
    if (!this.store || !email || entry.preview) return;
    this.api
      .conversionActivity(this.clientId, { email, poptin_id: entry.config.id, activity, url: this.page.url, ...this.storeIdentity() })
      .catch((error: unknown) => log.warn(`${activity} activity not recorded`, error));
  }

  private recommendationQuery(entry: PopupEntry) {
    const settings = readRecommendationSettings(entry.config.raw) ?? DEFAULT_RECOMMENDATIONS;
    const platform = this.store?.platform ?? (readString(entry.config.raw.store_platform) === 'wix' ? 'wix' : 'shopify');
    const viewedProductId = this.store?.viewedProduct()?.productId;
    const body = recommendationRequest(settings, {
      recentProductIds: this.products.recentProductIds(),
      cartProductIds: (this.cart?.items ?? []).map((item) => item.productId),
      viewedProductId,
    });
    return { settings, platform, body, viewedProductId };
  }

  private recommendationKey(entry: PopupEntry): string {
    const { platform, body } = this.recommendationQuery(entry);
    return JSON.stringify([platform, body]);
  }

  /** The products of a recommendation pop-up, for this visitor's recent products and cart (widget §3, §7). */
  private async recommendationsFor(entry: PopupEntry): Promise<RecommendationModel> {
    const { settings, platform, body, viewedProductId } = this.recommendationQuery(entry);
    entry.recommendationKey = JSON.stringify([platform, body]);
    const answer = await this.api.productRecommendations(platform, entry.config.id, body);
    const products = readProducts(answer.data.products, { currency: answer.currency, count: settings.count, leaveOut: viewedProductId ? [viewedProductId] : [] });
    if (products.length === 0) throw new Error(`Failed to fetch ${platform} product recommendation data: no products to recommend`);
    return { platform, products, buttonsAction: settings.buttonsAction, storeRoot: this.store?.root ?? '/' };
  }

  /**
   * Opens a pop-up on demand: one of this page's answer, or one fetched by the click call (widget §7). With
   * `askWithPageView` (a click-to-open link of the page) the click-display call asks with this page view's facts,
   * and the server's rules for that pop-up decide.
   */
  async show(id: string, trigger = 'manual', askWithPageView = false): Promise<boolean> {
    await this.ready;
    let entry = this.popups.get(id);
    if (!entry || entry.lifecycle.state === 'blocked') {
      try {
        const config = entry?.config ?? (askWithPageView ? await this.askForClicked(id) : await this.api.click(id));
        if (!config) return false;
        entry = this.track(config, selectVariant(config, this.page.isMobile), []);
      } catch (error) {
        log.warn(`pop-up ${id} could not be fetched`, error);
        return false;
      }
    }
    if (entry.lifecycle.state === 'shown' || entry.lifecycle.state === 'queued') return true;
    entry.lifecycle.send({ type: 'reopen' });
    this.fire(entry, trigger);
    return true;
  }

  /** The click-display call for a pop-up not in this page's answer; null, with the reason in explain() and the console, when it may not show. */
  private async askForClicked(id: string): Promise<PopupConfig | null> {
    const fields = this.pageFields ?? this.visitor.recordPageView(this.page.url);
    const request = { ...displayRequestOf(this.visitor, this.page, fields, this.storeFields()), triggers: ['click'], client_id: this.clientId, poptin_display: id };
    const { clickDisplay, notShownReason } = await import('../../src/core/api/click-display.ts');
    const answer = await clickDisplay(this.api, id, request);
    if ('config' in answer) return answer.config;
    if (answer.leftOut) popupDecided(answer.leftOut, leftOutDecision(answer.leftOut, Date.now()));
    log.warn(notShownReason(id, answer));
    return null;
  }

  /** A click-display link or button; one inside a pop-up launches the other and closes its own (widget §4). */
  openFromClick(id: string, element: Element): void {
    const root = element.getRootNode();
    const launcher = root instanceof ShadowRoot ? root.host.getAttribute('poptin-id') : null;
    if (launcher && launcher !== id) this.close(launcher, 'launch');
    // A pop-up launching another is the owner's own redirect (widget §7 GET click); a link of the page asks with its facts.
    void this.show(id, 'click', !launcher);
  }

  close(id: string, cause: CloseCause = 'manual'): boolean {
    const entry = this.popups.get(id);
    if (entry?.lifecycle.state !== 'shown') return false;
    if (!entry.element) return false;
    // The close is cancelable by the page (poptin-request-close, with this cause as its source).
    return entry.element.requestClose(cause);
  }

  /** Why a pop-up did or did not show, once the current answer is read (with the pop-ups the server left out). */
  async explain(id: string): Promise<SessionExplanation> {
    await this.ready;
    const refusedLeads = ((await this.outbox?.deadLetters().catch(() => [])) ?? [])
      .filter((entry) => entry.refused && entry.fields.poptin_id === id)
      .map((entry): RefusedLead => ({ key: entry.key, ...entry.refused! }));
    const record = $popups.get()[id];
    if (!record) return { id, state: 'unknown', trigger: '', closeTrigger: '', refusedLeads };
    return { ...structuredClone(record.explanation), id, state: record.state, trigger: record.trigger, closeTrigger: record.closeCause, refusedLeads };
  }
}
