// The store the page is on (widget §4, §7): consent, the customer, the product shown, the cart and its events,
// add-to-cart, browse abandonment, the converted visitor's activity; a chunk loaded on a store's page (page-store.ts).

import type { AddToCartDetail } from '../../src/components/shared/add-to-cart.ts';
import type { DisplayRequest } from '../../src/core/api/contract.ts';
import type { DisplayResponse } from '../../src/core/config/types.ts';
import type { AddToCartItem } from '../../src/core/products/add-to-cart.ts';
import { cartChanges } from '../../src/core/products/cart-changes.ts';
import { safeLinkUrl } from '../../src/core/safe-url.ts';
import { guard, listenSafely, log } from '../../src/core/safety.ts';
import type { CartEventHub } from '../../src/core/triggers/cart-events.ts';
import {
  BROWSE_ABANDONMENT_DELAY_MS,
  shopifyBrowseAbandonmentQuery,
  wixOrderedProductsRequest,
} from '../../src/integrations/browse-abandonment.ts';
import { EMPTY_CART, type StoreCart, type StoreIntegration, type ViewedProduct } from '../../src/integrations/store.ts';
import type { SessionContext } from './context.ts';
import type { storeCodeOf } from './first-display.ts';
import type { RecommendationSource } from './store-recommendations.ts';

/** The store fields of the view, close and activity calls. */
export type StoreIdentity = { store_integration?: string; store_integration_customer_id?: string };

/** The product a Wix page says it shows (`product-id`, `product-name`, `product-category` on the controller). */
function productNamedBy(host: HTMLElement): ViewedProduct | null {
  const productId = host.getAttribute('product-id')?.trim();
  if (!productId) return null;
  return {
    productId,
    productName: host.getAttribute('product-name')?.trim() ?? '',
    category: host.getAttribute('product-category')?.trim() ?? '',
  };
}

/** The store the page is on (first-display.ts's `storeCodeOf`), opened with its platform's integration. */
export async function openStore(
  store: NonNullable<ReturnType<typeof storeCodeOf>>,
  host: HTMLElement,
  win: typeof window,
): Promise<StoreIntegration | null> {
  if (store.platform === 'shopify') return (await store.code).createShopifyIntegration(win);
  const { createWixIntegration } = await store.code;
  const apiHost = host.getAttribute('wix-api-host');
  return createWixIntegration(win, {
    clientId: store.clientId,
    apiHost: apiHost ? new URL(apiHost, win.location.href).href.replace(/\/$/, '') : undefined,
    viewedProduct: productNamedBy(host),
    cartPath: host.getAttribute('cart-path') || undefined,
  });
}

export interface StoreLinkOptions {
  /** Opens the page's store: its platform's integration (openStore). */
  open: (host: HTMLElement, win: typeof window) => Promise<StoreIntegration | null>;
  /** The store's consent answer, for consent mode. */
  onConsentAnswer?: (given: boolean) => void;
  /** Where the cart's changes go: the cart triggers of the pop-ups armed on this page (page-store.ts). */
  cartEvents: CartEventHub;
}

export class StoreLink {
  readonly cartEvents: CartEventHub;
  private store: StoreIntegration | null = null;
  private cart: StoreCart | null = null;
  private customerId = '';
  private readonly consentWait = new AbortController();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly context: SessionContext,
    private readonly options: StoreLinkOptions,
  ) {
    this.cartEvents = options.cartEvents;
    this.cleanups.push(listenSafely(context.window.document, 'poptin-add-to-cart', (event) => this.onAddToCart(event)));
  }

  get platform(): StoreIntegration['platform'] | undefined {
    return this.store?.platform;
  }

  stop(): void {
    this.consentWait.abort();
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
  }

  /**
   * Consent first (no start on no, asked again every second while undecided), then the customer, the product this
   * page shows, the cart, and the page's own cart calls. Resolves false when the store's consent said no.
   */
  async start(): Promise<boolean> {
    const { context } = this;
    let store: StoreIntegration | null;
    try {
      store = await this.options.open(context.host, context.window as typeof window);
    } catch (error) {
      log.warn('the store integration could not start', error);
      return true;
    }
    if (!store) return true;
    const consented = await store.consent(this.consentWait.signal);
    this.options.onConsentAnswer?.(consented);
    if (!consented) {
      if (!context.stopped) log.warn('the visitor declined marketing consent: no pop-ups on this store');
      return false;
    }
    if (context.stopped) return false;
    this.store = store;
    this.customerId = await store.customerId().catch(() => '');
    if (this.customerId) context.visitor.rememberSessionAccount(this.customerId);
    const viewed = store.viewedProduct();
    if (viewed) {
      context.products.recordViewed(viewed);
      this.trackBrowsing(store);
    }
    this.applyCart(
      await store.readCart().catch((error: unknown) => (log.warn('the cart could not be read', error), null)),
    );
    this.cleanups.push(store.observeCart((cart) => guard('cart change', () => this.applyCart(cart))));
    return true;
  }

  /** A Shopify storefront whose loader names no client id: the client of its shop; empty when there is none. */
  async shopClientId(): Promise<string> {
    const shop = this.store?.platform === 'shopify' ? this.store.shop : '';
    if (!shop) {
      log.warn('<poptin-controller> needs a client-id');
      return '';
    }
    try {
      return await this.context.api.shopifyClientId(shop);
    } catch (error) {
      log.warn(`no client id for the shop ${shop}: nothing is shown`, error);
      return '';
    }
  }

  /** The cart a Wix display answer carries, when none was read yet. */
  applyDisplayCart(details: DisplayResponse['wixCartDetails']): void {
    if (this.store && !this.cart && details) this.applyCart(this.store.cartFromDisplayAnswer?.(details) ?? null);
  }

  /** A new reading of the cart: what changed goes to the cart triggers (the first reading only sets it). */
  private applyCart(cart: StoreCart | null): void {
    if (!cart) return;
    const before = this.cart;
    this.cart = cart;
    this.context.products.rememberCart(cart);
    const changes = before ? cartChanges(before, cart) : cartChanges(cart, cart);
    for (const change of changes) this.cartEvents.fireCartEvent(change.kind, { productIds: change.productIds, cart });
  }

  identity(): StoreIdentity {
    return this.store ? { store_integration: this.store.platform, store_integration_customer_id: this.customerId } : {};
  }

  /** The cart as last read, on a store page (a pop-up's dynamic text shows its count and total). */
  cartSummary(): { itemCount: number; total: number } | null {
    return this.store && this.cart ? { itemCount: this.cart.itemCount, total: this.cart.total } : null;
  }

  /** The display request's store and cart fields (widget §7). */
  displayFields(): Partial<DisplayRequest> {
    if (!this.store) return {};
    const cart = this.cart ?? EMPTY_CART;
    return {
      ...this.identity(),
      ...(this.store.shop ? { shop: this.store.shop } : {}),
      store_cart_id: cart.cartId || this.context.products.storeCartId(),
      cart_total: cart.total,
      cart_item_count: cart.itemCount,
      cart_product_ids: [...new Set(cart.items.map((item) => item.productId))],
      recent_product_ids: this.context.products.recentProductIds(),
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
    if (cartPage) this.context.window.location.assign(cartPage);
    return added;
  }

  /** Browse abandonment (widget §7): 5 s after a product page was seen, for a customer the store knows. */
  private trackBrowsing(store: StoreIntegration): void {
    const { context } = this;
    const timer = setTimeout(() => {
      void guard('browse abandonment', async () => {
        if (context.stopped || !context.clientId) return;
        const products = context.products.browseProducts();
        if (store.platform === 'wix') {
          let body: ReturnType<typeof wixOrderedProductsRequest>;
          try {
            body = wixOrderedProductsRequest({ clientId: context.clientId, customerId: this.customerId, products });
          } catch (error) {
            return log.warn(`browse abandonment not recorded: ${(error as Error).message}`);
          }
          return context.api
            .wixSaveOrderedProducts(body)
            .catch((error: unknown) => log.warn('browse abandonment not recorded', error));
        }
        const customer = this.customerId || context.visitor.convertedEmail();
        if (!customer || products.length === 0) return;
        const query = shopifyBrowseAbandonmentQuery({
          clientId: context.clientId,
          customer,
          products,
          totalCartValue: this.cart?.total ?? 0,
        });
        return context.api
          .shopifyBrowseAbandonment(query)
          .catch((error: unknown) => log.warn('browse abandonment not recorded', error));
      });
    }, BROWSE_ABANDONMENT_DELAY_MS);
    this.cleanups.push(() => clearTimeout(timer));
  }

  /** A converted visitor back on the store: their visit is counted (widget §7 total-website-session). */
  reportWebsiteSession(): void {
    const { context } = this;
    const email = context.visitor.convertedEmail();
    if (!this.store || !email) return;
    context.api
      .totalWebsiteSession(context.clientId, { email, url: context.page.domain, ...this.identity() })
      .catch((error: unknown) => log.warn('website session not recorded', error));
  }

  /** What a converted visitor does with pop-ups on the store (widget §7 conversion-activities). */
  reportActivity(id: string, activity: 'viewed' | 'closed'): void {
    const { context } = this;
    const email = context.visitor.convertedEmail();
    if (!this.store || !email) return;
    context.api
      .conversionActivity(context.clientId, {
        email,
        poptin_id: id,
        activity,
        url: context.page.url,
        ...this.identity(),
      })
      .catch((error: unknown) => log.warn(`${activity} activity not recorded`, error));
  }

  /** What the store link knows now, for the products a pop-up recommends (store-recommendations.ts). */
  recommendationSource(): RecommendationSource {
    return { context: this.context, store: this.store, cart: this.cart };
  }
}
