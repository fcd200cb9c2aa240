import { DisplayApi, type ConversionAnswer } from '../../src/core/api/display-api.ts';
import { conversionFields } from '../../src/core/api/conversion.ts';
import type { Outbox } from '../../src/core/api/outbox.ts';
import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import { MODAL_TYPES } from '../../src/core/config/types.ts';
import { guard, log } from '../../src/core/log.ts';
import { readPageContext, type PageContext } from '../../src/core/page-context.ts';
import type { CollectedField } from '../../src/core/popup/template.ts';
import type { PopupHost } from '../../src/stores/popup-model.ts';

/** Restriction messages of widget §8: the answer shows nothing. */
export const RESTRICTION_MESSAGES = ['Client restricted', 'You have been reached the max poptins views number'];
export const LAST_CONVERTED_EMAIL_KEY = 'poptin_last_converted_email';
/** A closed pop-up leaves the page this long after its fade (widget §4: 0.2 s when forced). */
export const REMOVE_AFTER_CLOSE_MS = 200;

type Surfaces = typeof import('../../src/surfaces.ts');

interface ActivePopup {
  config: PopupConfig;
  element: PopupHost | null;
  trigger: string;
  viewId: Promise<string> | null;
  disarm: () => void;
  state: 'armed' | 'waiting' | 'shown' | 'closed';
  reason: string;
}

export interface PoptinWindowApi {
  show(id: string): Promise<boolean>;
  close(id: string): boolean;
  reset(): void;
  explain(id: string): unknown;
}

function readLocal(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    log.warn('No Web Storage support');
  }
}

/**
 * The headless controller: asks the display server what to show, arms the triggers, runs the queue of
 * modal pop-ups and reports views, closes and conversions (through a persistent lead outbox).
 *
 * @tag poptin-controller
 * @summary Decides which pop-ups show on this page and reports what visitors do with them.
 *
 * @attr client-id - The site's client id on the display server.
 * @attr api-base - Origin of the display server (defaults to this page's origin).
 *
 * @event poptin-display - The display response arrived. detail: `{display, count}`
 */
export class PoptinController extends HTMLElement {
  private api: DisplayApi | null = null;
  private outbox: Outbox | null = null;
  private surfaces: Promise<Surfaces> | null = null;
  private readonly popups = new Map<string, ActivePopup>();
  private modalActive: string | null = null;
  private readonly modalQueue: string[] = [];
  private page: PageContext | null = null;
  private response: DisplayResponse | null = null;
  private started = false;
  private readonly cleanups: (() => void)[] = [];

  get clientId(): string {
    return this.getAttribute('client-id') ?? '';
  }

  get apiBase(): string {
    return this.getAttribute('api-base') || location.origin;
  }

  connectedCallback(): void {
    guard('controller start', () => this.start());
  }

  disconnectedCallback(): void {
    guard('controller stop', () => this.stop());
  }

  /** Resolves once the display response has been handled (for pages and tests that wait on it). */
  ready: Promise<void> = Promise.resolve();

  private start(): void {
    if (this.started || !this.clientId) {
      if (!this.clientId) log.warn('<poptin-controller> needs a client-id');
      return;
    }
    this.started = true;
    this.api = new DisplayApi(this.apiBase);
    this.installWindowApi();
    this.listen(window, 'online', () => void this.outbox?.flush());
    this.listen(window, 'pagehide', () => this.outbox?.flushOnUnload());
    this.outboxReady = this.openOutbox();
    this.ready = this.run();
  }

  private stop(): void {
    this.started = false;
    this.removeAllPopups();
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
    this.outbox?.dispose();
  }

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    const safe = (event: Event) => guard(`${type} handler`, () => handler(event));
    target.addEventListener(type, safe);
    this.cleanups.push(() => target.removeEventListener(type, safe));
  }

  private outboxReady: Promise<void> = Promise.resolve();

  private async openOutbox(): Promise<void> {
    const { Outbox, openOutboxStore } = await import('../../src/core/api/outbox-runtime.ts');
    const store = await openOutboxStore();
    this.outbox = new Outbox({ store, onDelivered: (_entry, answer) => this.onConversionDelivered(answer as ConversionAnswer) });
    // Leads left by an earlier page (server down, tab closed) go out now.
    void this.outbox.flush();
  }

  private async run(): Promise<void> {
    const api = this.api;
    if (!api) return;
    this.page = readPageContext();
    let response: DisplayResponse;
    try {
      response = await api.display(this.clientId, {
        domain: this.page.domain,
        referrer: this.page.referrer,
        previous_url: '',
        if_mobile: this.page.isMobile,
        page_title: this.page.title,
        poptin_viewed_url: this.page.url,
        origin_landing_page: this.page.url,
        converted_email: readLocal(LAST_CONVERTED_EMAIL_KEY),
        lang: this.page.documentLang,
      });
    } catch (error) {
      log.warn('display request failed; nothing is shown', error);
      return;
    }
    this.response = response;
    response.rejected.forEach(({ index, reason }) => log.warn(`pop-up #${index} of the display response ignored: ${reason}`));
    this.dispatchEvent(new CustomEvent('poptin-display', { detail: { display: response.display, count: response.poptins.length }, bubbles: true, composed: true }));
    if (response.display === 'not_allowed' || RESTRICTION_MESSAGES.includes(response.message)) {
      log.warn(`display not allowed: ${response.message || 'no reason given'}`);
      return;
    }
    for (const config of response.poptins) this.arm(config);
  }

  private arm(config: PopupConfig): void {
    const entry: ActivePopup = { config, element: null, trigger: '', viewId: null, disarm: () => undefined, state: 'armed', reason: '' };
    this.popups.set(config.id, entry);
    const seconds = config.triggers.afterSeconds;
    if (seconds !== null) {
      const timer = setTimeout(() => this.fire(config.id, 'after_seconds'), seconds * 1000);
      entry.disarm = () => clearTimeout(timer);
      entry.reason = `armed: after ${seconds} s on the page`;
      // Preload the surfaces at idle once a pop-up is eligible, so the trigger shows it within a frame.
      const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
      (idle ?? ((cb: () => void) => setTimeout(cb, 1)))(() => void this.loadSurfaces());
    } else {
      entry.reason = 'no trigger enabled: shown only on demand';
    }
  }

  private fire(id: string, trigger: string): void {
    guard('trigger', () => {
      const entry = this.popups.get(id);
      if (!entry || entry.state !== 'armed') return;
      entry.disarm();
      entry.trigger = trigger;
      this.enqueue(entry);
    });
  }

  private enqueue(entry: ActivePopup): void {
    if (MODAL_TYPES.includes(entry.config.type)) {
      if (this.modalActive && this.modalActive !== entry.config.id) {
        entry.state = 'waiting';
        entry.reason = `waiting: ${this.modalActive} is on screen`;
        this.modalQueue.push(entry.config.id);
        return;
      }
      this.modalActive = entry.config.id;
    }
    void this.mount(entry);
  }

  private loadSurfaces(): Promise<Surfaces> {
    this.surfaces ??= import('../../src/surfaces.ts');
    return this.surfaces;
  }

  private async mount(entry: ActivePopup): Promise<void> {
    const api = this.api;
    if (!api) return;
    try {
      const surfaces = await this.loadSurfaces();
      const raw = entry.config.html || (entry.config.templateUrl ? await api.template(entry.config.templateUrl) : '');
      const element = document.createElement('poptin-popup') as PopupHost;
      element.setAttribute('poptin-id', entry.config.id);
      const lang = this.response?.lang || this.page?.documentLang || 'en';
      if (/^(he|iw)\b/i.test(lang)) element.setAttribute('dir', 'rtl');
      element.model.set({ config: entry.config, html: surfaces.sanitizeTemplate(raw), lang, trigger: entry.trigger });
      element.addEventListener('poptin-after-show', () => this.onShown(entry));
      element.addEventListener('poptin-submit', (event) => this.onSubmit(entry, (event as CustomEvent<{ fields: CollectedField[] }>).detail.fields));
      element.addEventListener('poptin-after-hide', (event) => this.onClosed(entry, (event as CustomEvent<{ submitted: boolean }>).detail.submitted));
      entry.element = element;
      entry.state = 'shown';
      entry.reason = `shown: trigger ${entry.trigger}`;
      document.body.append(element);
    } catch (error) {
      log.error(`pop-up ${entry.config.id} not shown`, error);
      entry.state = 'closed';
      this.releaseModal(entry.config.id);
    }
  }

  private onShown(entry: ActivePopup): void {
    if (entry.viewId || !this.api || !this.page) return;
    window.dispatchEvent(new CustomEvent('poptinView', { detail: { poptin_id: entry.config.id } }));
    entry.viewId = this.api
      .viewed(entry.config.id, {
        viewer_id: entry.config.viewerId,
        trigger: entry.trigger,
        client_id: this.clientId,
        type: entry.config.type,
        url: this.page.url,
        converted_email: readLocal(LAST_CONVERTED_EMAIL_KEY),
      })
      .catch((error: unknown) => {
        log.warn('view not recorded', error);
        return '';
      });
  }

  private onSubmit(entry: ActivePopup, fields: CollectedField[]): void {
    void guard('conversion', async () => {
      await this.outboxReady;
      if (!this.api || !this.outbox || !this.page) return;
      const viewId = (await entry.viewId) ?? '';
      const email = fields.find((field) => field.name.toLowerCase() === 'email')?.value.trim();
      const body = conversionFields(entry.config, fields, {
        clientId: this.clientId,
        url: this.page.url,
        referrer: this.page.referrer,
        previousUrl: '',
        title: this.page.title,
        isMobile: this.page.isMobile,
        browserLanguage: this.page.browserLanguage,
        operatingSystem: this.page.operatingSystem,
        lastConvertedEmail: readLocal(LAST_CONVERTED_EMAIL_KEY),
        trigger: entry.trigger,
        poptinViewId: viewId,
        originLandingPage: this.page.url,
        previousVisitedPages: '',
        allVisitedPages: '',
      });
      if (email) writeLocal(LAST_CONVERTED_EMAIL_KEY, email);
      await this.outbox.add(this.api.conversionUrl(entry.config.viewerId), body);
    });
  }

  private onConversionDelivered(answer: ConversionAnswer): void {
    const code = answer?.integration?.conversion_code;
    if (!code) return;
    // The owner's conversion code (pixels, tags) goes into the head, as the original widget does.
    const range = document.createRange();
    range.selectNode(document.head);
    document.head.append(range.createContextualFragment(code));
  }

  private onClosed(entry: ActivePopup, submitted: boolean): void {
    if (entry.state === 'closed') return;
    entry.state = 'closed';
    entry.reason = submitted ? 'closed after a conversion' : 'closed by the visitor';
    if (!submitted && this.api && this.page) {
      this.api.closed(entry.config.id, { client_id: this.clientId, url: this.page.url, converted_email: readLocal(LAST_CONVERTED_EMAIL_KEY) }).catch((error: unknown) => log.warn('close not recorded', error));
    }
    const element = entry.element;
    setTimeout(() => element?.remove(), REMOVE_AFTER_CLOSE_MS);
    this.releaseModal(entry.config.id);
  }

  private releaseModal(id: string): void {
    if (this.modalActive !== id) return;
    this.modalActive = null;
    const next = this.modalQueue.shift();
    const entry = next ? this.popups.get(next) : undefined;
    if (entry) {
      this.modalActive = entry.config.id;
      void this.mount(entry);
    }
  }

  private removeAllPopups(): void {
    for (const entry of this.popups.values()) {
      entry.disarm();
      entry.element?.remove();
    }
    this.popups.clear();
    this.modalQueue.length = 0;
    this.modalActive = null;
  }

  /** Opens a pop-up on demand (window.poptin.show): one from this page's answer, or fetched by the click call. */
  async show(id: string): Promise<boolean> {
    let entry = this.popups.get(id);
    if (!entry && this.api) {
      try {
        this.arm(await this.api.click(id));
        entry = this.popups.get(id);
        entry?.disarm();
      } catch (error) {
        log.warn(`pop-up ${id} could not be fetched`, error);
        return false;
      }
    }
    if (!entry) return false;
    if (entry.state === 'closed') entry.state = 'armed';
    this.fire(id, 'manual');
    return true;
  }

  close(id: string): boolean {
    const element = this.popups.get(id)?.element;
    if (!element) return false;
    const button = element.shadowRoot?.querySelector<HTMLButtonElement>('[part~="close-button"]');
    button?.click();
    return Boolean(button);
  }

  reset(): void {
    this.removeAllPopups();
    this.ready = this.run();
  }

  explain(id: string): { id: string; state: string; trigger: string; reason: string } | null {
    const entry = this.popups.get(id);
    return entry ? { id, state: entry.state, trigger: entry.trigger, reason: entry.reason } : null;
  }

  private installWindowApi(): void {
    const api: PoptinWindowApi = {
      show: (id) => guard('poptin.show', () => this.show(id), Promise.resolve(false)) ?? Promise.resolve(false),
      close: (id) => guard('poptin.close', () => this.close(id), false) ?? false,
      reset: () => guard('poptin.reset', () => this.reset()),
      explain: (id) => guard('poptin.explain', () => this.explain(id), null),
    };
    (window as Window & { poptin?: PoptinWindowApi }).poptin = api;
  }
}
