// The store the page is on, as the session sees it: most pages are on none, so the store link (store-link.ts, with
// the cart's changes and browse abandonment) is a chunk loaded only on a store's page, and the products a pop-up
// recommends (store-recommendations.ts) one loaded only for a pop-up that shows them.

import type { DisplayRequest } from '../../src/core/api/contract.ts';
import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import type { RecommendationModel } from '../../src/core/products/recommendations.ts';
import { log } from '../../src/core/safety.ts';
import { type CartEventHub, createCartEvents } from '../../src/core/triggers/cart-events.ts';
import type { StoreIntegration } from '../../src/integrations/store.ts';
import type { SessionContext } from './context.ts';
import { storeCodeOf } from './first-display.ts';
import type { StoreIdentity, StoreLink, StoreLinkOptions } from './store-link.ts';
import type { RecommendationSource } from './store-recommendations.ts';

type Recommendations = typeof import('./store-recommendations.ts');

export class PageStore {
  /** Fires the cart triggers of the pop-ups armed on this page. */
  readonly cartEvents: CartEventHub = createCartEvents();
  private link: StoreLink | null = null;
  private recommendations: Recommendations | null = null;

  constructor(
    private readonly context: SessionContext,
    private readonly options: Pick<StoreLinkOptions, 'onConsentAnswer'> = {},
  ) {}

  /** Starts the store link on a store's page (store-link.ts); resolves false when the store's consent said no. */
  async start(): Promise<boolean> {
    const { host } = this.context;
    const store = storeCodeOf(host, this.context.window);
    if (!store) {
      if (host.getAttribute('store') === 'wix')
        log.warn('<poptin-controller store="wix"> needs the site\'s wix-client-id');
      return true;
    }
    // The store link reports a store whose code cannot be fetched.
    store.code.catch(() => undefined);
    let link: typeof import('./store-link.ts');
    try {
      link = await import('./store-link.ts');
    } catch (error) {
      log.warn('the store integration could not start', error);
      return true;
    }
    if (this.context.stopped) return false;
    this.link = new link.StoreLink(this.context, {
      ...this.options,
      cartEvents: this.cartEvents,
      open: (page, win) => link.openStore(store, page, win),
    });
    return this.link.start();
  }

  stop(): void {
    this.link?.stop();
  }

  get platform(): StoreIntegration['platform'] | undefined {
    return this.link?.platform;
  }

  /** A Shopify storefront whose loader names no client id: the client of its shop; empty when there is none. */
  shopClientId(): Promise<string> {
    if (this.link) return this.link.shopClientId();
    log.warn('<poptin-controller> needs a client-id');
    return Promise.resolve('');
  }

  applyDisplayCart(details: DisplayResponse['wixCartDetails']): void {
    this.link?.applyDisplayCart(details);
  }

  identity(): StoreIdentity {
    return this.link?.identity() ?? {};
  }

  cartSummary(): { itemCount: number; total: number } | null {
    return this.link?.cartSummary() ?? null;
  }

  displayFields(): Partial<DisplayRequest> {
    return this.link?.displayFields() ?? {};
  }

  reportWebsiteSession(): void {
    this.link?.reportWebsiteSession();
  }

  reportActivity(id: string, activity: 'viewed' | 'closed'): void {
    this.link?.reportActivity(id, activity);
  }

  /** What a pop-up's products would be asked for now (once its products were asked for): fetched with another key, they are stale. */
  recommendationKey(config: PopupConfig): string {
    return this.recommendations?.recommendationQuery(this.source(), config).key ?? '';
  }

  /** The products of a recommendation pop-up (store-recommendations.ts), and the key they are asked with. */
  async recommendationsFor(config: PopupConfig): Promise<{ key: string; model: Promise<RecommendationModel> }> {
    this.recommendations ??= await import('./store-recommendations.ts');
    return this.recommendations.fetchRecommendations(this.source(), config);
  }

  private source(): RecommendationSource {
    return this.link?.recommendationSource() ?? { context: this.context, store: null, cart: null };
  }
}
