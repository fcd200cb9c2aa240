// The owner API's per-pop-up figures as the console reads them: types only, shared by server and console. The stats
// report's shapes are src/core/api/insights-contract.ts.

/** The kind of device a view or lead came from (server/display/device.ts). */
export type Device = 'desktop' | 'mobile' | 'tablet' | 'unknown';

/** A row of `GET /api/owner/{clientId}/stats`: one pop-up's totals since it began. */
export interface PopupStats {
  poptin_id: string;
  poptin_name: string;
  ab_test_parent_id: string | null;
  views: number;
  closes: number;
  /** Leads not taken for spam. */
  conversions: number;
  /** Leads taken for spam, not counted in `conversions`. */
  spam_conversions: number;
  /** conversions / views, 0 when there are no views, rounded to 4 decimals. */
  conversion_rate: number;
}
