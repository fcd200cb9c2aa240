// Store parts of a pop-up template (design §2): `[data-poptin-add-to-cart="N"]` buttons add the item of the
// pop-up's add-to-cart setting N (widget §3), and `<poptin-product-recommendations>` show the products the
// controller fetched for the pop-up. Each is a chunk of its own, loaded by a template that has one.
import type { Language } from '../../core/i18n/strings.ts';
import { bindWhenLoaded } from '../../core/loading/when-loaded.ts';
import type { RecommendationModel, StorePlatform } from '../../core/products/recommendations.ts';
import {
  ADD_TO_CART_SELECTOR,
  loadAddToCartBinding,
  loadRecommendations,
  RECOMMENDATIONS_TAG,
} from './template-parts.ts';

export interface TemplateStoreOptions {
  designProperties: Record<string, unknown>;
  platform: StorePlatform;
  recommendations: RecommendationModel | undefined;
  language: Language;
  announce: (message: string) => void;
}

/** Binds the template's add-to-cart buttons and recommendations; returns the unbinding. */
export function bindTemplateStore(content: HTMLElement, options: TemplateStoreOptions): () => void {
  const lists = [
    ...content.querySelectorAll<HTMLElement & { recommendations?: RecommendationModel | null }>(RECOMMENDATIONS_TAG),
  ];
  if (lists.length > 0) {
    const model = options.recommendations ? { ...options.recommendations, lang: options.language } : null;
    // Set once defined and upgraded: a property set on an element not yet upgraded would hide the element's own
    // accessor, and defining upgrades only elements in the page, while a pop-up may be built before it is put there.
    // Loaded with the template ahead of the trigger (template-parts.ts): filled at once, before it first shows.
    bindWhenLoaded('the product recommendations', loadRecommendations, () => {
      lists.forEach((list) => {
        customElements.upgrade(list);
        list.recommendations = model;
      });
      return () => undefined;
    });
  }
  if (!content.querySelector(ADD_TO_CART_SELECTOR)) return () => undefined;
  return bindWhenLoaded('the add-to-cart buttons of the pop-up', loadAddToCartBinding, ({ bindAddToCartButtons }) =>
    bindAddToCartButtons(content, options),
  );
}
