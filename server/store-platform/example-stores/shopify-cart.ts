// A Shopify storefront cart, as the storefront AJAX API documents it: GET cart.js, POST cart/add.js,
// cart/change.js, cart/update.js and cart/clear.js; prices in cents; 422 for what cannot be added. One object is
// one visitor's cart. The example store serves it over HTTP, and so do the browser tests (on their own origin).

export interface CatalogueVariant {
  variantId: string;
  productId: string;
  title: string;
  /** In currency units. */
  price: number;
  /** Null: not tracked. */
  inventory: number | null;
  handle?: string;
}

export interface CartAnswer {
  status: number;
  body: unknown;
}

/** The cart calls under a store's root, as their path after the root ("cart.js", "cart/add.js", …). */
export const CART_ROUTES = ['cart.js', 'cart/add.js', 'cart/change.js', 'cart/update.js', 'cart/clear.js'] as const;

const cents = (amount: number) => Math.round(amount * 100);
const asNumber = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
const badRequest = (description: string): CartAnswer => ({
  status: 400,
  body: { status: 400, message: 'Bad Request', description },
});

export class ShopifyCart {
  private readonly lines = new Map<string, number>();

  constructor(readonly token: string) {}

  private lineJson(variant: CatalogueVariant, quantity: number) {
    return {
      id: asNumber(variant.variantId),
      variant_id: asNumber(variant.variantId),
      product_id: asNumber(variant.productId),
      key: `${variant.variantId}:1`,
      title: variant.title,
      handle: variant.handle ?? '',
      quantity,
      price: cents(variant.price),
      line_price: cents(variant.price) * quantity,
    };
  }

  read(catalogue: readonly CatalogueVariant[]) {
    const items = [...this.lines].flatMap(([variantId, quantity]) => {
      const variant = catalogue.find((candidate) => candidate.variantId === variantId);
      return variant ? [this.lineJson(variant, quantity)] : [];
    });
    return {
      token: this.token,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      total_price: items.reduce((sum, item) => sum + item.line_price, 0),
      items,
    };
  }

  private setQuantity(variantId: string, quantity: number): void {
    if (quantity > 0) this.lines.set(variantId, quantity);
    else this.lines.delete(variantId);
  }

  /** One call; `route` is its path after the store's root. */
  handle(
    method: string,
    route: string,
    body: Record<string, unknown>,
    catalogue: readonly CatalogueVariant[],
  ): CartAnswer {
    const find = (id: unknown) => catalogue.find((variant) => variant.variantId === String(id ?? '').split(':')[0]);
    switch (`${method} ${route}`) {
      case 'GET cart.js':
        return { status: 200, body: this.read(catalogue) };
      case 'POST cart/add.js': {
        const wanted = Array.isArray(body.items)
          ? (body.items as Record<string, unknown>[])
          : [{ id: body.id, quantity: body.quantity }];
        const added = [];
        for (const item of wanted) {
          const variant = find(item.id);
          const quantity = Number(item.quantity ?? 1);
          if (!variant)
            return {
              status: 422,
              body: { status: 422, message: 'Cart Error', description: `Cannot find variant ${String(item.id)}` },
            };
          if (!Number.isInteger(quantity) || quantity < 1)
            return {
              status: 422,
              body: { status: 422, message: 'Cart Error', description: 'Quantity must be 1 or more' },
            };
          const total = (this.lines.get(variant.variantId) ?? 0) + quantity;
          if (variant.inventory !== null && total > variant.inventory) {
            return {
              status: 422,
              body: {
                status: 422,
                message: 'Cart Error',
                description: `You can't add more ${variant.title} to the cart.`,
              },
            };
          }
          this.lines.set(variant.variantId, total);
          added.push(this.lineJson(variant, total));
        }
        return { status: 200, body: { items: added } };
      }
      case 'POST cart/change.js': {
        const quantity = Number(body.quantity);
        if (!Number.isInteger(quantity) || quantity < 0) return badRequest('quantity must be 0 or more');
        const line = Number(body.line);
        const variantId =
          Number.isInteger(line) && line >= 1 ? [...this.lines.keys()][line - 1] : find(body.id)?.variantId;
        if (!variantId) return badRequest('no such line in the cart');
        this.setQuantity(variantId, quantity);
        return { status: 200, body: this.read(catalogue) };
      }
      case 'POST cart/update.js': {
        const updates = body.updates;
        if (!updates || typeof updates !== 'object')
          return badRequest('updates must be an object of variant id to quantity');
        for (const [variantId, quantity] of Object.entries(updates as Record<string, unknown>))
          if (find(variantId)) this.setQuantity(variantId, Math.max(0, Number(quantity) || 0));
        return { status: 200, body: this.read(catalogue) };
      }
      case 'POST cart/clear.js':
        this.lines.clear();
        return { status: 200, body: this.read(catalogue) };
      default:
        return { status: 404, body: { status: 404, message: 'Not Found' } };
    }
  }
}
