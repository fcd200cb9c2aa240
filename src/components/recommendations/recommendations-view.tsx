import { useState } from 'react';
import { direction } from '../../core/i18n/language.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { formatPrice } from '../../core/products/currency.ts';
import {
  cardButton,
  type ProductItem,
  productTitle,
  productUrl,
  type RecommendationModel,
  wixDescription,
} from '../../core/products/recommendations.ts';
import { requestAddToCart } from '../shared/add-to-cart.ts';
import { languageAround } from '../shared/language-around.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useStore } from '../shared/use-store.ts';

type AddState = 'adding' | 'added' | 'failed';

const ADD_LABEL: Record<AddState | 'idle', Parameters<typeof translate>[1]> = {
  idle: 'addToCart',
  adding: 'addingToCart',
  added: 'addedToCart',
  failed: 'addToCartFailed',
};

function Price({ product, language }: { product: ProductItem; language: Language }): React.JSX.Element {
  const was =
    product.compareAtPrice !== null && product.compareAtPrice > product.price
      ? formatPrice(product.compareAtPrice, product.currency)
      : '';
  return (
    <p part="price">
      <span part="current-price">{formatPrice(product.price, product.currency)}</span>
      {was && (
        <>
          {' '}
          <s part="compare-at-price" aria-hidden="true">
            {was}
          </s>
          <span className="visually-hidden">{translate(language, 'priceWas', { price: was })}</span>
        </>
      )}
    </p>
  );
}

/**
 * Up to three recommended products in a row: image, title cut to the platform's length, price with its
 * currency symbol (and the compare-at price struck through), the stock left, and the card's button: add to
 * cart (then, for add_to_cart_redirect, the cart page), a link to the product, or none.
 */
export function RecommendationsView(): React.JSX.Element {
  const host = useSurfaceHost<RecommendationModel>();
  const model = useStore(host.model);
  const language = languageAround(host, model?.lang);
  const [adding, setAdding] = useState<Record<string, AddState>>({});
  const [spoken, setSpoken] = useState('');
  if (!model || model.products.length === 0) return <SurfaceStyles />;
  const button = cardButton(model.buttonsAction);

  const add = (product: ProductItem, redirect: boolean) => {
    if (adding[product.productId] === 'adding') return;
    setAdding((now) => ({ ...now, [product.productId]: 'adding' }));
    void requestAddToCart(host, { id: product.variantId, quantity: 1, redirect }).then((added) => {
      const state: AddState = added ? 'added' : 'failed';
      setAdding((now) => ({ ...now, [product.productId]: state }));
      setSpoken(`${product.title}: ${translate(language, ADD_LABEL[state])}`);
    });
  };

  return (
    <>
      <SurfaceStyles />
      <section
        part="base"
        dir={direction(language)}
        lang={language}
        aria-label={translate(language, 'recommendationsLabel')}
      >
        <ul part="list" data-count={model.products.length}>
          {model.products.map((product) => {
            const state = adding[product.productId];
            const url = productUrl(product, model.storeRoot);
            const title = productTitle(product.title, model.platform);
            return (
              <li part="product" key={product.productId}>
                {product.image && <img part="image" src={product.image} alt="" loading="lazy" decoding="async" />}
                <h3 part="title" title={title === product.title ? undefined : product.title}>
                  {title}
                </h3>
                {model.platform === 'wix' && product.description && (
                  <p part="description">{wixDescription(product.description)}</p>
                )}
                <Price product={product} language={language} />
                {product.inventoryQuantity !== null && product.inventoryQuantity > 0 && (
                  <p part="stock">{translate(language, 'stockLeft', { count: product.inventoryQuantity })}</p>
                )}
                {button?.kind === 'add' && (
                  <button
                    type="button"
                    part="button"
                    aria-disabled={state === 'adding' ? 'true' : undefined}
                    aria-label={`${translate(language, ADD_LABEL[state ?? 'idle'])}: ${product.title}`}
                    onClick={() => add(product, button.redirect)}
                  >
                    {translate(language, ADD_LABEL[state ?? 'idle'])}
                  </button>
                )}
                {button?.kind === 'link' && url && (
                  <a
                    part="button"
                    href={url}
                    {...(button.newTab ? { target: '_blank', rel: 'noopener' } : {})}
                    aria-label={`${translate(language, 'viewProduct')}: ${product.title}`}
                  >
                    {translate(language, 'viewProduct')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {spoken}
        </p>
      </section>
    </>
  );
}
