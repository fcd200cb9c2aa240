// Orders attributed to pop-ups, the site's attribution window, and the revenue figures of the stats report.
import type {
  RevenueFigures,
  StoreRevenueReport,
  StoreRevenueSettings,
} from '../../../src/core/api/insights-contract.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { IncomingOrder } from './orders.ts';

export type StorePlatform = 'shopify' | 'wix';
export const DEFAULT_ATTRIBUTION_DAYS = 7;
export const MIN_ATTRIBUTION_DAYS = 1;
export const MAX_ATTRIBUTION_DAYS = 90;

export type OrderOutcome = 'counted' | 'other-currency' | 'duplicate' | 'not-attributed';

interface StoreClient {
  clientId: string;
  currency: string;
  attributionDays: number;
}

const toStoreClient = (row: { client_id: string; currency: string | null; attribution_days: number }): StoreClient => ({
  clientId: row.client_id,
  currency: row.currency ?? 'USD',
  attributionDays: Number(row.attribution_days),
});

/** The site whose Shopify shop is `shop` (its client file's store.shop). */
export async function clientOfShop(db: SqlRunner, shop: string): Promise<StoreClient | null> {
  const [row] = await db.query<{ client_id: string; currency: string | null; attribution_days: number }>(
    `SELECT client_id, store ->> 'currency' AS currency, attribution_days FROM clients
     WHERE store ->> 'platform' = 'shopify' AND store ->> 'shop' = $1 ORDER BY client_id LIMIT 1`,
    [shop.toLowerCase()],
  );
  return row ? toStoreClient(row) : null;
}

/** The site whose Wix app instance is `instanceId` (its client file's store.instance_id). */
export async function clientOfWixInstance(db: SqlRunner, instanceId: string): Promise<StoreClient | null> {
  const [row] = await db.query<{ client_id: string; currency: string | null; attribution_days: number }>(
    `SELECT client_id, store ->> 'currency' AS currency, attribution_days FROM clients
     WHERE store ->> 'platform' = 'wix' AND store ->> 'instance_id' = $1 ORDER BY client_id LIMIT 1`,
    [instanceId],
  );
  return row ? toStoreClient(row) : null;
}

/**
 * Attributes an order to the pop-up of the buyer's latest lead on the site (same e-mail, whatever its case, or same
 * visitor id) in the window before the order, leads taken for spam left out, and keeps it once: a retried delivery
 * or an order id seen before changes nothing.
 */
export async function recordOrder(
  db: SqlRunner,
  client: StoreClient,
  platform: StorePlatform,
  order: IncomingOrder,
): Promise<OrderOutcome> {
  if (!order.email && !order.visitorId) return 'not-attributed';
  const [lead] = await db.query<{ poptin_id: string }>(
    `SELECT poptin_id FROM conversions
     WHERE client_id = $1 AND spam_reason IS NULL
       AND created_at <= $2::timestamptz AND created_at > $2::timestamptz - make_interval(days => $3::int)
       AND (lower(email) = $4 OR visitor_id = $5)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [client.clientId, order.orderedAt.toISOString(), client.attributionDays, order.email, order.visitorId],
  );
  if (!lead) return 'not-attributed';
  const inSiteCurrency = order.currency === client.currency;
  const inserted = await db.query(
    `INSERT INTO store_orders (client_id, platform, order_id, delivery_id, poptin_id, total, currency, in_site_currency, ordered_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9::timestamptz)
     ON CONFLICT DO NOTHING RETURNING order_id`,
    [
      client.clientId,
      platform,
      order.orderId,
      order.deliveryId,
      lead.poptin_id,
      order.total,
      order.currency,
      inSiteCurrency,
      order.orderedAt.toISOString(),
    ],
  );
  if (inserted.length === 0) return 'duplicate';
  return inSiteCurrency ? 'counted' : 'other-currency';
}

export async function attributionSettingsOf(db: SqlRunner, clientId: string): Promise<StoreRevenueSettings | null> {
  const [row] = await db.query<{ attribution_days: number; platform: StorePlatform | null; currency: string | null }>(
    `SELECT attribution_days, store ->> 'platform' AS platform, store ->> 'currency' AS currency FROM clients WHERE client_id = $1`,
    [clientId],
  );
  if (!row) return null;
  return {
    attributionDays: Number(row.attribution_days),
    store: row.platform ? { platform: row.platform, currency: row.currency ?? 'USD' } : null,
  };
}

/** False when the site does not exist. */
export async function setAttributionDays(db: SqlRunner, clientId: string, days: number): Promise<boolean> {
  const rows = await db.query('UPDATE clients SET attribution_days = $2 WHERE client_id = $1 RETURNING client_id', [
    clientId,
    days,
  ]);
  return rows.length > 0;
}

const perView = (revenue: number, views: number) => (views > 0 ? Math.round((revenue / views) * 10_000) / 10_000 : 0);
const money = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * The revenue figures of a stats report: the orders in the site's currency attributed to the pop-ups covered
 * (null: the whole site), by the site's days of the order, over the range and the one before it.
 */
export async function revenueReport(
  db: SqlRunner,
  clientId: string,
  currency: string,
  popups: string[] | null,
  ranges: { current: [string, string]; previous: [string, string] },
  timeZone: string,
  views: { current: number; previous: number; byPopup: Map<string, number> },
): Promise<StoreRevenueReport> {
  const day = '(ordered_at AT TIME ZONE $3)::date';
  const rows = await db.query<{
    poptin_id: string;
    current: boolean;
    in_site_currency: boolean;
    revenue: string;
    orders: string;
  }>(
    `SELECT poptin_id, ${day} >= $4::date AS current, in_site_currency, sum(total)::text AS revenue, count(*)::text AS orders
     FROM store_orders
     WHERE client_id = $1 AND ($2::text[] IS NULL OR poptin_id = ANY($2::text[])) AND ${day} BETWEEN $5::date AND $6::date
     GROUP BY poptin_id, current, in_site_currency`,
    [clientId, popups, timeZone, ranges.current[0], ranges.previous[0], ranges.current[1]],
  );
  const sums = (current: boolean) => {
    const kept = rows.filter((row) => row.current === current && row.in_site_currency);
    return {
      revenue: kept.reduce((sum, row) => sum + Number(row.revenue), 0),
      orders: kept.reduce((sum, row) => sum + Number(row.orders), 0),
    };
  };
  const figures = ({ revenue, orders }: { revenue: number; orders: number }, viewCount: number): RevenueFigures => ({
    revenue: money(revenue),
    orders,
    revenue_per_view: perView(revenue, viewCount),
  });
  const byPopup = new Map<string, { revenue: number; orders: number }>();
  for (const row of rows.filter((item) => item.current && item.in_site_currency)) {
    const entry = byPopup.get(row.poptin_id) ?? { revenue: 0, orders: 0 };
    entry.revenue += Number(row.revenue);
    entry.orders += Number(row.orders);
    byPopup.set(row.poptin_id, entry);
  }
  return {
    currency,
    totals: figures(sums(true), views.current),
    previous_totals: figures(sums(false), views.previous),
    other_currency_orders: rows
      .filter((row) => row.current && !row.in_site_currency)
      .reduce((sum, row) => sum + Number(row.orders), 0),
    by_popup: [...byPopup]
      .map(([poptinId, entry]) => ({ poptin_id: poptinId, ...figures(entry, views.byPopup.get(poptinId) ?? 0) }))
      .sort((a, b) => b.revenue - a.revenue || a.poptin_id.localeCompare(b.poptin_id)),
  };
}
