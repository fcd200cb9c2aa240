// A visitor's code made in the site's Shopify shop through the REST Admin API: a price rule that may be used once
// (https://shopify.dev/docs/api/admin-rest/2024-10/resources/pricerule#post-price-rules), then its discount code
// (https://shopify.dev/docs/api/admin-rest/2024-10/resources/discountcode#post-price-rules-price-rule-id-discount-codes).
// One rule per code: a rule's usage_limit counts the uses of all its codes together.

export const SHOPIFY_API_VERSION = '2024-10';
/** A shop's domain as Shopify gives it. */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;
/** How long the two calls may take together before the lead goes on without a code. */
const SHOPIFY_TIMEOUT_MS = 8_000;

export interface ShopifyDiscount {
  shop: string;
  /** `percentage` (value 1-100 % off) or `fixed_amount` (value off, in the shop's currency). */
  valueType: 'percentage' | 'fixed_amount';
  value: number;
}

/** Where the Admin API of a shop is: https://{shop}, or a fake's address in tests. */
export type ShopifyBase = (shop: string) => string;
export const shopifyAdminBase: ShopifyBase = (shop) => `https://${shop}`;

export class ShopifyError extends Error {}

async function post(url: string, token: string, body: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify(body),
    signal,
    redirect: 'error',
  });
  const text = await response.text();
  if (response.status !== 201 && response.status !== 200)
    throw new ShopifyError(`Shopify answered ${response.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ShopifyError(`Shopify answered ${response.status} with no JSON`);
  }
}

/** Creates `code` in the shop, usable once; throws a ShopifyError when the shop refuses it or does not answer. */
export async function createShopifyCode(
  base: ShopifyBase,
  discount: ShopifyDiscount,
  token: string,
  code: string,
): Promise<void> {
  const admin = `${base(discount.shop)}/admin/api/${SHOPIFY_API_VERSION}`;
  const signal = AbortSignal.timeout(SHOPIFY_TIMEOUT_MS);
  const ruleAnswer = await post(
    `${admin}/price_rules.json`,
    token,
    {
      price_rule: {
        title: code,
        target_type: 'line_item',
        target_selection: 'all',
        allocation_method: 'across',
        value_type: discount.valueType,
        value: `-${discount.value}`,
        customer_selection: 'all',
        usage_limit: 1,
        once_per_customer: true,
        starts_at: new Date().toISOString(),
      },
    },
    signal,
  );
  const ruleId = (ruleAnswer.price_rule as { id?: unknown } | undefined)?.id;
  if (typeof ruleId !== 'number' && typeof ruleId !== 'string')
    throw new ShopifyError('Shopify answered a price rule without an id');
  await post(
    `${admin}/price_rules/${encodeURIComponent(String(ruleId))}/discount_codes.json`,
    token,
    { discount_code: { code } },
    signal,
  );
}
