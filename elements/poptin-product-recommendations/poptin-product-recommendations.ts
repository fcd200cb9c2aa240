import {
  type RecommendationModel,
  recommendationModelFromAttributes,
} from '../../src/core/products/recommendations.ts';
import type { ProductSettings } from '../../src/core/public-types.ts';
import { guard } from '../../src/core/safety.ts';
import { createSurfaceElement, setModelFromAttributes } from '../shared/surface-element.ts';

const Surface = createSurfaceElement<RecommendationModel>({ nested: true });
const OWN_ATTRIBUTES = ['products', 'platform', 'currency', 'buttons', 'store-root'];

/**
 * Up to three recommended products (widget §3): image, title (cut at 50 characters, 18 on Wix), price with
 * its currency symbol and compare-at price, the stock left, and an add-to-cart button or a product link.
 * Inside a pop-up template the pop-up gives it the products fetched for it; an add-to-cart button asks the
 * page's `<poptin-controller>`, which adds to the Shopify or Wix cart.
 *
 * @tag poptin-product-recommendations
 * @summary Recommended products with add-to-cart buttons.
 *
 * @attr {string} products - The products as JSON: a list of `{product_id, variant_id, title, price, compare_at_price, currency, image, desc, handle, path, inventory_quantity}`.
 * @attr {'shopify' | 'wix'} platform - `shopify` (default) or `wix`: how titles and descriptions are cut.
 * @attr {string} currency - The currency of products that name none (default USD).
 * @attr {'add_to_cart' | 'add_to_cart_redirect' | 'redirect' | 'redirect_blank' | 'no_buttons'} buttons - `add_to_cart` (default), `add_to_cart_redirect`, `redirect`, `redirect_blank` or `no_buttons`.
 * @attr {string} store-root - The store's root path for product links (default `/`).
 * @attr {string} poptin-id - The pop-up it belongs to, passed on in its events' detail.
 *
 * @prop {ProductSettings[] | string | null} products - The products as a list, or the JSON text of the attribute; set as a property it wins over the attribute, also when set before the element was defined.
 *
 * @event poptin-add-to-cart - A product's button was pressed. detail: `{item: {id, quantity, redirect}, respondWith(promise)}`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The section around the products.
 * @csspart list - The row of products.
 * @csspart product - One product card.
 * @csspart image - Its image.
 * @csspart title - Its title.
 * @csspart description - Its description (Wix).
 * @csspart price - Its price line.
 * @csspart current-price - The price.
 * @csspart compare-at-price - The compare-at price, struck through.
 * @csspart stock - How many are left.
 * @csspart button - Its add-to-cart button or product link.
 *
 * @cssproperty --poptin-product-gap - Space between the cards.
 * @cssproperty --poptin-product-background - Card background.
 * @cssproperty --poptin-product-button-background - Button background.
 * @cssproperty --poptin-product-button-color - Button text colour.
 */
export class PoptinProductRecommendationsElement extends Surface {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...OWN_ATTRIBUTES];
  }

  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    super.attributeChangedCallback?.(name, previous, value);
    if (previous !== value && OWN_ATTRIBUTES.includes(name))
      guard('<poptin-product-recommendations> attributes', () => this.readAttributes());
  }

  /**
   * The products it shows; a pop-up sets this for the recommendations of its template.
   * @internal
   */
  get recommendations(): RecommendationModel | null {
    return this.model.get();
  }

  set recommendations(value: RecommendationModel | null) {
    this.model.set(value);
  }

  private productsValue: ProductSettings[] | string | null = null;

  /** The products, as the `products` attribute's JSON or as a list; set as a property, it wins over the attribute. */
  get products(): ProductSettings[] | string | null {
    return this.productsValue ?? this.getAttribute('products');
  }

  set products(value: ProductSettings[] | string | null) {
    this.productsValue = value;
    guard('<poptin-product-recommendations> products', () =>
      this.readAttributes(value === null && !this.hasAttribute('products')),
    );
  }

  private readAttributes(cleared = false): void {
    const products = this.products;
    setModelFromAttributes(this, cleared || 'products', () =>
      recommendationModelFromAttributes({
        products: products === null || typeof products === 'string' ? products : JSON.stringify(products),
        platform: this.getAttribute('platform'),
        currency: this.getAttribute('currency'),
        buttons: this.getAttribute('buttons'),
        storeRoot: this.getAttribute('store-root'),
      }),
    );
  }
}
