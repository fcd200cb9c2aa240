// The controller's brain, loaded lazily by <poptin-controller>: display request, decisions, triggers,
// the modal queue, mounting pop-ups, and reporting views, closes and conversions.
import { DisplayApi, type ConversionAnswer } from '../../src/core/api/display-api.ts';
import { conversionFields } from '../../src/core/api/conversion.ts';
import { Outbox } from '../../src/core/api/outbox.ts';
import { openOutboxStore } from '../../src/core/api/outbox-store.ts';
import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import { createDecisionEnvironment, createExplanationLog, decide, watchNavigation, type Explanation } from '../../src/core/decision/index.ts';
import { guard, log } from '../../src/core/safety.ts';
import { isHebrewTag } from '../../src/core/i18n/language.ts';
import { listenSafely } from '../../src/core/safety.ts';
import { trustedHtml } from '../../src/core/trusted-html.ts';
import { readPageContext, type PageContext } from '../../src/core/page-context.ts';
import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import { createPopupQueue, type PopupQueue } from '../../src/core/queue.ts';
import { selectVariant, type Variant } from '../../src/core/rules/device.ts';
import { armTriggers, type Disarm } from '../../src/core/triggers/index.ts';
import { createVisitor, startVisitorKeepAlive, type PageViewFields, type Visitor } from '../../src/core/visitor/index.ts';
import type { PopupHost } from '../../src/stores/popup-model.ts';

/** Restriction messages of widget §8: the answer shows nothing. */
export const RESTRICTION_MESSAGES = ['Client restricted', 'You have been reached the max poptins views number'];
/** A closed pop-up leaves the page this long after its fade (widget §4: 0.2 s when forced). */
export const REMOVE_AFTER_CLOSE_MS = 200;

type Surfaces = typeof import('../../src/surfaces.ts');

interface PopupEntry {
  config: PopupConfig;
  element: PopupHost | null;
  trigger: string;
  /** Why it last closed (widget §3 runtime state `close_trigger`); empty until it has. */
  closeTrigger: string;
  /** Set by the controller just before it closes the pop-up itself, so the close is not taken for the visitor's. */
  closingFor?: CloseCause;
  viewId: Promise<string> | null;
  disarm: Disarm;
  state: 'blocked' | 'armed' | 'queued' | 'shown' | 'closed';
  /** Mobile visitors get the mobile design when the pop-up has one (widget §2). */
  variant: Variant;
  /** The pop-up built ahead of its trigger, once asked for. */
  prepared?: Promise<PopupHost | null>;
}

export interface SessionOptions {
  clientId: string;
  apiBase: string;
  /** Where the controller element lives, for its events. */
  host: HTMLElement;
}

export interface SessionExplanation extends Partial<Explanation> {
  id: string;
  state: PopupEntry['state'] | 'unknown';
  trigger: string;
  closeTrigger: string;
}

/** Closes the controller makes: `window.poptin.close(id)`, and another pop-up launched from this one (widget §4). */
export type CloseCause = 'manual' | 'launch';

/** The close trigger names recorded per pop-up: the x button is `x_click` (widget §4 close mechanics). */
export function closeTriggerOf(source: string, controllerCause?: CloseCause): string {
  if (controllerCause) return controllerCause;
  return source === 'x-button' ? 'x_click' : source;
}

/** The mobile design of a pop-up: `poptin_mobile`, or `mobile_variant.poptin`, for mobile visitors only. */
function mobileTemplate(entry: PopupEntry): string {
  if (entry.variant !== 'mobile') return '';
  const raw = entry.config.raw;
  const nested = raw.mobile_variant && typeof raw.mobile_variant === 'object' ? (raw.mobile_variant as Record<string, unknown>).poptin : undefined;
  return typeof raw.poptin_mobile === 'string' ? raw.poptin_mobile : typeof nested === 'string' ? nested : '';
}

function newEntry(config: PopupConfig, state: PopupEntry['state'], variant: Variant): PopupEntry {
  return { config, element: null, trigger: '', closeTrigger: '', viewId: null, disarm: () => undefined, state, variant };
}

/** The coupon a converting visitor was given: design_properties.coupon, else a `[data-poptin-coupon]` of the template. */
function couponOf(entry: PopupEntry): string {
  const configured = entry.config.designProperties.coupon;
  const code = configured && typeof configured === 'object' ? (configured as Record<string, unknown>).code : configured;
  if (typeof code === 'string' && code.trim()) return code.trim();
  const element = entry.element?.shadowRoot?.querySelector<HTMLElement>('[data-poptin-coupon]');
  return (element?.dataset.poptinCoupon || element?.textContent || '').trim();
}

/** Performance marks let owners (and `npm run bench`) see how long a fired trigger takes to show. */
function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    /* no User Timing here */
  }
}

export class ControllerSession {
  readonly api: DisplayApi;
  private readonly visitor: Visitor;
  private readonly explanations = createExplanationLog();
  private readonly queue: PopupQueue;
  private readonly popups = new Map<string, PopupEntry>();
  private readonly cleanups: (() => void)[] = [];
  private outbox: Outbox | null = null;
  private readonly outboxReady: Promise<void>;
  private surfaces: Promise<Surfaces> | null = null;
  private page: PageContext;
  private pageFields: PageViewFields | null = null;
  private response: DisplayResponse | null = null;
  private stopped = false;
  /** Each run (page load or SPA navigation) has a number; an answer for an older run is dropped. */
  private generation = 0;
  /** Settles when the current display response has been handled. */
  ready: Promise<void>;

  constructor(private readonly options: SessionOptions) {
    this.api = new DisplayApi(options.apiBase);
    this.visitor = createVisitor({ window, document });
    this.page = readPageContext();
    this.queue = createPopupQueue((item) => {
      const entry = this.popups.get(item.id);
      if (entry) void this.mount(entry);
    });
    this.cleanups.push(startVisitorKeepAlive(this.visitor, window));
    this.cleanups.push(watchNavigation(window, () => guard('navigation', () => this.reset())));
    this.cleanups.push(listenSafely(window, 'online', () => void this.outbox?.flush({ now: true })));
    this.cleanups.push(listenSafely(window, 'pagehide', () => this.outbox?.flushOnUnload()));
    this.outboxReady = this.openOutbox();
    this.ready = this.run();
  }

  stop(): void {
    this.stopped = true;
    this.removeAll();
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
    this.outbox?.dispose();
  }

  /** Single-page apps: remove every pop-up and start again for the new URL. */
  reset(): Promise<void> {
    this.removeAll();
    this.explanations.clear();
    this.ready = this.run();
    return this.ready;
  }

  private async openOutbox(): Promise<void> {
    const store = await openOutboxStore();
    this.outbox = new Outbox({ store, onDelivered: (_entry, answer) => this.onConversionDelivered(answer as ConversionAnswer) });
    // Leads left by an earlier page (server down, tab closed) go out now.
    void this.outbox.flush({ now: true });
  }

  private async run(): Promise<void> {
    const generation = ++this.generation;
    this.page = readPageContext();
    this.pageFields = this.visitor.recordPageView(this.page.url);
    const fields = this.pageFields;
    let response: DisplayResponse;
    try {
      response = await this.api.display(this.options.clientId, {
        domain: this.page.domain,
        referrer: fields.referrer,
        previous_url: fields.previous_url,
        cookies: this.visitor.cookies(),
        if_mobile: this.page.isMobile,
        page_title: this.page.title,
        origin_landing_page: fields.origin_landing_page,
        if_page_refreshed: fields.if_page_refreshed,
        poptin_viewed_url: this.page.url,
        previous_visited_pages: fields.previous_visited_pages,
        all_visited_pages: fields.all_visited_pages,
        visitor_id: this.visitor.visitorId,
        converted_email: fields.converted_email,
        lang: this.page.documentLang,
      });
    } catch (error) {
      log.warn('display request failed; nothing is shown', error);
      return;
    }
    if (this.stopped || generation !== this.generation) return;
    this.response = response;
    response.rejected.forEach(({ index, reason }) => log.warn(`pop-up #${index} of the display response ignored: ${reason}`));
    this.options.host.dispatchEvent(new CustomEvent('poptin-display', { detail: { display: response.display, count: response.poptins.length }, bubbles: true, composed: true }));
    if (response.display === 'not_allowed' || RESTRICTION_MESSAGES.includes(response.message)) {
      log.warn(`display not allowed: ${response.message || 'no reason given'}`);
      return;
    }
    this.visitor.rememberClientId(this.options.clientId);
    this.visitor.rememberLocation({ ip: response.ip, countryCode: response.countryCode });
    const environment = createDecisionEnvironment({ window, document, visitor: this.visitor, countryCode: response.countryCode, isMobile: this.page.isMobile, referrer: fields.referrer });
    for (const config of response.poptins) {
      const decision = decide(config, environment);
      this.explanations.decided(decision);
      const entry = newEntry(config, decision.allowed ? 'armed' : 'blocked', decision.variant);
      this.popups.set(config.id, entry);
      if (decision.allowed) this.arm(entry, decision.triggers);
    }
  }

  private arm(entry: PopupEntry, planned: string[]): void {
    entry.disarm = armTriggers(entry.config, {
      window,
      document,
      visitor: this.visitor,
      now: Date.now,
      device: this.page.isMobile ? 'mobile' : 'desktop',
      fire: (trigger) => this.fire(entry.config.id, trigger),
    });
    this.explanations.armed(entry.config.id, planned, Date.now());
    // Build it at idle once it is eligible, so its trigger shows it within a frame.
    const idle = (window as Window & { requestIdleCallback?: (callback: () => void) => number }).requestIdleCallback;
    // A click-only pop-up may never open: for it only the surfaces chunk is loaded ahead.
    const ahead = planned.length > 0 ? () => void this.prepare(entry) : () => void this.loadSurfaces().catch(() => undefined);
    (idle ?? ((callback: () => void) => setTimeout(callback, 1)))(ahead);
  }

  private fire(id: string, trigger: string): void {
    guard('trigger', () => {
      const entry = this.popups.get(id);
      if (!entry || entry.state !== 'armed') return;
      entry.disarm();
      entry.trigger = trigger;
      entry.state = 'queued';
      this.explanations.fired(id, trigger, Date.now());
      mark(`poptin:fired:${id}`);
      this.queue.enqueue({ id, type: entry.config.type });
    });
  }

  private loadSurfaces(): Promise<Surfaces> {
    this.surfaces ??= import('../../src/surfaces.ts');
    return this.surfaces;
  }

  /**
   * Builds the pop-up hidden and puts it in the page: template fetched, sanitised, rendered and its forms
   * bound. Done at idle for eligible pop-ups, so that a fired trigger only has to show it (design §4).
   */
  private prepare(entry: PopupEntry): Promise<PopupHost | null> {
    entry.prepared ??= this.build(entry).then(
      (element) => {
        if (this.stopped || this.popups.get(entry.config.id) !== entry || entry.state === 'closed' || entry.state === 'blocked') return null;
        entry.element = element;
        document.body.append(element);
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

  private async build(entry: PopupEntry): Promise<PopupHost> {
    const surfaces = await this.loadSurfaces();
    const raw = mobileTemplate(entry) || entry.config.html || (entry.config.templateUrl ? await this.api.template(entry.config.templateUrl) : '');
    const element = document.createElement('poptin-popup') as PopupHost;
    element.setAttribute('poptin-id', entry.config.id);
    element.setAttribute('data-variant', entry.variant);
    const lang = this.response?.lang || this.page.documentLang || 'en';
    if (isHebrewTag(lang)) element.setAttribute('dir', 'rtl');
    const html = surfaces.sanitizeTemplate(raw);
    element.model.set({ config: entry.config, html, lang, trigger: entry.trigger, apiBase: this.options.apiBase, countryCode: this.response?.countryCode, visible: false });
    element.addEventListener('poptin-after-show', () => this.onShown(entry));
    element.addEventListener('poptin-submit', (event) => this.onSubmit(entry, (event as CustomEvent<{ fields: SubmittedField[] }>).detail.fields));
    element.addEventListener('poptin-after-hide', (event) => {
      const { submitted, source } = (event as CustomEvent<{ submitted: boolean; source: string }>).detail;
      this.onClosed(entry, submitted, source);
    });
    element.addEventListener('poptin-error', () => this.onRenderFailed(entry));
    return element;
  }

  private async mount(entry: PopupEntry): Promise<void> {
    const element = await this.prepare(entry);
    if (this.stopped || entry.state !== 'queued') return;
    const model = element?.model.get();
    if (!element || !model) {
      this.retire(entry, 0);
      return;
    }
    entry.state = 'shown';
    element.model.set({ ...model, trigger: entry.trigger, visible: true });
  }

  private onShown(entry: PopupEntry): void {
    if (entry.viewId) return;
    this.explanations.shown(entry.config.id, Date.now());
    mark(`poptin:shown:${entry.config.id}`);
    this.visitor.recordView(entry.config.id, entry.config.type);
    window.dispatchEvent(new CustomEvent('poptinView', { detail: { poptin_id: entry.config.id } }));
    entry.viewId = this.api
      .viewed(entry.config.id, {
        viewer_id: entry.config.viewerId,
        trigger: entry.trigger,
        client_id: this.options.clientId,
        type: entry.config.type,
        url: this.page.url,
        converted_email: this.visitor.convertedEmail(),
      })
      .catch((error: unknown) => {
        log.warn('view not recorded', error);
        return '';
      });
  }

  private onSubmit(entry: PopupEntry, fields: SubmittedField[]): void {
    void guard('conversion', async () => {
      const lastConvertedEmail = this.visitor.convertedEmail();
      const email = fields.find((field) => field.name.toLowerCase() === 'email')?.value.trim();
      this.visitor.recordConversion(entry.config.id, entry.config.type, email || undefined);
      const [viewId] = await Promise.all([entry.viewId ?? Promise.resolve(''), this.outboxReady]);
      const page = this.pageFields;
      const body = conversionFields(entry.config, fields, {
        clientId: this.options.clientId,
        url: this.page.url,
        referrer: page?.referrer ?? this.page.referrer,
        previousUrl: page?.previous_url ?? '',
        title: this.page.title,
        isMobile: this.page.isMobile,
        browserLanguage: this.page.browserLanguage,
        operatingSystem: this.page.operatingSystem,
        lastConvertedEmail,
        trigger: entry.trigger,
        poptinViewId: viewId,
        originLandingPage: page?.origin_landing_page ?? this.page.url,
        previousVisitedPages: page?.previous_visited_pages ?? '',
        previousVisitedPagesWithCurrent: page?.previous_visited_pages_with_current ?? '',
        previousVisitedPagesWithTimestamps: page?.previous_visited_pages_with_timestamps ?? '',
        allVisitedPages: page?.all_visited_pages ?? '',
        coupon: couponOf(entry),
      });
      if (!this.outbox) throw new Error('lead outbox unavailable');
      await this.outbox.add(this.api.conversionUrl(entry.config.viewerId), body);
    });
  }

  private onConversionDelivered(answer: ConversionAnswer): void {
    const code = answer?.integration?.conversion_code;
    if (!code) return;
    // The owner's conversion code (pixels, tags) goes into the head, as the original widget does.
    const range = document.createRange();
    range.selectNode(document.head);
    document.head.append(range.createContextualFragment(trustedHtml(code) as string));
  }

  private onClosed(entry: PopupEntry, submitted: boolean, source: string): void {
    if (entry.state === 'closed') return;
    entry.state = 'closed';
    entry.closeTrigger = closeTriggerOf(source, entry.closingFor);
    entry.closingFor = undefined;
    if (!submitted) {
      this.visitor.recordClose(entry.config.id, entry.config.type);
      this.api.closed(entry.config.id, { client_id: this.options.clientId, url: this.page.url, converted_email: this.visitor.convertedEmail() }).catch((error: unknown) => log.warn('close not recorded', error));
    }
    this.retire(entry, REMOVE_AFTER_CLOSE_MS);
  }

  private onRenderFailed(entry: PopupEntry): void {
    this.retire(entry, 0);
  }

  /** The pop-up is done with: its element leaves (after `removeAfterMs`), a later show builds it anew, the queue moves on. */
  private retire(entry: PopupEntry, removeAfterMs: number): void {
    entry.state = 'closed';
    const element = entry.element;
    entry.element = null;
    entry.prepared = undefined;
    if (removeAfterMs > 0) setTimeout(() => element?.remove(), removeAfterMs);
    else element?.remove();
    this.queue.release(entry.config.id);
  }

  private removeAll(): void {
    for (const entry of this.popups.values()) {
      entry.disarm();
      entry.element?.remove();
    }
    this.popups.clear();
    this.queue.clear();
  }

  /** Opens a pop-up on demand: one of this page's answer, or one fetched by the click call (widget §7). */
  async show(id: string, trigger = 'manual'): Promise<boolean> {
    await this.ready;
    let entry = this.popups.get(id);
    if (!entry || entry.state === 'blocked') {
      try {
        const config = entry?.config ?? (await this.api.click(id));
        entry = newEntry(config, 'armed', selectVariant(config, this.page.isMobile));
        this.popups.set(id, entry);
      } catch (error) {
        log.warn(`pop-up ${id} could not be fetched`, error);
        return false;
      }
    }
    if (entry.state === 'shown' || entry.state === 'queued') return true;
    entry.state = 'armed';
    entry.viewId = null;
    this.fire(id, trigger);
    return true;
  }

  /** A click-display link or button; one inside a pop-up launches the other and closes its own (widget §4). */
  openFromClick(id: string, element: Element): void {
    const root = element.getRootNode();
    const launcher = root instanceof ShadowRoot ? root.host.getAttribute('poptin-id') : null;
    if (launcher && launcher !== id) this.close(launcher, 'launch');
    void this.show(id, 'click');
  }

  close(id: string, cause: CloseCause = 'manual'): boolean {
    const entry = this.popups.get(id);
    if (entry?.state !== 'shown') return false;
    const element = entry.element;
    const button = element?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="close-button"]');
    if (!element || !button) return false;
    // The close is cancelable by the page (poptin-request-close); a refused one leaves no cause behind.
    let request: Event | null = null;
    const seeRequest = (event: Event) => (request = event);
    element.addEventListener('poptin-request-close', seeRequest);
    entry.closingFor = cause;
    button.click();
    element.removeEventListener('poptin-request-close', seeRequest);
    const allowed = request !== null && !(request as Event).defaultPrevented;
    if (!allowed) entry.closingFor = undefined;
    return allowed;
  }

  explain(id: string): SessionExplanation {
    const entry = this.popups.get(id);
    return { ...(this.explanations.explain(id) ?? {}), id, state: entry?.state ?? 'unknown', trigger: entry?.trigger ?? '', closeTrigger: entry?.closeTrigger ?? '' };
  }
}
