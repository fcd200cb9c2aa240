// Browse abandonment (widget §3, §5, §7): the products a visitor looked at are reported for the owner's
// follow-up, 5 s after the product page was seen, and only for a visitor the store knows.
import type { BrowsedProduct, WixOrderedProductsRequest } from '../core/api/contract.ts';
import type { RememberedProduct } from '../core/visitor/products.ts';

export const BROWSE_ABANDONMENT_DELAY_MS = 5_000;

export function browsedProducts(products: RememberedProduct[]): BrowsedProduct[] {
  return products.map((product) => ({
    product_id: product.productId,
    product_name: product.productName,
    category: product.category,
  }));
}

/** The query of `GET /shopify/save/browse-abandonment`; `customer` is the customer id, else the converted e-mail. */
export function shopifyBrowseAbandonmentQuery(fields: {
  clientId: string;
  customer: string;
  products: RememberedProduct[];
  totalCartValue: number;
}): Record<string, string> {
  return {
    clientId: fields.clientId,
    customer: fields.customer,
    products: JSON.stringify(browsedProducts(fields.products)),
    data_for: 'browse_abandonment',
    total_cart_value: String(fields.totalCartValue),
  };
}

/** Widget §5: on Wix, browse abandonment needs a customer id, and each product an id and a name. */
export function wixOrderedProductsRequest(fields: {
  clientId: string;
  customerId: string;
  products: RememberedProduct[];
}): WixOrderedProductsRequest {
  if (!fields.customerId) throw new Error('browse abandonment on Wix needs a signed-in member (customer id)');
  const products = fields.products.filter((product) => product.productId && product.productName);
  if (products.length === 0) throw new Error('browse abandonment on Wix needs a product id and a product name');
  return {
    client_id: fields.clientId,
    customer_id: fields.customerId,
    products: browsedProducts(products),
    source_table: 'browse_abandonment',
  };
}
