// The lead delivery part of the owner API (docs/integrations.md) as both ends see it: the console's calls
// (src/console/api/delivery.ts) send and read these shapes, and the server (server/delivery/) answers with them.
// Types and constants only, so the server imports it as it is.

export const DESTINATION_KINDS = [
  'webhook',
  'email',
  'mailchimp',
  'klaviyo',
  'hubspot',
  'brevo',
  'mailerlite',
  'activecampaign',
  'kit',
  'omnisend',
  'getresponse',
  'constantcontact',
  'aweber',
  'slack',
  'googlesheets',
  'resthook',
] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What a kind needs besides its secret: the webhook's URL, the e-mail's recipients, a vendor's list. */
export type DestinationSettings = {
  url?: string;
  to?: string[];
  listId?: string;
  doubleOptIn?: boolean;
  tags?: string[];
  /** The form field that holds the consent checkbox, when it is not one of the usual names. */
  consentField?: string;
  /** An e-mail destination: a message per lead (the default) or one a day with the day's leads. */
  digest?: 'each' | 'daily';
  /** The other vendors' settings, by the names their kind declares (GET …/destination-kinds). */
  [setting: string]: unknown;
};

export interface Destination {
  id: number;
  clientId: string;
  kind: DestinationKind;
  name: string;
  enabled: boolean;
  settings: DestinationSettings;
  /**
   * Our field name -> the destination's. Ours is canonical (`email`, `first_name`: docs/integrations.md, "Field
   * names"), and any other spelling of it (`Email`, `EMAIL`, `FirstName`) is read as it.
   */
  fieldMap: Record<string, string>;
  hasSecret: boolean;
  createdAt: string;
  updatedAt: string;
  /** Deliveries waiting or retrying, and those given up. */
  pending: number;
  failed: number;
  /** Deliveries delivered in the last 7 days. */
  deliveredThisWeek: number;
  /** Its last delivered try, and its last try that was not delivered with why; null when there was none. */
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  /** Since when every try has failed; null while its tries succeed. */
  failingSince: string | null;
}

/** A destination as it is kept. */
export interface DestinationFields {
  kind: DestinationKind;
  name: string;
  enabled: boolean;
  settings: DestinationSettings;
  fieldMap: Record<string, string>;
}

/** The body that creates a destination (a change sends part of it, without the kind). */
export interface DestinationInput extends DestinationFields {
  /** A vendor's API key (or a Slack webhook's URL): written, never read back. */
  apiKey?: string;
  /** A vendor's several credentials (OAuth2 client and refresh token, a service account's key): written, never read back. */
  credentials?: Record<string, string>;
}

/** One setting a kind takes, as `GET /api/owner/destination-kinds` lists it. */
export interface DestinationKindSetting {
  name: string;
  type: 'string' | 'boolean' | 'strings' | 'integer' | 'integers';
  required: boolean;
  max: number | null;
  hint: string | null;
  oneOf: string[] | null;
}

/** A kind of destination: its name, what it is for, what it needs, the documentation it follows. */
export interface DestinationKindInfo {
  kind: DestinationKind;
  name: string;
  purpose: string;
  docs: string[];
  settings: DestinationKindSetting[];
  secret:
    | { type: 'none' | 'generated' }
    | { type: 'apiKey'; hint: string | null }
    | { type: 'credentials'; fields: { name: string; required: boolean }[] };
  /** This server cannot send to it now (an e-mail destination without SMTP_URL), and why. */
  unavailable: string | null;
  batchMax: number | null;
}

/** What a destination answered to a test lead sent to it now, outside the queue. */
export interface TestAnswer {
  delivered: boolean;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
}

export interface Delivery {
  id: number;
  destinationId: number;
  leadId: number;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse: string | null;
  createdAt: string;
  finishedAt: string | null;
}
