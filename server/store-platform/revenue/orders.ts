// The order webhooks of the two store platforms, checked and read into one shape.
//
// Shopify, `orders/create` (https://shopify.dev/docs/apps/build/webhooks/verify-deliveries and the REST Admin API's
// Order resource, https://shopify.dev/docs/api/admin-rest/2024-10/resources/order): the raw body is the order as
// JSON; X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of those bytes keyed with the app's client secret,
// X-Shopify-Topic its topic, X-Shopify-Shop-Domain the shop and X-Shopify-Webhook-Id the delivery (the same on retries).
//
// Wix eCom, Order Created (`wix.ecom.v1.order_created`, https://dev.wix.com/docs/build-apps/develop-your-app/frameworks/
// self-hosting/webhooks/handle-events-with-webhooks-for-self-hosting-without-the-java-script-sdk): the raw body is a
// JWT signed RS256 with Wix's key for the app (its public key is on the app's Webhooks page); its `data` is JSON text
// of { eventType, instanceId, data }, whose `data` is JSON text of the event: { id, entityId, createdEvent: { entity } }
// with the order (id, buyerInfo.email, priceSummary.total.amount, currency, createdDate).
import { createHmac, createPublicKey, createVerify, type KeyObject, timingSafeEqual } from 'node:crypto';
import { assertStorableText } from '../../platform/body-parsers.ts';

export const SHOPIFY_ORDER_TOPIC = 'orders/create';
export const WIX_ORDER_CREATED = 'wix.ecom.v1.order_created';
/** The cart attribute (an order's note_attributes) a theme may fill with the widget's visitor id. */
export const VISITOR_ATTRIBUTE = 'poptin_visitor';

/** An order as attribution needs it, whichever platform sent it. */
export interface IncomingOrder {
  orderId: string;
  /** The webhook delivery (Shopify) or event (Wix) id: the same on a retry. */
  deliveryId: string | null;
  email: string | null;
  visitorId: string | null;
  /** The order's total as decimal text, e.g. "59.99". */
  total: string;
  currency: string;
  orderedAt: Date;
}

/** A webhook whose signature holds but whose content is not an order this server can read (answered 400). */
export class OrderPayloadError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text the database keeps as it is: no NUL, no lone surrogate (which would be stored as U+FFFD, like any other). */
function text(value: unknown, max: number): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > max) return null;
  try {
    assertStorableText(trimmed, 'order text');
  } catch {
    return null;
  }
  return trimmed;
}

function parseJson(raw: string, what: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new OrderPayloadError(`${what} is not JSON`);
  }
}

function readOrder(fields: {
  id: unknown;
  deliveryId: string | null;
  email: unknown;
  visitorId: unknown;
  total: unknown;
  currency: unknown;
  createdAt: unknown;
}): IncomingOrder {
  const orderId = text(fields.id, 100);
  if (!orderId) throw new OrderPayloadError('the order has no id');
  const total = typeof fields.total === 'number' ? String(fields.total) : text(fields.total, 30);
  if (!total || !/^\d{1,15}(\.\d{1,4})?$/.test(total))
    throw new OrderPayloadError('the order total must be an amount such as "59.99"');
  const currency = text(fields.currency, 3);
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw new OrderPayloadError('the order currency must be an ISO 4217 code such as "USD"');
  const created = text(fields.createdAt, 40);
  const orderedAt = created ? new Date(created) : new Date(Number.NaN);
  if (Number.isNaN(orderedAt.getTime())) throw new OrderPayloadError('the order has no valid creation time');
  const email = text(fields.email, 320);
  return {
    orderId,
    deliveryId: fields.deliveryId,
    email: email?.includes('@') ? email.toLowerCase() : null,
    visitorId: text(fields.visitorId, 100),
    total,
    currency,
    orderedAt,
  };
}

/** Whether `signature` (the X-Shopify-Hmac-Sha256 header) is the body's HMAC with `secret`, compared in constant time. */
export function shopifySignatureHolds(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Shopify order (the orders/create body). */
export function readShopifyOrder(rawBody: Buffer, deliveryId: string | null): IncomingOrder {
  const order = parseJson(rawBody.toString('utf8'), 'the body');
  if (!isRecord(order)) throw new OrderPayloadError('the body is not an order');
  const customer = isRecord(order.customer) ? order.customer : {};
  const attributes = Array.isArray(order.note_attributes) ? order.note_attributes : [];
  const visitor = attributes.find((item) => isRecord(item) && item.name === VISITOR_ATTRIBUTE) as
    | { value?: unknown }
    | undefined;
  return readOrder({
    id: order.id,
    deliveryId,
    email: order.email ?? order.contact_email ?? customer.email,
    visitorId: visitor?.value,
    total: order.total_price,
    currency: order.currency,
    createdAt: order.created_at,
  });
}

/** The Wix app's public key as its dashboard shows it: PEM, or the bare base64 between the PEM lines. */
export function wixPublicKey(text: string): KeyObject {
  const body = text.trim();
  const pem = body.startsWith('-----')
    ? body
    : `-----BEGIN PUBLIC KEY-----\n${body.replace(/\s+/g, '').replace(/.{64}/g, '$&\n')}\n-----END PUBLIC KEY-----`;
  return createPublicKey(pem);
}

/** The claims of an RS256 JWT signed by `key`, or null when its form, algorithm, signature or expiry do not hold. */
export function verifiedJwt(token: string, key: KeyObject, now = Date.now()): Record<string, unknown> | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]*$/.test(part))) return null;
  const [header, claims, signature] = parts as [string, string, string];
  const decode = (part: string): unknown => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  };
  const head = decode(header);
  // The algorithm is fixed here, never taken from the token: "none" or HS256 with the public key as secret get nowhere.
  if (!isRecord(head) || head.alg !== 'RS256') return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${claims}`);
  if (!verifier.verify(key, Buffer.from(signature, 'base64url'))) return null;
  const body = decode(claims);
  if (!isRecord(body)) return null;
  if (typeof body.exp === 'number' && body.exp * 1000 < now) return null;
  return body;
}

export interface WixEvent {
  eventType: string;
  instanceId: string | null;
  /** Set for an Order Created event. */
  order: IncomingOrder | null;
}

/** A verified Wix webhook's event: its type, the app instance (the site) and, for Order Created, the order. */
export function readWixEvent(claims: Record<string, unknown>): WixEvent {
  const envelope = typeof claims.data === 'string' ? parseJson(claims.data, 'the token data') : claims.data;
  if (!isRecord(envelope)) throw new OrderPayloadError('the token holds no event');
  const eventType = text(envelope.eventType, 200) ?? '';
  const instanceId = text(envelope.instanceId, 64);
  if (eventType !== WIX_ORDER_CREATED) return { eventType, instanceId, order: null };
  const event = typeof envelope.data === 'string' ? parseJson(envelope.data, 'the event data') : envelope.data;
  if (!isRecord(event)) throw new OrderPayloadError('the event holds no data');
  const created = isRecord(event.createdEvent) ? event.createdEvent : {};
  const entity =
    typeof created.entityAsJson === 'string' ? parseJson(created.entityAsJson, 'the order') : created.entity;
  if (!isRecord(entity)) throw new OrderPayloadError('the event holds no order');
  const buyer = isRecord(entity.buyerInfo) ? entity.buyerInfo : {};
  const summary = isRecord(entity.priceSummary) ? entity.priceSummary : {};
  const total = isRecord(summary.total) ? summary.total : {};
  return {
    eventType,
    instanceId,
    order: readOrder({
      id: entity.id ?? event.entityId,
      deliveryId: text(event.id, 100),
      email: buyer.email,
      visitorId: null,
      total: total.amount,
      currency: entity.currency,
      createdAt: entity.createdDate ?? event.eventTime,
    }),
  };
}
