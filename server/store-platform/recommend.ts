// Which products a recommendation pop-up shows (widget §3 product recommendation settings), from the client's
// product feed. Pure: the route reads the feed and answers with what this picks.
import type { RecommendedProduct } from '../../src/core/api/contract.ts';
import type { StoreProduct, StoreSettings } from '../configuration/repository.ts';

/** Widget §9: at most 3 products are shown. */
export const MAX_RECOMMENDED = 3;

export interface RecommendationQuery {
  category: string;
  /** Product ids for `manual`, collection names for `product_collection`. */
  manualProducts: string[];
  count: number;
  /** The visitor's recent products (`last_visited`) or the cart's last items (`product_in_cart`). */
  productIds: string[];
}

const byRank = (a: StoreProduct, b: StoreProduct) => (b.rank ?? 0) - (a.rank ?? 0);

/**
 * - manual: the listed products, in the owner's order;
 * - product_collection: the listed collections' products, best ranked first;
 * - last_visited: the visitor's recent products, most recent first;
 * - product_in_cart: products that share a collection with the cart's items and are not in the cart, else
 *   the best ranked ones not in the cart;
 * - algorithm_id_*: the best ranked products the visitor has not got in hand (not among `productIds`).
 * A sold-out product (a counted stock of 0 or less) is never recommended: it cannot be bought.
 */
export function recommendProducts(store: StoreSettings, query: RecommendationQuery): StoreProduct[] {
  const count = Math.max(1, Math.min(MAX_RECOMMENDED, Math.trunc(query.count) || MAX_RECOMMENDED));
  const byId = new Map(store.products.map((product) => [product.product_id, product]));
  const inStock = (product: StoreProduct) =>
    typeof product.inventory_quantity !== 'number' || product.inventory_quantity > 0;
  const pick = (ids: string[]) => ids.map((id) => byId.get(id)).filter((product): product is StoreProduct => !!product);
  const available = store.products.filter(inStock);
  const others = (exclude: string[]) =>
    available.filter((product) => !exclude.includes(product.product_id)).sort(byRank);
  let chosen: StoreProduct[];
  switch (query.category) {
    case 'manual':
      chosen = pick(query.manualProducts);
      break;
    case 'product_collection':
      chosen = available
        .filter((product) => product.collections?.some((name) => query.manualProducts.includes(name)))
        .sort(byRank);
      break;
    case 'last_visited':
      chosen = pick(query.productIds);
      break;
    case 'product_in_cart': {
      const inCart = pick(query.productIds);
      const collections = new Set(inCart.flatMap((product) => product.collections ?? []));
      const related = others(query.productIds).filter((product) =>
        product.collections?.some((name) => collections.has(name)),
      );
      chosen = related.length > 0 ? related : others(query.productIds);
      break;
    }
    default:
      chosen = others(query.productIds);
  }
  return chosen.filter(inStock).slice(0, count);
}

/** A feed product as the recommendation answer carries it. */
export function toRecommendedProduct(product: StoreProduct, currency: string): RecommendedProduct {
  return {
    product_id: product.product_id,
    variant_id: product.variant_id ?? product.product_id,
    image: product.image ?? '',
    desc: product.desc ?? '',
    title: product.title,
    ...(product.handle ? { handle: product.handle } : {}),
    ...(product.path ? { path: product.path } : {}),
    inventory_quantity: product.inventory_quantity ?? null,
    price: product.price,
    compare_at_price: product.compare_at_price ?? null,
    currency,
  };
}
