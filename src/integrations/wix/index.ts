// The Wix integration (widget §4, §7): the visitor's cart and add to cart through the platform's commerce
// calls, and the signed-in member, all through the platform SDK client with the site's visitor tokens.

import type { AddToCartItem } from '../../core/products/add-to-cart.ts';
import { log } from '../../core/safety.ts';
import { createClient, localStorageTokenStorage, OAuthStrategy, type PlatformClient } from '../../sdk/index.ts';
import type { OAuthAuth } from '../../sdk/strategies/oauth.ts';
import { EMPTY_CART, type StoreCart, type StoreIntegration, type ViewedProduct } from '../store.ts';
import { cartFromWix, WIX_STORES_APP_ID } from './cart.ts';

export interface WixOptions {
  /** The site's OAuth client id (Headless settings of the Wix site). */
  clientId: string;
  /** The platform's API origin; the platform's own by default (a test or a proxy sets another). */
  apiHost?: string;
  /** The product this page shows, when the page says so. */
  viewedProduct?: ViewedProduct | null;
  /** Where the cart page is. */
  cartPath?: string;
}

const CART_PATH = '/ecom/v1/carts';
const CURRENT_CART_PATH = '/ecom/v1/carts/current';

const statusOf = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error ? (error as { status?: number }).status : undefined;

/** The current cart; a 404 means the visitor has none, any other failure is raised (widget §8). */
export async function readWixCart(client: PlatformClient): Promise<StoreCart | null> {
  try {
    const answer = await client.request<{ cart?: unknown }>(CURRENT_CART_PATH, {
      method: 'GET',
      methodFqn: 'ecom.carts.current.get',
    });
    return cartFromWix(answer.cart);
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** Adds line items to the current cart, creating the cart when the visitor has none yet. */
export async function addToWixCart(client: PlatformClient, item: AddToCartItem): Promise<StoreCart> {
  const lineItems = [
    { catalogReference: { catalogItemId: item.id, appId: WIX_STORES_APP_ID }, quantity: item.quantity },
  ];
  try {
    const answer = await client.request<{ cart?: unknown }>(`${CURRENT_CART_PATH}/add-to-cart`, {
      method: 'POST',
      body: { lineItems },
      methodFqn: 'ecom.carts.current.add',
    });
    return cartFromWix(answer.cart);
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    const answer = await client.request<{ cart?: unknown }>(CART_PATH, {
      method: 'POST',
      body: { lineItems },
      methodFqn: 'ecom.carts.create',
    });
    return cartFromWix(answer.cart);
  }
}

/** The signed-in member's id (widget §7 member lookup), or empty for a visitor. */
export async function wixMemberId(client: PlatformClient<OAuthAuth>): Promise<string> {
  if (!client.auth.loggedIn()) return '';
  const info = await client.auth.getTokenInfo();
  if (info.subjectType !== 'MEMBER' || !info.subjectId) return '';
  try {
    const answer = await client.request<{ member?: { id?: string } }>(
      `/_api/apps/current-member/${encodeURIComponent(info.subjectId)}`,
      { method: 'GET' },
    );
    return answer.member?.id ?? info.subjectId;
  } catch (error) {
    log.warn('the Wix member lookup failed', error);
    return info.subjectId;
  }
}

export function createWixIntegration(win: Window, options: WixOptions): StoreIntegration {
  const client = createClient({
    auth: OAuthStrategy({
      clientId: options.clientId,
      tokenStorage: localStorageTokenStorage(`poptin_wix_${options.clientId}`),
    }),
    ...(options.apiHost ? { host: options.apiHost, cartCurrentHost: options.apiHost } : {}),
    fetch: win.fetch.bind(win),
  });
  let member: Promise<string> | null = null;
  return {
    platform: 'wix',
    shop: '',
    root: '/',
    customerId: () => (member ??= wixMemberId(client).catch(() => '')),
    // The site builder shows its own consent banner before the page's scripts run.
    consent: async () => true,
    readCart: async () => (await readWixCart(client)) ?? EMPTY_CART,
    // The site builder's own cart widgets talk to it from its frames, out of a page script's sight: the cart is
    // read at the start and after the widget's own add-to-cart.
    observeCart: () => () => undefined,
    addToCart: async (item) => ({ added: true, cart: await addToWixCart(client, item) }),
    cartFromDisplayAnswer: (details) => cartFromWix(details),
    cartUrl: () => options.cartPath ?? '/cart-page',
    viewedProduct: () => options.viewedProduct ?? null,
  };
}
