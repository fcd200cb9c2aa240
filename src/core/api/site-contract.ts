/** A site as the owner API answers it, and what its display calls say of its installation: shared by server and console. */
export interface SiteRecord {
  clientId: string;
  name: string;
  language: string;
  allowedOrigins: string[];
  /** An IANA time zone; null until the owner sets one (UTC). */
  timeZone: string | null;
  /** Who the visitor's e-mail after a lead comes from (null: the site's name), and where replies go. */
  emailSenderName?: string | null;
  emailReplyTo?: string | null;
  /** The owner's privacy page, linked from every visitor's e-mail. */
  privacyUrl?: string | null;
}

/** An origin a site's display calls came from. */
export interface OriginSeen {
  origin: string;
  /** Whether the site allows it (its display calls were answered). */
  allowed: boolean;
  calls: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** `GET /api/owner/{clientId}/site`'s `installation`. */
export interface SiteInstallation {
  /** The most recently seen first. */
  origins: OriginSeen[];
}

/**
 * /api/owner/{clientId}/spam-filter: the site's choices on throwaway addresses and on the forms' proof of work, and
 * the leads each rule stopped.
 */
export interface SpamFilter {
  refuseDisposable: boolean;
  /** Leads from the display API must carry the form's proof of work; others are refused. */
  requireProofOfWork: boolean;
  /** Leads stopped in the last 7 days, by rule: set aside as spam, or refused ('proof-of-work'). */
  stoppedThisWeek: {
    honeypot: number;
    'impossible-timing': number;
    'disposable-domain': number;
    'proof-of-work': number;
  };
}
