// The owner API's leads as the console reads them (docs/owner-api.md): types only, shared by server and console.
import type { ConsentRecord, OptIn } from '../../src/core/api/insights-contract.ts';
import type { Device } from '../insights/contract.ts';

/** Which leads a listing holds: the real ones (default), the spam only, or all. */
export type SpamFilter = 'exclude' | 'only' | 'include';

/** Which leads a listing or an export holds; every condition given must hold. */
export interface LeadFilter {
  spam?: SpamFilter;
  /** A pop-up and its A/B variants. */
  popup?: string;
  /** One pop-up only. */
  variant?: string;
  /**
   * Where the range starts: a UTC day (YYYY-MM-DD, its first instant) or an instant with its zone
   * (2026-11-27T00:00:00+09:00), included. The console sends the owner's local midnights as instants.
   */
  from?: string;
  /** Where the range ends: a UTC day (YYYY-MM-DD, included whole) or an instant with its zone, excluded. */
  to?: string;
  /** Text found, whatever its case, in the e-mail, name, phone or any field. */
  q?: string;
}

/** A lead of a listing page, `GET /api/owner/{clientId}/leads`. */
export interface LeadRecord {
  conversion_id: number;
  created_at: string;
  idempotency_key: string;
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  url: string | null;
  poptin_view_id: number | null;
  fields: Record<string, unknown>;
  /** Hides the lead from the owner's list: 'honeypot', 'impossible-timing', 'owner'… (server/leads/spam.ts). */
  spam_reason: string | null;
  /** Listed with the lead, never hiding it ('fast-after-view'). */
  spam_suspicion?: string | null;
  /** Sent by a pop-up in steps whose visitor closed it after the e-mail step (fields.partial, server/leads/leads.ts). */
  partial: boolean;
}

/** A page of leads, newest first. */
export interface LeadListing {
  leads: LeadRecord[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

/** `GET /api/owner/{clientId}/leads/{leadId}`: one lead with everything known about it. */
export interface LeadDetail {
  lead: LeadRecord & { device: Device; opt_in: OptIn };
  /** What the visitor agreed to, when the form had a consent box. */
  consent: ConsentRecord | null;
  /** The pop-up (the variant, in an A/B test) the lead came from. */
  popup: { poptin_id: string; poptin_name: string; ab_test_parent_id: string | null };
  /** The view the lead came from, when the widget named it and it is still kept: its trigger and page. */
  view: {
    id: number;
    created_at: string;
    trigger: string | null;
    type: string | null;
    url: string | null;
    device: string;
  } | null;
  /** The prize a game gave, and the coupon shown, as the lead carried them. */
  prize: { prize_id: string | null; coupon: string | null };
  /** Deliveries of the lead to the site's destinations; none are recorded yet. */
  deliveries: unknown[];
}
