// Store parts of a pop-up template (design §2): `[data-poptin-add-to-cart="N"]` buttons add the item of the
// pop-up's add-to-cart setting N (widget §3), and `<poptin-product-recommendations>` show the products the
// controller fetched for the pop-up.
import type { Language } from '../../core/i18n/strings.ts';
import { translate } from '../../core/i18n/strings.ts';
import { addToCartItemOf } from '../../core/products/add-to-cart.ts';
import type { RecommendationModel, StorePlatform } from '../../core/products/recommendations.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { requestAddToCart } from '../shared/add-to-cart.ts';

const RECOMMENDATIONS = 'poptin-product-recommendations';

export interface TemplateStoreOptions {
  designProperties: Record<string, unknown>;
  platform: StorePlatform;
  recommendations: RecommendationModel | undefined;
  language: Language;
  announce: (message: string) => void;
}

/** Binds the template's add-to-cart buttons and recommendations; returns the unbinding. */
export function bindTemplateStore(content: HTMLElement, options: TemplateStoreOptions): () => void {
  const lists = [...content.querySelectorAll<HTMLElement & { recommendations?: RecommendationModel | null }>(RECOMMENDATIONS)];
  if (lists.length > 0) {
    const model = options.recommendations ? { ...options.recommendations, lang: options.language } : null;
    // Set once defined and upgraded: a property set on an element not yet upgraded would hide the element's own
    // accessor, and defining upgrades only elements in the page, while a pop-up may be built before it is put there.
    import('../../../elements/poptin-product-recommendations/define.ts')
      .then(() =>
        lists.forEach((list) => {
          customElements.upgrade(list);
          list.recommendations = model;
        }),
      )
      .catch((error: unknown) => log.error('the product recommendations could not be loaded', error));
  }
  const busy = new WeakSet<Element>();
  return listenSafely(content, 'click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-poptin-add-to-cart]');
    if (!button) return;
    event.preventDefault();
    if (busy.has(button)) return;
    let item;
    try {
      item = addToCartItemOf(options.designProperties, options.platform, button.dataset.poptinAddToCart ?? '');
    } catch (error) {
      return log.warn(`add-to-cart button: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!item) return log.warn(`add-to-cart button ${button.dataset.poptinAddToCart || 1} has no item in the pop-up's settings`);
    busy.add(button);
    button.setAttribute('aria-busy', 'true');
    void requestAddToCart(button, item).then((added) => {
      busy.delete(button);
      button.removeAttribute('aria-busy');
      options.announce(translate(options.language, added ? 'addedToCart' : 'addToCartFailed'));
    });
  });
}
