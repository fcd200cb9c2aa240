// The products a recommendation pop-up shows (widget §3, §7): asked of the store's platform for this visitor's recent
// products, cart and the product on screen.

import type { PopupConfig } from '../../src/core/config/types.ts';
import { readString } from '../../src/core/config/values.ts';
import {
  type RecommendationModel,
  type RecommendationSettings,
  readProducts,
  readRecommendationSettings,
  recommendationRequest,
} from '../../src/core/products/recommendations.ts';
import type { StoreCart, StoreIntegration } from '../../src/integrations/store.ts';
import type { SessionContext } from './context.ts';

/** A recommendation pop-up without settings shows the store's best ranked products. */
const DEFAULT_RECOMMENDATIONS: RecommendationSettings = {
  category: 'algorithm_id_1',
  manualProducts: [],
  count: 3,
  buttonsAction: 'add_to_cart',
};

/** What the store link knows now: the page's store, when it has one, and its cart as last read. */
export interface RecommendationSource {
  context: SessionContext;
  store: StoreIntegration | null;
  cart: StoreCart | null;
}

/** What a pop-up's products would be asked for now, and the key that tells products fetched for another ask. */
export function recommendationQuery({ context, store, cart }: RecommendationSource, config: PopupConfig) {
  const settings = readRecommendationSettings(config.raw) ?? DEFAULT_RECOMMENDATIONS;
  const platform = store?.platform ?? (readString(config.raw.store_platform) === 'wix' ? 'wix' : 'shopify');
  const viewedProductId = store?.viewedProduct()?.productId;
  const body = recommendationRequest(settings, {
    recentProductIds: context.products.recentProductIds(),
    cartProductIds: (cart?.items ?? []).map((item) => item.productId),
    viewedProductId,
  });
  return { settings, platform, body, viewedProductId, key: JSON.stringify([platform, body]) };
}

/** The products of a recommendation pop-up, and the key they are asked with; none to show is an error (widget §8). */
export function fetchRecommendations(
  source: RecommendationSource,
  config: PopupConfig,
): { key: string; model: Promise<RecommendationModel> } {
  const { settings, platform, body, viewedProductId, key } = recommendationQuery(source, config);
  const model = source.context.api
    .productRecommendations(platform, config.id, body)
    .then((answer): RecommendationModel => {
      const products = readProducts(answer.data.products, {
        currency: answer.currency,
        count: settings.count,
        leaveOut: viewedProductId ? [viewedProductId] : [],
      });
      if (products.length === 0)
        throw new Error(`Failed to fetch ${platform} product recommendation data: no products to recommend`);
      return { platform, products, buttonsAction: settings.buttonsAction, storeRoot: source.store?.root ?? '/' };
    });
  return { key, model };
}
