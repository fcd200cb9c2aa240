import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { armCart } from './cart.ts';
import { createCartEvents } from './cart-events.ts';
import { testConfig, triggerContext } from './test-support/fakes.ts';

const cartConfig = (action: string, products = 'any_product', filter = '', value = '') =>
  testConfig({
    shopify_cart_trigger_active: 'yes',
    shopify_cart_trigger_action: action,
    shopify_cart_trigger_products: products,
    shopify_cart_trigger_cart_spec_filter: filter,
    shopify_cart_trigger_cart_spec_value: value,
  });

describe('cart events trigger (widget §3 cart trigger settings)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ now: 1_000_000 })));
  afterEach(() => clock.restore());

  it('fireCartEvent(added_product) records cart_event for a product in scope, once', () => {
    const hub = createCartEvents();
    const context = triggerContext({ config: cartConfig('added_product', '111,222'), cartEvents: hub });
    armCart(context);
    hub.fireCartEvent('added_product', { productIds: ['999'] });
    expect(context.fired).to.deep.equal([]);
    hub.fireCartEvent('added_product', {
      productIds: ['222'],
      cart: { items: [{ productId: '222', quantity: 1 }], total: 20 },
    });
    hub.fireCartEvent('added_product', { productIds: ['111'] });
    expect(context.fired).to.deep.equal(['cart_event']);
  });

  it('a cart_value condition already met by the known cart fires on the next task', () => {
    const hub = createCartEvents();
    hub.fireCartEvent('cart_updated', { cart: { items: [{ productId: '1', quantity: 2 }], total: 150 } });
    const context = triggerContext({
      config: cartConfig('cart_value', 'any_product', 'greater_than', '100'),
      cartEvents: hub,
    });
    armCart(context);
    clock.tick(0);
    expect(context.fired).to.deep.equal(['cart_event']);
  });

  it('wix_cart_trigger_active uses the same settings', () => {
    const hub = createCartEvents();
    const config = testConfig({
      wix_cart_trigger_active: 'yes',
      shopify_cart_trigger_action: 'removed_product',
      shopify_cart_trigger_products: 'empty_cart',
    });
    const context = triggerContext({ config, cartEvents: hub });
    armCart(context);
    hub.fireCartEvent('removed_product', {
      productIds: ['1'],
      cart: { items: [{ productId: '2', quantity: 1 }], total: 5 },
    });
    expect(context.fired).to.deep.equal([]);
    hub.fireCartEvent('removed_product', { productIds: ['2'], cart: { items: [], total: 0 } });
    expect(context.fired).to.deep.equal(['cart_event']);
  });

  it('does nothing when the cart trigger is off or no event source is given; disarm unsubscribes', () => {
    const hub = createCartEvents();
    const off = triggerContext({ config: testConfig(), cartEvents: hub });
    armCart(off);
    const noSource = triggerContext({ config: cartConfig('added_product') });
    armCart(noSource);
    const disarmed = triggerContext({ config: cartConfig('added_product'), cartEvents: hub });
    armCart(disarmed)();
    hub.fireCartEvent('added_product', { productIds: ['1'] });
    expect([off.fired, noSource.fired, disarmed.fired]).to.deep.equal([[], [], []]);
  });
});
