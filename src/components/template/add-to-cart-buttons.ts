// `[data-poptin-add-to-cart="N"]` buttons of a template (template-store.ts), a chunk loaded by a template that has one.
import { type Language, translate } from '../../core/i18n/strings.ts';
import { addToCartItemOf } from '../../core/products/add-to-cart.ts';
import type { StorePlatform } from '../../core/products/recommendations.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { requestAddToCart } from '../shared/add-to-cart.ts';
import { ADD_TO_CART_SELECTOR } from './part-marks.ts';

export interface AddToCartOptions {
  designProperties: Record<string, unknown>;
  platform: StorePlatform;
  language: Language;
  announce: (message: string) => void;
}

/** A click on a button adds the item of the pop-up's add-to-cart setting N (widget §3) and says how it went. */
export function bindAddToCartButtons(content: HTMLElement, options: AddToCartOptions): () => void {
  const busy = new WeakSet<Element>();
  return listenSafely(content, 'click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>(ADD_TO_CART_SELECTOR);
    if (!button) return;
    event.preventDefault();
    if (busy.has(button)) return;
    let item;
    try {
      item = addToCartItemOf(options.designProperties, options.platform, button.dataset.poptinAddToCart ?? '');
    } catch (error) {
      return log.warn(`add-to-cart button: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!item)
      return log.warn(`add-to-cart button ${button.dataset.poptinAddToCart || 1} has no item in the pop-up's settings`);
    busy.add(button);
    button.setAttribute('aria-busy', 'true');
    void requestAddToCart(button, item).then((added) => {
      busy.delete(button);
      button.removeAttribute('aria-busy');
      options.announce(translate(options.language, added ? 'addedToCart' : 'addToCartFailed'));
    });
  });
}
