// The owner API's coupon sources (/api/owner/{clientId}/coupons) and lead retention (/lead-retention), shared by the
// server and the console.

export const COUPON_SOURCE_KINDS = ['list', 'pattern', 'shopify'] as const;
export type CouponSourceKind = (typeof COUPON_SOURCE_KINDS)[number];

/** Where each visitor's own code comes from, for a pop-up (prizeId '') or a prize of its game. */
export interface CouponSource {
  id: number;
  poptinId: string;
  popupName: string;
  prizeId: string;
  kind: CouponSourceKind;
  /** pattern and shopify: WELCOME-XXXXXX, each X a random character. */
  pattern: string | null;
  shopify: { shop: string; valueType: 'percentage' | 'fixed_amount'; value: number } | null;
  hasShopifyToken: boolean;
  /** The owners are e-mailed once when a list's free codes fall to this many. */
  lowStockThreshold: number;
  /** A list's free codes; null for the kinds that make their codes. */
  codesLeft: number | null;
  codesGiven: number;
}

/** PUT /coupons: a source, created or changed. */
export interface CouponSourceInput {
  poptinId: string;
  prizeId?: string;
  kind: CouponSourceKind;
  pattern?: string;
  shopify?: { shop: string; valueType: 'percentage' | 'fixed_amount'; value: number; token?: string };
  lowStockThreshold?: number;
}

/** The months a site may keep its leads; null keeps them for ever. */
export const LEAD_RETENTION_MONTHS = [1, 3, 6, 12, 18, 24] as const;
export type LeadRetentionMonths = (typeof LEAD_RETENTION_MONTHS)[number];

export interface LeadRetention {
  months: LeadRetentionMonths | null;
  /** When the deletion job next runs (ISO 8601). */
  nextRunAt: string;
  /** The leads that run will delete, as things stand: older than `months` at nextRunAt. */
  leadsToRemove: number;
}
