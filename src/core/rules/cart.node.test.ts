import { describe, it } from 'node:test';
import { expect } from 'chai';
import type { CartTriggerSettings } from '../config/types.ts';
import { type CartEvent, compareAmount, evaluateCartTrigger, parseProductScope } from './cart.ts';

const settings = (action: string, products = 'any_product', filter = '', value = ''): CartTriggerSettings => ({
  shopifyActive: true,
  shopifyAction: action,
  shopifyProducts: products,
  shopifyCartSpecFilter: filter,
  shopifyCartSpecValue: value,
  wixActive: false,
});

const cart = (items: [string, number][], total: number) => ({
  items: items.map(([productId, quantity]) => ({ productId, quantity })),
  total,
});
const event = (kind: CartEvent['kind'], productIds: string[], state = cart([], 0)): CartEvent => ({
  kind,
  productIds,
  cart: state,
});

describe('cart comparisons (widget §5)', () => {
  it('greater_than, equal, greater_than_or_equal', () => {
    expect([compareAmount(5, 'greater_than', 4), compareAmount(4, 'greater_than', 4)]).to.deep.equal([true, false]);
    expect([compareAmount(4, 'equal', 4), compareAmount(4.5, 'equal', 4)]).to.deep.equal([true, false]);
    expect([compareAmount(4, 'greater_than_or_equal', 4), compareAmount(3, 'greater_than_or_equal', 4)]).to.deep.equal([
      true,
      false,
    ]);
  });

  it('product scope: any_product, empty_cart, or a comma list of ids', () => {
    expect(parseProductScope('any_product')).to.deep.equal({ kind: 'any_product' });
    expect(parseProductScope('empty_cart')).to.deep.equal({ kind: 'empty_cart' });
    expect(parseProductScope(' 111, 222 ,')).to.deep.equal({ kind: 'ids', ids: ['111', '222'] });
  });

  describe('cart actions', () => {
    it('added_product: the event adds a product in scope', () => {
      expect(evaluateCartTrigger(settings('added_product'), event('added_product', ['9'])).allowed).to.equal(true);
      expect(evaluateCartTrigger(settings('added_product', '1,2'), event('added_product', ['2'])).allowed).to.equal(
        true,
      );
      expect(evaluateCartTrigger(settings('added_product', '1,2'), event('added_product', ['3'])).allowed).to.equal(
        false,
      );
      expect(evaluateCartTrigger(settings('added_product'), event('removed_product', ['9'])).allowed).to.equal(false);
    });

    it('removed_product: with empty_cart, only when the cart is empty afterwards', () => {
      expect(evaluateCartTrigger(settings('removed_product'), event('removed_product', ['1'])).allowed).to.equal(true);
      expect(
        evaluateCartTrigger(
          settings('removed_product', 'empty_cart'),
          event('removed_product', ['1'], cart([['2', 1]], 10)),
        ).allowed,
      ).to.equal(false);
      expect(
        evaluateCartTrigger(settings('removed_product', 'empty_cart'), event('removed_product', ['2'], cart([], 0)))
          .allowed,
      ).to.equal(true);
    });

    it('cart_item: items in scope compared with the value (default: at least one)', () => {
      const state = cart(
        [
          ['1', 2],
          ['2', 1],
        ],
        30,
      );
      expect(evaluateCartTrigger(settings('cart_item'), event('cart_updated', [], state)).allowed).to.equal(true);
      expect(
        evaluateCartTrigger(settings('cart_item', 'any_product', 'greater_than', '3'), event('cart_updated', [], state))
          .allowed,
      ).to.equal(false);
      expect(
        evaluateCartTrigger(settings('cart_item', 'any_product', 'equal', '3'), event('cart_updated', [], state))
          .allowed,
      ).to.equal(true);
      expect(
        evaluateCartTrigger(settings('cart_item', '1', 'greater_than_or_equal', '2'), event('cart_updated', [], state))
          .allowed,
      ).to.equal(true);
      expect(
        evaluateCartTrigger(settings('cart_item', '2', 'greater_than_or_equal', '2'), event('cart_updated', [], state))
          .allowed,
      ).to.equal(false);
      expect(
        evaluateCartTrigger(settings('cart_item', 'empty_cart'), event('cart_updated', [], cart([], 0))).allowed,
      ).to.equal(true);
    });

    it('cart_value: the cart total compared with the value', () => {
      const state = cart([['1', 1]], 99.5);
      expect(
        evaluateCartTrigger(
          settings('cart_value', 'any_product', 'greater_than', '99'),
          event('cart_updated', [], state),
        ).allowed,
      ).to.equal(true);
      expect(
        evaluateCartTrigger(
          settings('cart_value', 'any_product', 'greater_than_or_equal', '100'),
          event('cart_updated', [], state),
        ).allowed,
      ).to.equal(false);
      expect(
        evaluateCartTrigger(
          settings('cart_value', 'any_product', 'equal', '99.5'),
          event('added_product', ['1'], state),
        ).allowed,
      ).to.equal(true);
      expect(evaluateCartTrigger(settings('cart_value'), event('cart_updated', [], state)).reason).to.contain(
        'needs a comparison and a value',
      );
    });

    it('unknown actions and comparisons are reported', () => {
      expect(evaluateCartTrigger(settings('wishlist'), event('added_product', ['1'])).reason).to.contain(
        'unknown cart action',
      );
      expect(
        evaluateCartTrigger(settings('cart_value', 'any_product', 'less_than', '5'), event('cart_updated', [])).reason,
      ).to.contain('unknown cart comparison');
    });
  });
});
