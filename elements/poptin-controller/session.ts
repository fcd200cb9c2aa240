// The controller's session, loaded lazily by <poptin-controller>: it wires the display answer to the pop-ups'
// showings (src/core/session/showing.ts) over its collaborators: the page's store, the reporter, the pop-up
// mounter and the page modes. What can be observed of each pop-up is published in `$popups`.

import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import { type DisplayRequest, RESTRICTION_MESSAGES } from '../../src/core/api/contract.ts';
import { DisplayApi } from '../../src/core/api/display-api.ts';
import { parseDisplayResponse } from '../../src/core/config/parse.ts';
import type { DisplayResponse } from '../../src/core/config/types.ts';
import { watchNavigation } from '../../src/core/decision/index.ts';
import { yieldToPage } from '../../src/core/loading/yield-to-page.ts';
import { readPageContext } from '../../src/core/page-context.ts';
import { guard, log } from '../../src/core/safety.ts';
import {
  createPageOnlyStorageSet,
  createVisitor,
  startVisitorKeepAlive,
  withHistory,
} from '../../src/core/visitor/index.ts';
import { createProductMemory } from '../../src/core/visitor/products.ts';
import { explain, type SessionExplanation } from '../../src/stores/explain.ts';
import { clearPopups } from '../../src/stores/popups.ts';
import { ConsentLink } from './consent-link.ts';
import type { SessionContext } from './context.ts';
import { displayRequestOf, type FirstDisplay } from './first-display.ts';
import { OnDemand } from './on-demand.ts';
import { decideAll, ruleModulesOf } from './page-decisions.ts';
import { PageModes, previewIdOf } from './page-modes.ts';
import { PageStore } from './page-store.ts';
import { PopupMounter } from './popup-mounter.ts';
import { ReportsLink } from './reports-link.ts';
import { PageShowings } from './showings.ts';

export interface SessionOptions {
  clientId: string;
  apiBase: string;
  /** Where the controller element lives, for its events. */
  host: HTMLElement;
  /** The loader's display call of this page, when it made one. */
  first?: FirstDisplay;
}

export class ControllerSession {
  readonly api: DisplayApi;
  private readonly context: SessionContext;
  private readonly showings: PageShowings;
  private readonly cleanups: (() => void)[] = [];
  private readonly store: PageStore;
  private readonly reports: ReportsLink;
  private readonly mounter: PopupMounter;
  private readonly modes: PageModes;
  private readonly onDemand: OnDemand;
  private response: DisplayResponse | null = null;
  /** Each run (page load or SPA navigation) has a number; an answer for an older run is dropped. */
  private generation = 0;
  /** Settles when the current display response has been handled. */
  ready: Promise<void>;
  /** Resolves false when the store's consent said no: nothing starts. */
  private readonly storeStarted: Promise<boolean>;
  private readonly consent: ConsentLink;

  constructor(private readonly options: SessionOptions) {
    const { host, first } = options;
    this.api = new DisplayApi(options.apiBase);
    const storesNothing = host.hasAttribute('consent');
    const visitor = first
      ? withHistory(first.visitor)
      : createVisitor(storesNothing ? { stores: createPageOnlyStorageSet() } : { window, document });
    const context: SessionContext = {
      api: this.api,
      host,
      window,
      now: Date.now,
      clientId: options.clientId,
      // The loader's page view read the page already: its matchMedia is not asked again.
      page: first?.page ?? readPageContext(),
      pageFields: null,
      visitor,
      products: createProductMemory(visitor.stores.local),
      storesNothing,
      stopped: false,
    };
    this.context = context;
    this.consent = new ConsentLink(context, {
      onGiven: () => this.onConsent(),
      onRefused: () => this.reports.consentAnswered(false),
    });
    this.store = new PageStore(context, { onConsentAnswer: (given) => this.consent.storeAnswered(given) });
    this.reports = new ReportsLink(context, { store: this.store });
    this.mounter = new PopupMounter({
      context,
      isCurrent: (handle) => this.showings.isCurrent(handle),
      recommendations: this.store,
      display: () => ({
        lang: this.response?.lang || context.page.documentLang || 'en',
        countryCode: this.response?.countryCode,
        storePlatform: this.store.platform,
        cart: this.store.cartSummary(),
      }),
      onShown: (handle) => handle.runner.send({ type: 'visible' }),
      onClosed: (handle, submitted, cause) => handle.runner.send({ type: 'closed', cause, submitted }),
      onFailed: (handle) => handle.runner.send({ type: 'failed' }),
      onSubmit: (handle, lead) => this.showings.sendLead(handle, lead),
    });
    const showings = new PageShowings({
      context,
      mounter: () => this.mounter,
      reports: this.reports,
      cartEvents: this.store.cartEvents,
    });
    this.showings = showings;
    const popups = {
      context,
      track: showings.track.bind(showings),
      handleOf: (id: string) => showings.handleOf(id),
      fire: showings.fire.bind(showings),
    };
    this.modes = new PageModes({ ...popups, show: (id, trigger) => this.show(id, trigger) });
    this.onDemand = new OnDemand({
      ...popups,
      ready: () => this.ready,
      pageRequest: () => this.consent.anonymous(this.pageRequest({})),
    });
    this.cleanups.push(
      startVisitorKeepAlive(visitor, window),
      watchNavigation(window, () => guard('navigation', () => this.reset())),
      () => this.store.stop(),
      () => this.consent.stop(),
    );
    this.storeStarted = this.store.start();
    this.ready = this.run();
  }

  stop(): void {
    this.context.stopped = true;
    this.removeAll();
    clearPopups();
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
    this.reports.stop();
  }

  /** Single-page apps: remove every pop-up and start again for the new URL. */
  reset(): Promise<void> {
    this.removeAll();
    clearPopups();
    this.ready = this.run();
    return this.ready;
  }

  /** Consent given: what waited is sent, and the page is decided again with the visitor's history unless a pop-up is open. */
  private onConsent(): void {
    const { context } = this;
    this.reports.consentAnswered(true);
    // The page view not yet recorded: the first run records it, as the visitor's.
    if (!context.pageFields) return;
    if (this.showings.anyOpen()) context.pageFields = context.visitor.recordPageView(context.page.url);
    else void this.reset();
  }

  /** What a display call says of this page view, its store and cart included. */
  private pageRequest(extra: Partial<DisplayRequest>): DisplayRequest {
    const { context } = this;
    return displayRequestOf(
      context.visitor,
      context.page,
      context.pageFields ?? context.visitor.recordPageView(context.page.url),
      { ...extra, ...this.store.displayFields() },
    );
  }

  private async run(): Promise<void> {
    const { context } = this;
    const generation = ++this.generation;
    const superseded = () => context.stopped || generation !== this.generation;
    if (!(await this.storeStarted) || context.stopped) return;
    if (!(await this.consent.read)) return;
    // The session chunk's evaluation, this answer's reading and the pop-ups' decisions each wait on the browser
    // (cookies, Web Storage): apart, none makes a long task.
    await yieldToPage();
    if (superseded()) return;
    context.clientId ||= await this.store.shopClientId();
    if (!context.clientId) return;
    // The loader's own display call serves the page's first run.
    const first = generation === 1 ? this.options.first : undefined;
    context.page = first?.page ?? readPageContext();
    const previewId = previewIdOf(context.page.url);
    context.pageFields = first?.pageFields ?? context.visitor.recordPageView(context.page.url);
    let response: DisplayResponse;
    try {
      if (first?.error) throw first.error;
      response = first
        ? parseDisplayResponse(first.answer)
        : await this.api.display(
            context.clientId,
            this.consent.anonymous(this.pageRequest(previewId ? { preview_id: previewId } : {})),
          );
    } catch (error) {
      log.warn('display request failed; nothing is shown', error);
      return;
    }
    if (superseded()) return;
    this.response = response;
    // Known before any pop-up of the page is decided: a pop-up placed by hand may be typed in already.
    this.reports.requireProofOfWork(response.proofOfWork);
    response.rejected.forEach(({ index, reason }) =>
      log.warn(`pop-up #${index} of the display response ignored: ${reason}`),
    );
    context.host.dispatchEvent(
      new CustomEvent('poptin-display', {
        detail: { display: response.display, count: response.poptins.length },
        bubbles: true,
        composed: true,
      }),
    );
    if (response.display === 'not_allowed' || RESTRICTION_MESSAGES.includes(response.message)) {
      log.warn(`display not allowed: ${response.message || 'no reason given'}`);
      return this.modes.usageLimit(response);
    }
    // The cookies read for the site's record serve the decisions after it (a cookie filter, the record's "no
    // history"): each read after a write waits on the browser's cookie store.
    const releaseCookies = context.visitor.stores.holdCookieReads();
    try {
      context.visitor.rememberSite({ clientId: context.clientId, ip: response.ip, countryCode: response.countryCode });
      this.store.applyDisplayCart(response.wixCartDetails);
      this.store.reportWebsiteSession();
      if (previewId) return this.modes.preview(response, previewId);
      const rules = await ruleModulesOf(response, context.page.isMobile ? 'mobile' : 'desktop');
      await yieldToPage();
      if (superseded()) return;
      decideAll(response, rules, {
        context,
        showings: this.showings,
        consent: this.consent,
        addTeaser: (handle, order) => this.modes.addTeaser(handle, order),
      });
    } finally {
      releaseCookies();
    }
    await this.modes.landing(response);
  }

  private removeAll(): void {
    this.showings.removeAll();
  }

  show(id: string, trigger = 'manual'): Promise<boolean> {
    return this.onDemand.show(id, trigger);
  }

  openFromClick(id: string, element: Element): void {
    this.onDemand.openFromClick(id, element);
  }

  close(id: string): boolean {
    return this.onDemand.close(id);
  }

  /** A lead of a pop-up placed by hand (`<poptin-popup kind trigger poptin-id>`). */
  sendDeclarativeLead(submit: CustomEvent<SurfaceEventMap['poptin-submit']>): Promise<LeadOutcome> {
    return this.reports.sendDeclarativeLead(submit);
  }

  /** Why a pop-up did or did not show, once the current answer is read (with the pop-ups the server left out). */
  async explain(id: string): Promise<SessionExplanation> {
    await this.ready;
    return explain(id, await this.reports.refusedLeads(id));
  }
}
