// Fakes of the two store platforms' order webhooks: each sends, over real HTTP, the body and headers its platform
// documents (server/store-platform/revenue/orders.ts names the pages), signed as the platform signs it.
import { createHmac, createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { SHOPIFY_ORDERS_WEBHOOK, WIX_ORDERS_WEBHOOK } from '../routes.ts';

export interface OrderFacts {
  id: number | string;
  email: string;
  total: string;
  currency?: string;
  createdAt?: Date;
  /** Cart attributes of the order (Shopify's note_attributes). */
  attributes?: { name: string; value: string }[];
}

/** An orders/create body shaped as Shopify's Order resource (a representative subset of its fields). */
export function shopifyOrderPayload(order: OrderFacts): Record<string, unknown> {
  const created = (order.createdAt ?? new Date()).toISOString().replace('Z', '+00:00');
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    app_id: 580111,
    browser_ip: '203.0.113.7',
    buyer_accepts_marketing: true,
    cart_token: 'Z2NwLXVzLWVhc3QxOjAxSEtGN0',
    checkout_id: 901414060,
    confirmation_number: 'XPAV284CT',
    confirmed: true,
    contact_email: order.email,
    created_at: created,
    currency: order.currency ?? 'USD',
    current_total_price: order.total,
    email: order.email,
    financial_status: 'paid',
    fulfillment_status: null,
    landing_site: '/?utm_source=newsletter',
    name: '#1001',
    note: null,
    note_attributes: order.attributes ?? [],
    order_number: 1001,
    presentment_currency: order.currency ?? 'USD',
    processed_at: created,
    source_name: 'web',
    subtotal_price: order.total,
    tags: '',
    total_discounts: '0.00',
    total_price: order.total,
    total_tax: '0.00',
    updated_at: created,
    customer: {
      id: 207119551,
      email: order.email,
      created_at: created,
      first_name: 'Jane',
      last_name: 'Doe',
      currency: order.currency ?? 'USD',
    },
    line_items: [
      {
        id: 466157049,
        name: 'Running shoe - 42',
        price: order.total,
        product_id: 632910392,
        quantity: 1,
        sku: 'SHOE-42',
        title: 'Running shoe',
        variant_id: 808950810,
      },
    ],
  };
}

export interface ShopifyDelivery {
  shop: string;
  secret: string;
  webhookId?: string;
  topic?: string;
  /** Sign with this text instead of the body (a forged or altered delivery). */
  signWith?: string;
}

/** Shopify delivering an order to the server at `base`, as its webhooks do. */
export async function sendShopifyOrder(base: string, order: OrderFacts, delivery: ShopifyDelivery): Promise<Response> {
  const body = JSON.stringify(shopifyOrderPayload(order));
  const hmac = createHmac('sha256', delivery.secret)
    .update(delivery.signWith ?? body)
    .digest('base64');
  return fetch(`${base}${SHOPIFY_ORDERS_WEBHOOK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': delivery.topic ?? 'orders/create',
      'x-shopify-hmac-sha256': hmac,
      'x-shopify-shop-domain': delivery.shop,
      'x-shopify-api-version': '2024-10',
      'x-shopify-webhook-id': delivery.webhookId ?? randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  });
}

/** The key pair of a test Wix app: Wix signs with the private key, the server verifies with the public one. */
export function wixAppKeys(): { privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT as Wix signs a webhook: RS256, its `data` the JSON text of the envelope. */
export function wixJwt(privateKey: KeyObject, envelope: Record<string, unknown>, expiresInSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { data: JSON.stringify(envelope), iat: now, exp: now + expiresInSeconds };
  const signed = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(signed).sign(privateKey).toString('base64url');
  return `${signed}.${signature}`;
}

/** The envelope of an eCom Order Created event for the app instance `instanceId`. */
export function wixOrderCreated(instanceId: string, order: OrderFacts, eventId: string = randomUUID()) {
  const created = (order.createdAt ?? new Date()).toISOString();
  const entity = {
    id: String(order.id),
    number: '10001',
    createdDate: created,
    updatedDate: created,
    buyerInfo: { contactId: randomUUID(), email: order.email, visitorId: randomUUID() },
    currency: order.currency ?? 'USD',
    status: 'APPROVED',
    paymentStatus: 'PAID',
    priceSummary: {
      subtotal: { amount: order.total, formattedAmount: `$${order.total}` },
      total: { amount: order.total, formattedAmount: `$${order.total}` },
    },
    lineItems: [{ id: randomUUID(), productName: { original: 'Running shoe' }, quantity: 1 }],
  };
  return {
    eventType: 'wix.ecom.v1.order_created',
    instanceId,
    data: JSON.stringify({
      id: eventId,
      entityFqdn: 'wix.ecom.v1.order',
      slug: 'created',
      entityId: entity.id,
      eventTime: created,
      createdEvent: { entity },
    }),
  };
}

/** Wix delivering a webhook: the whole body is the JWT. */
export function sendWixWebhook(base: string, jwt: string): Promise<Response> {
  return fetch(`${base}${WIX_ORDERS_WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: jwt,
  });
}
