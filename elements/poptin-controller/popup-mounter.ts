// A pop-up's element: built hidden ahead of its trigger (template, products, sanitised markup, forms), put in its
// place on the page, made visible, and removed once it has closed. What the visitor does with it goes back through
// the callbacks the session gives.

import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { PrizeConversion } from '../../src/core/games/prizes.ts';
import { yieldToPage } from '../../src/core/loading/yield-to-page.ts';
import { popupLayout } from '../../src/core/popup/layout.ts';
import type { RecommendationModel } from '../../src/core/products/recommendations.ts';
import { log } from '../../src/core/safety.ts';
import { hasClickTargetFor } from '../../src/core/triggers/click-targets.ts';
import { embedPlaceholder } from '../../src/core/triggers/embed-placeholder.ts';
import { trustedHtml } from '../../src/core/trusted-html.ts';
import { createSurface } from '../../src/registry-lookups.ts';
import type { SessionContext } from './context.ts';
import type { PopupElement, PopupHandle } from './popup-handle.ts';

/** The surfaces chunk's template parts, and the registry's createSurface (tests give fakes of both). */
type Surfaces = Pick<typeof import('../../src/surfaces.ts'), 'loadTemplateParts'> & {
  createSurface: typeof createSurface;
};
type Sanitizer = Pick<typeof import('../../src/core/sanitize.ts'), 'sanitizeTemplate'>;

/** The close trigger names recorded per pop-up: the x button is `x_click` (widget §4 close mechanics). */
export function closeTriggerOf(source: string): string {
  return source === 'x-button' ? 'x_click' : source;
}

/** The mobile design of a pop-up: `poptin_mobile`, or `mobile_variant.poptin`, for mobile visitors only. */
function mobileTemplate(handle: PopupHandle): string {
  if (handle.variant !== 'mobile') return '';
  const raw = handle.config.raw;
  const nested =
    raw.mobile_variant && typeof raw.mobile_variant === 'object'
      ? (raw.mobile_variant as Record<string, unknown>).poptin
      : undefined;
  return typeof raw.poptin_mobile === 'string' ? raw.poptin_mobile : typeof nested === 'string' ? nested : '';
}

/** What a pop-up's form hands over with its lead. */
export interface SubmittedLead {
  fields: SubmittedField[];
  honeypot: string;
  prize: PrizeConversion | null;
}

export interface MounterCallbacks {
  /** The visitor can see it. */
  onShown(handle: PopupHandle): void;
  /** It left the screen; `cause` is its close trigger. */
  onClosed(handle: PopupHandle, submitted: boolean, cause: string): void;
  /** Its form was submitted: the answer goes back to the form. */
  onSubmit(handle: PopupHandle, lead: SubmittedLead): Promise<LeadOutcome>;
  /** Its template could not be rendered. */
  onFailed(handle: PopupHandle): void;
}

export interface MounterOptions extends MounterCallbacks {
  context: SessionContext;
  /** Still this page's pop-up of its id: an element built for one replaced meanwhile is not put in the page. */
  isCurrent(handle: PopupHandle): boolean;
  /** The products a recommendation pop-up shows (page-store.ts). */
  recommendations: {
    /** Once its products were asked for. */
    recommendationKey(config: PopupConfig): string;
    recommendationsFor(config: PopupConfig): Promise<{ key: string; model: Promise<RecommendationModel> }>;
  };
  /** What the current display answer says of every pop-up: its language, the visitor's country, the store. */
  display(): {
    lang: string;
    countryCode?: string;
    storePlatform?: 'shopify' | 'wix';
    cart?: { itemCount: number; total: number } | null;
  };
  /** The surfaces chunk; imported on first use by default. */
  loadSurfaces?: () => Promise<Surfaces>;
  /** DOMPurify and the widget's policy; imported only for a template the display server did not sanitise. */
  loadSanitizer?: () => Promise<Sanitizer>;
}

/** Click-only pop-ups built ahead per page: each costs a template, a render and hidden markup before any click. */
const CLICK_ONLY_BUILT_AHEAD = 3;

export class PopupMounter {
  private surfaces: Promise<Surfaces> | null = null;
  private sanitizer: Promise<Sanitizer> | null = null;
  private clickOnlyBuiltAhead = 0;

  constructor(private readonly options: MounterOptions) {}

  private loadSanitizer(): Promise<Sanitizer> {
    this.sanitizer ??= (this.options.loadSanitizer ?? (() => import('../../src/core/sanitize.ts')))();
    return this.sanitizer;
  }

  private loadSurfaces(): Promise<Surfaces> {
    this.surfaces ??= (
      this.options.loadSurfaces ??
      (() => import('../../src/surfaces.ts').then(({ loadTemplateParts }) => ({ loadTemplateParts, createSurface })))
    )();
    return this.surfaces;
  }

  /**
   * Builds it at idle once it is eligible, so its trigger shows it within a frame. A click-only pop-up may never
   * open: it is built ahead only when what opens it is on the page, and no more than a few of them per page;
   * for the others only the surfaces chunk is loaded.
   */
  prepareAhead(handle: PopupHandle): void {
    const win = this.options.context.window as Window & { requestIdleCallback?: (callback: () => void) => number };
    const ahead = () => {
      // Fired, shown or closed meanwhile: its showing builds it, or it is over.
      if (handle.runner.snapshot.phase !== 'armed') return;
      if (handle.planned.length > 0) return void this.prepare(handle);
      if (this.clickOnlyBuiltAhead < CLICK_ONLY_BUILT_AHEAD && hasClickTargetFor(win.document, handle.config.id)) {
        this.clickOnlyBuiltAhead++;
        return void this.prepare(handle);
      }
      void this.loadSurfaces().catch(() => undefined);
    };
    (win.requestIdleCallback?.bind(win) ?? ((callback: () => void) => setTimeout(callback, 1)))(ahead);
  }

  /**
   * Builds the pop-up hidden and puts it in the page: template fetched, sanitised, rendered and its forms
   * bound. Done at idle for eligible pop-ups, so that a fired trigger only has to show it (design §4).
   */
  private prepare(handle: PopupHandle): Promise<PopupElement | null> {
    const { context } = this.options;
    const { config } = handle;
    if (handle.prepared) return handle.prepared;
    const prepared: Promise<PopupElement | null> = this.build(handle).then(
      (element) => {
        if (
          context.stopped ||
          !this.options.isCurrent(handle) ||
          handle.runner.snapshot.phase === 'closed' ||
          handle.runner.snapshot.phase === 'blocked'
        ) {
          // Closed while it was being built: a later showing builds it again.
          if (handle.prepared === prepared) handle.prepared = undefined;
          return null;
        }
        // An embedded pop-up goes into its <poptin-embed>; a bar that pushes the page down into its own, where the
        // owner reserved its height, else before everything else on the page; the others float over the page.
        const layout = popupLayout(config.type, config.format, config.designProperties.poptin_location);
        const inPage = layout.rendering === 'in-place' || layout.rendering === 'in-flow';
        const { document } = context.window;
        const placeholder = inPage ? embedPlaceholder(document, config.id) : null;
        if (layout.rendering === 'in-place' && !placeholder) {
          // Built again once its placeholder is on the page and scrolled into view.
          handle.prepared = undefined;
          return null;
        }
        this.removeLeaving(handle);
        handle.element = element;
        if (placeholder) placeholder.append(element);
        else if (layout.rendering === 'in-flow') document.body.prepend(element);
        else document.body.append(element);
        return element;
      },
      (error: unknown) => {
        // Template fetch failures are logged only; the pop-up is not shown (widget §8).
        log.error(`pop-up ${config.id} not shown`, error);
        return null;
      },
    );
    handle.prepared = prepared;
    return prepared;
  }

  /**
   * Evaluating the surfaces chunk, sanitising the template and the first render each take a share of the
   * main thread; at 4× CPU slowdown they made one long task together (npm run bench), so the page gets the
   * thread back between them.
   */
  private async build(handle: PopupHandle): Promise<PopupElement> {
    const { config } = handle;
    // The template and its products are fetched while the surfaces chunk is on its way, where each used to wait
    // for the one before it (a round trip each on a slow connection).
    const [surfaces, { raw, sanitizer, recommendations }] = await Promise.all([
      this.loadSurfaces(),
      this.templateOf(handle).then(async ({ raw, sanitized }) => {
        const [sanitizer, recommendations] = await Promise.all([
          // DOMPurify (12 KB gzip) comes only for a template the display server did not sanitise.
          sanitized ? null : this.loadSanitizer(),
          /<poptin-product-recommendations\b/i.test(raw) ? this.recommendationsFor(handle) : undefined,
        ]);
        return { raw, sanitizer, recommendations };
      }),
    ]);
    // The parts of the template most pop-ups do not have are chunks of their own: loaded now, they are live when it shows.
    const parts = surfaces.loadTemplateParts(raw);
    await yieldToPage();
    const element = await surfaces.createSurface('popup');
    await yieldToPage();
    element.setAttribute('poptin-id', config.id);
    element.setAttribute('data-variant', handle.variant);
    const { lang, countryCode, storePlatform, cart } = this.options.display();
    // The surfaces, loaded above, import the language: this import is read from the page's module map.
    const { isHebrewTag } = await import('../../src/core/i18n/language.ts');
    if (isHebrewTag(lang)) element.setAttribute('dir', 'rtl');
    const html = sanitizer ? sanitizer.sanitizeTemplate(raw) : trustedHtml(raw);
    await parts;
    await yieldToPage();
    const { api } = this.options.context;
    element.model.set({
      config,
      html,
      lang,
      trigger: handle.runner.snapshot.trigger,
      apiBase: api.base,
      countryCode,
      visible: false,
      preview: handle.preview,
      storePlatform,
      cart,
      recommendations,
    });
    element.on('poptin-after-show', () => this.options.onShown(handle));
    element.on('poptin-submit', ({ fields, honeypot, prize, respondWith }) =>
      respondWith?.(this.options.onSubmit(handle, { fields, honeypot, prize: prize ?? null })),
    );
    element.on('poptin-after-hide', ({ submitted, source }) =>
      this.options.onClosed(handle, submitted, closeTriggerOf(source ?? '')),
    );
    element.on('poptin-error', () => this.options.onFailed(handle));
    // Put in the page, and so first rendered, in a task of its own.
    await yieldToPage();
    return element;
  }

  /** Widget §8: a pop-up whose products cannot be fetched is not shown. */
  private async recommendationsFor(handle: PopupHandle): Promise<RecommendationModel> {
    const { key, model } = await this.options.recommendations.recommendationsFor(handle.config);
    handle.recommendationKey = key;
    return model;
  }

  /** Its template, and whether the display server sanitised it: not one fetched from its `templateUrl`. */
  private async templateOf(handle: PopupHandle): Promise<{ raw: string; sanitized: boolean }> {
    const { config } = handle;
    const inline = mobileTemplate(handle) || config.html;
    if (inline || !config.templateUrl) return { raw: inline, sanitized: config.templateSanitized };
    return { raw: await this.options.context.api.template(config.templateUrl), sanitized: false };
  }

  /** Its turn in the queue: built if it is not yet (again, if its products are stale), then shown, or failed. */
  async mount(handle: PopupHandle): Promise<void> {
    if (handle.prepared && handle.recommendationKey !== undefined) {
      await handle.prepared;
      // Recommendations follow the cart and recent products: those fetched ahead of the trigger may be stale.
      if (handle.recommendationKey !== this.options.recommendations.recommendationKey(handle.config)) {
        handle.element?.remove();
        handle.element = null;
        handle.prepared = undefined;
      }
    }
    const element = await this.prepare(handle);
    if (this.options.context.stopped || handle.runner.snapshot.phase !== 'queued') return;
    handle.runner.send(element?.model.get() ? { type: 'mounted' } : { type: 'failed' });
  }

  /** A new showing: made visible, with the trigger that opened it. */
  reveal(handle: PopupHandle): void {
    const element = handle.element;
    const model = element?.model.get();
    // The cart may have changed since it was built ahead.
    const { cart } = this.options.display();
    if (element && model)
      element.model.set({ ...model, trigger: handle.runner.snapshot.trigger, visible: true, cart: cart ?? null });
  }

  /** Its element leaves (after `removeAfterMs`); a later show builds it anew. */
  remove(handle: PopupHandle, removeAfterMs: number): void {
    const element = handle.element;
    handle.element = null;
    handle.prepared = undefined;
    this.removeLeaving(handle);
    if (!element) return;
    if (removeAfterMs <= 0) return element.remove();
    handle.leaving = { element, timer: setTimeout(() => this.removeLeaving(handle), removeAfterMs) };
  }

  /** A closed showing's element goes at once: its delay is over, or the pop-up is built again. */
  private removeLeaving(handle: PopupHandle): void {
    if (!handle.leaving) return;
    clearTimeout(handle.leaving.timer);
    handle.leaving.element.remove();
    handle.leaving = undefined;
  }
}
