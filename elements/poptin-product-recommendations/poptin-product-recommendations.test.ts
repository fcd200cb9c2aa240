import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { AddToCartDetail } from '../../src/components/shared/add-to-cart.ts';
import {
  collect,
  mountGame as mountSurface,
  shadowPart,
  shadowParts,
  spoken,
} from '../../test/browser-support/games.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { until } from '../../test/browser-support/waiting.ts';
import './define.ts';
import type { PoptinProductRecommendationsElement } from './poptin-product-recommendations.ts';

const PRODUCTS = [
  {
    product_id: 7001,
    variant_id: 4001,
    title: 'Merino wool hiking socks, three pairs, cushioned sole for long trails',
    price: 19.5,
    compare_at_price: 25,
    inventory_quantity: 4,
    handle: 'socks',
    image: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E',
    currency: 'USD',
  },
  { product_id: 7002, variant_id: 4002, title: 'Water bottle', price: 24, inventory_quantity: null, handle: 'bottle' },
  { product_id: 7003, title: 'Headlamp', price: 34, handle: 'headlamp' },
];

const mount = (attributes: Record<string, string> = {}, parent?: HTMLElement) =>
  mountSurface<PoptinProductRecommendationsElement>(
    'poptin-product-recommendations',
    { products: JSON.stringify(PRODUCTS), currency: 'EUR', ...attributes },
    parent,
  );

describe('<poptin-product-recommendations>', () => {
  afterEach(() => {
    document.querySelectorAll('poptin-product-recommendations, [data-test-wrapper]').forEach((node) => node.remove());
    sinon.restore();
  });

  it('shows up to three products: title cut at 50, price with its symbol before it, the compare-at price, the stock left', async () => {
    const element = await mount();
    expect(shadowPart(element, 'list').dataset.count).to.equal('3');
    expect(shadowParts(element, 'title').map((title) => title.textContent)).to.deep.equal([
      'Merino wool hiking socks, three pairs, cushioned s…',
      'Water bottle',
      'Headlamp',
    ]);
    expect(shadowParts(element, 'title')[0]!.title).to.equal(PRODUCTS[0]!.title, 'the whole title on hover');
    expect(shadowParts(element, 'current-price').map((price) => price.textContent)).to.deep.equal([
      '$19.50',
      '€24.00',
      '€34.00',
    ]);
    expect(shadowPart(element, 'compare-at-price').textContent).to.equal('$25.00');
    expect(shadowPart(element, 'price').textContent).to.contain('Was $25.00');
    expect(shadowParts(element, 'stock').map((stock) => stock.textContent)).to.deep.equal(['4 left']);
    expect(shadowPart(element, 'base').getAttribute('aria-label')).to.equal('Recommended products');
  });

  it("a product's button asks for the add (Enter works) and says when it is in the cart", async () => {
    const element = await mount();
    const asked = collect<AddToCartDetail>(document, 'poptin-add-to-cart');
    document.addEventListener(
      'poptin-add-to-cart',
      (event) => (event as CustomEvent<AddToCartDetail>).detail.respondWith(Promise.resolve(true)),
      { once: true },
    );
    const button = shadowParts<HTMLButtonElement>(element, 'button')[0]!;
    expect(button.getAttribute('aria-label')).to.equal(`Add to cart: ${PRODUCTS[0]!.title}`);
    button.focus();
    await sendKeys({ press: 'Enter' });
    expect(asked.map((detail) => detail.item)).to.deep.equal([{ id: '4001', quantity: 1, redirect: false }]);
    await until(() => button.textContent === 'Added to cart', 'the added label');
    expect(spoken(element)).to.equal(`${PRODUCTS[0]!.title}: Added to cart`);
  });

  it('says the add failed when nothing on the page can add to a cart', async () => {
    const element = await mount({ buttons: 'add_to_cart_redirect' });
    const warn = sinon.stub(console, 'warn');
    const asked = collect<AddToCartDetail>(document, 'poptin-add-to-cart');
    const button = shadowParts<HTMLButtonElement>(element, 'button')[1]!;
    button.click();
    await until(() => button.textContent === 'Could not add to the cart', 'the failed label');
    expect(asked[0]!.item).to.deep.equal({ id: '4002', quantity: 1, redirect: true });
    expect(warn.args.flat().join(' ')).to.contain('nothing on this page adds to a cart');
  });

  it('links to the product, in a new tab for redirect_blank; no_buttons has none', async () => {
    const links = await mount({ buttons: 'redirect_blank', 'store-root': '/fr' });
    const link = shadowParts<HTMLAnchorElement>(links, 'button')[2]!;
    expect(link.getAttribute('href')).to.equal('/fr/products/headlamp');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener');
    const same = await mount({ buttons: 'redirect' });
    expect(shadowParts<HTMLAnchorElement>(same, 'button')[0]!.target).to.equal('');
    const none = await mount({ buttons: 'no_buttons' });
    expect(shadowParts(none, 'button')).to.have.length(0);
  });

  it('cuts Wix titles at 18 and shows their descriptions without markup', async () => {
    const element = await mount({
      platform: 'wix',
      products: JSON.stringify([
        {
          product_id: 'helmet',
          title: 'Safety helmet EN 397',
          price: 35.5,
          desc: '<p>Vented <b>ABS</b> &amp; harness</p>',
        },
      ]),
    });
    expect(shadowPart(element, 'title').textContent).to.equal('Safety helmet EN 3…');
    expect(shadowPart(element, 'description').textContent).to.equal('Vented ABS & harness');
    expect(shadowPart(element, 'list').dataset.count).to.equal('1');
  });

  it('speaks Hebrew right to left', async () => {
    const wrapper = document.createElement('div');
    wrapper.dataset.testWrapper = '';
    wrapper.lang = 'he';
    document.body.append(wrapper);
    const element = await mount({}, wrapper);
    expect(shadowPart(element, 'base').getAttribute('dir')).to.equal('rtl');
    expect(shadowPart(element, 'stock').textContent).to.equal('נותרו 4');
    expect(shadowParts(element, 'button')[0]!.textContent).to.equal('הוספה לסל');
  });

  it('shows nothing for products it cannot read, and says why', async () => {
    const warn = sinon.stub(console, 'warn');
    const element = document.createElement('poptin-product-recommendations');
    element.setAttribute('products', '[oops');
    document.body.append(element);
    await until(() => warn.called, 'the warning');
    expect(warn.args.flat().join(' ')).to.contain('the products attribute must be a JSON list of products');
    expect(element.shadowRoot?.querySelector('[part~="product"]') ?? null).to.equal(null);
  });

  it("keeps its width as its pictures arrive: a box that fits its content (a pop-up's dialog) does not move", async () => {
    const picture = (side: number) =>
      `data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%22${side}%22 height=%22${side}%22/%3E`;
    const widthWith = async (image: string) => {
      const wrapper = document.createElement('div');
      wrapper.dataset.testWrapper = '';
      wrapper.style.cssText = 'display: inline-block; max-width: 1000px;';
      document.body.append(wrapper);
      const element = await mountSurface<PoptinProductRecommendationsElement>(
        'poptin-product-recommendations',
        { products: JSON.stringify(PRODUCTS.map((product) => ({ ...product, image }))), currency: 'EUR' },
        wrapper,
      );
      const images = shadowParts(element, 'image') as HTMLImageElement[];
      await until(
        () => images.length === 3 && images.every((img) => img.complete && img.naturalWidth > 0),
        'the pictures',
      );
      return wrapper.getBoundingClientRect().width;
    };
    // A picture's own size is the shop's, and it arrives after the list is shown: the list's width must not follow it.
    expect(await widthWith(picture(300))).to.equal(await widthWith(picture(1)));
  });

  it('passes axe-core', async () => {
    const element = await mount();
    expect((await runAxe(element)).violations).to.deep.equal([]);
  });
});
