// The display API of widget §7 as both ends see it: the browser's DisplayApi sends these requests and the
// reference server (server/display/display.ts) answers them. Types, constants and one pure path helper,
// nothing that needs a page, so the server imports it as it is.
import type { RawPoptin } from '../config/types.ts';

// The routes live apart so that the loader, which makes the first display call, takes them without the rest.
export * from './display-routes.ts';

import { DISPLAY_API_PREFIX, DISPLAY_ROUTE } from './display-routes.ts';

/** The routes under DISPLAY_API_PREFIX, in Fastify's `:param` notation. */
export const DISPLAY_ROUTES = {
  display: DISPLAY_ROUTE,
  click: '/click/:poptinId',
  viewed: '/viewed/:poptinId',
  closed: '/closed/:poptinId',
  choice: '/choice/:poptinId',
  conversion: '/conversion/:viewerId',
  challenge: '/challenge/:poptinId',
  validationEmails: '/validation-emails',
  limitLogs: '/limitLogs/:clientId',
  productRecommendation: '/:platform/product-recommendation/:poptinId',
  totalWebsiteSession: '/total-website-session/:clientId',
  conversionActivities: '/conversion-activities/:clientId',
  wixSaveOrderedProducts: '/wix/save-ordered-products',
  shopifyClientId: '/shopify/get-client-id/:shop',
  shopifyPriceRules: '/shopify/get-price-rules/:clientId',
} as const;

/** Widget §7: the one store call outside the display API's prefix. */
export const SHOPIFY_BROWSE_ABANDONMENT_PATH = '/shopify/save/browse-abandonment';

export type DisplayRoute = (typeof DISPLAY_ROUTES)[keyof typeof DISPLAY_ROUTES];

export const VALIDATION_EMAILS_PATH = `${DISPLAY_API_PREFIX}${DISPLAY_ROUTES.validationEmails}`;

/** The display answer's message when the account may not show pop-ups (widget §8). */
export const CLIENT_RESTRICTED = 'Client restricted';
/** The display answer's message when the account has used up its views (widget §8, the original wording). */
export const MAX_VIEWS_REACHED = 'You have been reached the max poptins views number';
/** A display answer with one of these messages refuses the whole site: the widget shows nothing. */
export const RESTRICTION_MESSAGES: readonly string[] = [CLIENT_RESTRICTED, MAX_VIEWS_REACHED];

/** `POST /api/display/{clientId}`; everything is optional for the server. */
export interface DisplayRequest {
  domain: string;
  referrer: string;
  previous_url: string;
  cookies?: Record<string, string>;
  triggers?: string[];
  cc?: string;
  poptin_forms_id?: string[];
  if_mobile: boolean;
  page_title: string;
  origin_landing_page?: string;
  if_page_refreshed?: boolean;
  poptin_viewed_url: string;
  previous_visited_pages?: string;
  all_visited_pages?: string;
  visitor_id?: string;
  /**
   * Set before the visitor's consent (consent mode): the call names no visitor, and the server sets no visitor cookie;
   * A/B variants are picked for this page view alone.
   */
  anonymous?: boolean;
  preview_id?: string;
  cancel_visitor_count?: boolean;
  converted_email?: string;
  lang?: string;
  /** Store fields (widget §7): the platform, the signed-in customer, the shop and the visitor's cart. */
  store_integration?: string;
  store_integration_customer_id?: string;
  shop?: string;
  store_cart_id?: string;
  cart_total?: number;
  cart_item_count?: number;
  cart_product_ids?: string[];
  recent_product_ids?: string[];
}

export interface DisplayAnswer {
  display: 'allowed' | 'not_allowed';
  /** Empty, or one of RESTRICTION_MESSAGES. */
  message: string;
  is_client_restriction: boolean;
  client_restriction_setting: Record<string, unknown>;
  poptins: RawPoptin[];
  country: string;
  country_code: string;
  if_freemium: boolean;
  lang: string;
  ip: string;
  cc: string;
  /** The id that picked A/B variants, for the widget to send back as `visitor_id`. */
  visitor_id?: string;
  wix_cart_details?: Record<string, unknown>;
  /** The site's IANA time zone ("UTC" when it has none), in which pop-up schedules are read (`schedule`). */
  time_zone?: string;
  /**
   * True when the site takes leads only with the widget's proof of work (PROOF_OF_WORK_FIELD): only then does a
   * pop-up's form ask for a challenge as its visitor types.
   */
  proof_of_work?: boolean;
  /**
   * The client's pop-ups this page view's device, country, address or referrer rules exclude, or that stop showing
   * to this visitor since they converted on them, decided by the server as the page would decide them; sent by id
   * and reason only, for `window.poptin.explain` and the inspector.
   */
  left_out?: LeftOutPoptin[];
}

export interface LeftOutPoptin {
  poptin_id: string;
  poptin_type: string;
  blocked_by: { rule: string; reason: string }[];
}

/**
 * `POST /api/display/click/{poptinId}` (widget §7 click-display): a click-to-open link's pop-up that is not in this
 * page's display answer, asked for with this page view's facts (those of the display request), so that the server
 * applies that pop-up's rules to this page view and counts the click.
 */
export interface ClickDisplayRequest extends DisplayRequest {
  client_id: string;
  /** The pop-up asked for, as the path names it. */
  poptin_display?: string;
}

/** The answer of the click-display call: the pop-up in the display answer's shape, or why this page view may not show it. */
export interface ClickDisplayAnswer {
  display: 'allowed' | 'not_allowed';
  /** Allowed: the pop-up, as `poptins` of the display answer holds it. */
  poptin?: RawPoptin;
  /** Not allowed by its rules: the pop-up by id and type with the rules that left it out, as `left_out` holds them (no name). */
  left_out?: Omit<LeftOutPoptin, 'poptin_name'>;
  /** Not allowed for the whole site: one of RESTRICTION_MESSAGES. */
  message?: string;
}

/** `GET /api/display/click/{poptinId}`: one pop-up, shown by a click-to-open link. */
export interface ClickAnswer {
  success: boolean;
  poptin?: RawPoptin;
  message?: string;
}

/** `POST /api/display/viewed/{poptinId}` */
export interface ViewedRequest {
  viewer_id: string;
  /** Sent through the outbox: a retried or beaconed view is stored once. */
  idempotency_key?: string;
  trigger: string;
  client_id: string;
  type: string;
  url: string;
  store_integration?: string;
  store_integration_customer_id?: string;
  converted_email?: string;
}

export interface ViewedAnswer {
  success?: boolean;
  poptin_view_id?: string | number;
}

/** `POST /api/display/closed/{poptinId}`, sent as text/plain JSON. */
export interface ClosedRequest {
  client_id: string;
  /** Sent through the outbox: a retried or beaconed close is stored once. */
  idempotency_key?: string;
  url: string;
  converted_email?: string;
  store_integration?: string;
  store_integration_customer_id?: string;
}

/**
 * `POST /api/display/choice/{poptinId}`: a choice button of a pop-up in steps that ended its showing with no lead to
 * carry its answer (a close, a redirect, another pop-up), for the stats' answers (`by_choice`). Form-encoded, sent
 * by the browser's beacon; counted once per key.
 */
export interface ChoiceRequest {
  /** The button's `name`, at most 200 characters. */
  question: string;
  /** Its `value` (or text), at most 200 characters. */
  answer: string;
  idempotency_key: string;
}

/**
 * The trap field every template form carries, hidden from people and assistive technology: a lead that
 * fills it is stored as spam (and answered like any other).
 */
export const HONEYPOT_FIELD = 'poptin_hp';

/**
 * A field record of newExtraFields whose value `yes` marks a partial lead: a pop-up in steps whose visitor closed it
 * after the e-mail step, when its owner keeps those (design_properties.steps_partial_lead). The server stores the
 * lead with `partial: "yes"` among its fields.
 */
export const PARTIAL_LEAD_FIELD = 'poptin_partial';

/**
 * A field record of newExtraFields naming one showing of a pop-up in steps whose owner keeps partial leads: its
 * partial lead and its whole lead both carry it, and the server keeps one lead per name, the whole one replacing the
 * partial one (`fields.steps_lead`, server/leads/repository.ts). 8 to 128 printable ASCII characters.
 */
export const STEPS_LEAD_FIELD = 'poptin_steps_lead';

/**
 * The conversion field holding how long after the page began loading the form was sent, in ms
 * (`performance.now()`): the server hides as spam only a time no person could make (server/leads/spam.ts).
 */
export const SINCE_PAGE_LOAD_FIELD = 'since_page_load_ms';

/**
 * The conversion field holding the form's proof of work: base64 of the JSON `{challenge, solution}` of ALTCHA's v2
 * (altcha-lib), the challenge from `GET /api/display/challenge/{poptinId}`. A site that requires it refuses a lead
 * without it (server/leads/spam-challenge.ts).
 */
export const PROOF_OF_WORK_FIELD = 'proof_of_work';

/** `GET /api/display/challenge/{poptinId}`: null when the pop-up's site does not ask its forms for a proof of work. */
export interface ChallengeAnswer {
  challenge: {
    parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
    signature?: string;
  } | null;
}

/**
 * The most characters (UTF-16 code units, as `String.length` and JSON Schema's `maxLength` count them) each field of
 * a lead may hold. The form refuses a longer value before it is sent, with a message under the field, and the
 * server's schema reads these same figures: a lead the form lets through is never refused for its size.
 */
export const LEAD_FIELD_LIMITS = {
  email: 254,
  name: 254,
  phone: 64,
  message: 8_192,
  /** The ticked values of the Checkbox group, comma-separated. */
  checkbox: 1_024,
  /** Each other field (newExtraFields values: custom fields, later fields of a kind, first and last names). */
  other: 8_192,
} as const;

/** The values of the other fields (newExtraFields) together. */
export const LEAD_OTHER_FIELDS_TOTAL = 16_384;

/**
 * newExtraFields as JSON text: room for the values' total escaped at worst (a control character is six) and a
 * kilobyte of record around each of the at most LEAD_EXTRA_FIELDS_MAX fields.
 */
export const LEAD_EXTRA_FIELDS_MAX = 100;
export const LEAD_EXTRA_FIELDS_JSON_LENGTH = LEAD_OTHER_FIELDS_TOTAL * 6 + LEAD_EXTRA_FIELDS_MAX * 1_024;

/**
 * `POST /api/display/conversion/{viewerId}`, form-encoded: the page fields and form fields of
 * `conversionFields`, and the outbox's idempotency key. Other clients may send JSON, with lists.
 */
export interface ConversionRequest {
  idempotency_key: string;
  url?: string;
  poptin_view_id?: string;
  /** The widget's visitor id (as in the display request): who converted, for stop_showing_to_converted_users. */
  visitor_id?: string;
  /** A JSON list of field records (widget §3), as text in form-encoded bodies. */
  newExtraFields?: string | unknown[];
  [field: string]: unknown;
}

export interface ConversionAnswer {
  success?: boolean;
  conversion_id?: string | number;
  integration?: { conversion_code?: string };
  /**
   * The visitor's own coupon code, when the pop-up (or the prize won) gives one; '' when its list has run out (the
   * lead is stored all the same).
   */
  coupon_code?: string;
}

/** `POST /api/display/{shopify|wix}/product-recommendation/{poptinId}`: the pop-up's product settings. */
export interface ProductRecommendationRequest {
  category: string;
  manual_products: string[];
  count: number;
  /** The products a `last_visited` or `product_in_cart` category picks from. */
  product_ids: string[];
}

/** A product as the recommendation answer carries it (widget §3 product recommendation items). */
export interface RecommendedProduct {
  product_id: string;
  variant_id?: string;
  image?: string;
  desc?: string;
  title: string;
  handle?: string;
  path?: string;
  inventory_quantity?: number | null;
  price: number | string;
  compare_at_price?: number | string | null;
  currency?: string;
}

export interface ProductRecommendationAnswer {
  success: boolean;
  currency: string;
  data: { products: RecommendedProduct[] };
}

/** A product as browse abandonment records it. */
export interface BrowsedProduct {
  product_id: string;
  product_name: string;
  category: string;
}

/** `POST /api/display/wix/save-ordered-products` */
export interface WixOrderedProductsRequest {
  client_id: string;
  customer_id: string;
  products: BrowsedProduct[];
  source_table: 'browse_abandonment';
}

/** `POST /api/display/total-website-session/{clientId}` */
export interface TotalWebsiteSessionRequest {
  email: string;
  url: string;
  store_integration?: string;
  store_integration_customer_id?: string;
}

/** `POST /api/display/conversion-activities/{clientId}` */
export interface ConversionActivityRequest {
  email: string;
  poptin_id: string;
  activity: 'viewed' | 'closed';
  url: string;
  store_integration?: string;
  store_integration_customer_id?: string;
}

/** The answer of closed and limitLogs. */
export interface SuccessAnswer {
  success: true;
}
