import type {
  ChoiceRequest,
  ClickDisplayRequest,
  ClosedRequest,
  ConversionActivityRequest,
  ConversionRequest,
  DisplayRequest,
  ProductRecommendationRequest,
  TotalWebsiteSessionRequest,
  ViewedRequest,
  WixOrderedProductsRequest,
} from '../../src/core/api/contract.ts';
import {
  LEAD_EXTRA_FIELDS_JSON_LENGTH,
  LEAD_FIELD_LIMITS,
  PROOF_OF_WORK_FIELD,
  SINCE_PAGE_LOAD_FIELD,
} from '../../src/core/api/contract.ts';
import { CLIENT_ID_PATTERN, POPTIN_ID_PATTERN, VIEWER_ID_PATTERN } from './ids.ts';

// JSON schemas of every request the server accepts (widget §7). Fastify validates with them before a handler
// runs, so bad input ends as a 400 naming the field. Numbers and booleans are accepted where the widget
// sends strings (form-encoded bodies carry only strings); objects where text is expected are refused.
// Fields not listed here are accepted and kept (the conversion stores the whole body).

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const URL_TEXT = text(4096);
const SHORT_TEXT = text(256);
const EMAIL_TEXT = text(254);
/** A yes/no the widget may send as a boolean, "1"/"0", "yes"/"no" or "true"/"false". */
const FLAG = { type: ['boolean', 'string', 'number'], maxLength: 16 } as const;
/** Pipe-separated text or a list of pages. */
const PAGE_LIST = { type: ['string', 'array'], maxLength: 16_384, maxItems: 500, items: URL_TEXT } as const;

/** Body properties that name every field of a request of the contract; others may be listed too. */
type PropertiesOf<Request> = { [Field in keyof Request]-?: object } & Record<string, object>;

const STORE_FIELDS = {
  store_integration: SHORT_TEXT,
  store_integration_customer_id: SHORT_TEXT,
} as const;

const clientIdParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } },
} as const;

const poptinIdParams = {
  type: 'object',
  required: ['poptinId'],
  properties: { poptinId: { type: 'string', pattern: POPTIN_ID_PATTERN } },
} as const;

const viewerIdParams = {
  type: 'object',
  required: ['viewerId'],
  properties: { viewerId: { type: 'string', pattern: VIEWER_ID_PATTERN } },
} as const;

/** Printable ASCII without spaces: safe in a cookie and in a log line. */
export const VISITOR_ID_PATTERN = '^[\\x21-\\x7e]{1,128}$';

export const displaySchema = {
  params: clientIdParams,
  body: {
    type: 'object',
    properties: {
      domain: SHORT_TEXT,
      referrer: URL_TEXT,
      previous_url: URL_TEXT,
      cookies: { type: ['object', 'string'], maxLength: 16_384 },
      triggers: { type: ['array', 'object', 'string'], maxLength: 4096 },
      cc: text(8),
      poptin_forms_id: { type: ['array', 'string'], maxLength: 4096, items: SHORT_TEXT },
      if_mobile: FLAG,
      page_title: text(1024),
      origin_landing_page: URL_TEXT,
      if_page_refreshed: FLAG,
      poptin_viewed_url: URL_TEXT,
      visited_pages: PAGE_LIST,
      previous_visited_pages: PAGE_LIST,
      all_visited_pages: PAGE_LIST,
      ...STORE_FIELDS,
      shop: SHORT_TEXT,
      store_cart_id: SHORT_TEXT,
      cart_total: { type: ['number', 'string'], maxLength: 32 },
      cart_item_count: { type: ['number', 'string'], maxLength: 16 },
      cart_product_ids: { type: ['array', 'string'], maxItems: 250, maxLength: 4096, items: text(64) },
      recent_product_ids: { type: ['array', 'string'], maxItems: 3, maxLength: 256, items: text(64) },
      preview_id: { type: 'string', maxLength: 13 },
      cancel_visitor_count: FLAG,
      anonymous: FLAG,
      converted_email: EMAIL_TEXT,
      visitor_id: { type: 'string', pattern: VISITOR_ID_PATTERN },
      lang: SHORT_TEXT,
    } satisfies PropertiesOf<DisplayRequest>,
  },
} as const;

/** The fields the display route reads; flags and page lists may arrive in the other shapes the schema allows. */
export type DisplayBody = Partial<
  Pick<DisplayRequest, 'preview_id' | 'converted_email' | 'visitor_id' | 'cc' | 'poptin_viewed_url' | 'referrer'>
> & {
  if_mobile?: boolean | string | number;
  anonymous?: boolean | string | number;
};

export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{8,128}$';
const IDEMPOTENCY_KEY = { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN } as const;

export const viewedSchema = {
  params: poptinIdParams,
  body: {
    type: 'object',
    properties: {
      viewer_id: SHORT_TEXT,
      idempotency_key: IDEMPOTENCY_KEY,
      trigger: SHORT_TEXT,
      client_id: SHORT_TEXT,
      type: SHORT_TEXT,
      url: URL_TEXT,
      ...STORE_FIELDS,
      converted_email: EMAIL_TEXT,
    } satisfies PropertiesOf<ViewedRequest>,
  },
} as const;

export type ViewedBody = Partial<ViewedRequest>;

export const closedSchema = {
  params: poptinIdParams,
  body: {
    type: 'object',
    properties: {
      client_id: SHORT_TEXT,
      idempotency_key: IDEMPOTENCY_KEY,
      url: URL_TEXT,
      converted_email: EMAIL_TEXT,
      ...STORE_FIELDS,
    } satisfies PropertiesOf<ClosedRequest>,
  },
} as const;

export type ClosedBody = Partial<ClosedRequest>;

/** The most characters of a choice's question or answer (ChoiceRequest). */
export const CHOICE_TEXT_MAX = 200;
const CHOICE_TEXT = { type: 'string', minLength: 1, maxLength: CHOICE_TEXT_MAX } as const;

export const choiceSchema = {
  params: poptinIdParams,
  body: {
    type: 'object',
    required: ['question', 'answer', 'idempotency_key'],
    properties: {
      question: CHOICE_TEXT,
      answer: CHOICE_TEXT,
      idempotency_key: IDEMPOTENCY_KEY,
    } satisfies PropertiesOf<ChoiceRequest>,
  },
} as const;

export type ChoiceBody = ChoiceRequest;

export const conversionSchema = {
  params: viewerIdParams,
  body: {
    type: 'object',
    required: ['idempotency_key'],
    properties: {
      idempotency_key: {
        type: 'string',
        minLength: 8,
        maxLength: 128,
        pattern: IDEMPOTENCY_KEY_PATTERN,
      },
      url: URL_TEXT,
      p_target: SHORT_TEXT,
      checkbox_checked: FLAG,
      consent_shown: FLAG,
      referrer: URL_TEXT,
      previous_url: URL_TEXT,
      trigger: SHORT_TEXT,
      poptin_id: SHORT_TEXT,
      title: text(1024),
      client_id: SHORT_TEXT,
      visitor: SHORT_TEXT,
      facebook_messanger_data_ref: SHORT_TEXT,
      origin_landing_page: URL_TEXT,
      previous_visited_pages: PAGE_LIST,
      previous_visited_pages_with_current: PAGE_LIST,
      previous_visited_pages_with_timestamps: PAGE_LIST,
      all_visited_pages: PAGE_LIST,
      ...STORE_FIELDS,
      browser_language: SHORT_TEXT,
      operating_system: SHORT_TEXT,
      last_converted_email: EMAIL_TEXT,
      // The form's own limits (LEAD_FIELD_LIMITS): what it lets through is accepted here.
      email: text(LEAD_FIELD_LIMITS.email),
      Email: text(LEAD_FIELD_LIMITS.email),
      phone: text(LEAD_FIELD_LIMITS.phone),
      Phone: text(LEAD_FIELD_LIMITS.phone),
      name: text(LEAD_FIELD_LIMITS.name),
      Name: text(LEAD_FIELD_LIMITS.name),
      FirstName: text(LEAD_FIELD_LIMITS.name),
      LastName: text(LEAD_FIELD_LIMITS.name),
      message: text(LEAD_FIELD_LIMITS.message),
      checkbox: { type: ['string', 'boolean', 'array'], maxLength: LEAD_FIELD_LIMITS.checkbox },
      /**
       * A JSON list of field records (widget §3 form fields), sent as a string in form-encoded bodies; each value
       * and their total are checked against the form's limits once parsed (leads.ts).
       */
      newExtraFields: { type: ['string', 'array'], maxLength: LEAD_EXTRA_FIELDS_JSON_LENGTH },
      leader_request_cookie: text(4096),
      visitor_id: { type: 'string', pattern: VISITOR_ID_PATTERN },
      extra_button: SHORT_TEXT,
      coupon: SHORT_TEXT,
      /** The prize a game gave (widget §3). */
      prize_id: SHORT_TEXT,
      is_winner: FLAG,
      // At most 15 digits: the id stays exact as a JavaScript number.
      poptin_view_id: { type: 'string', pattern: '^[0-9]{0,15}$' },
      /** Milliseconds from the page's start to the submit (server/leads/spam.ts); a fraction from performance.now() is fine. */
      [SINCE_PAGE_LOAD_FIELD]: { type: ['string', 'number'], maxLength: 32 },
      /** The form's solved proof-of-work challenge (server/leads/spam-challenge.ts). */
      [PROOF_OF_WORK_FIELD]: { type: 'string', maxLength: 2048, pattern: '^[A-Za-z0-9+/=]*$' },
    },
  },
} as const;

export type ConversionBody = ConversionRequest;

export const challengeSchema = { params: poptinIdParams } as const;

export const clickSchema = { params: poptinIdParams } as const;

/** The click-display call: the display request's page facts, the client and the pop-up asked for (widget §7). */
export const clickDisplaySchema = {
  params: poptinIdParams,
  body: {
    type: 'object',
    required: ['client_id'],
    properties: {
      ...displaySchema.body.properties,
      client_id: { type: 'string', pattern: CLIENT_ID_PATTERN },
      poptin_display: { type: 'string', maxLength: 13 },
    } satisfies PropertiesOf<ClickDisplayRequest>,
  },
} as const;

export type ClickDisplayBody = DisplayBody & { client_id: string };

export const limitLogSchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    properties: { status: SHORT_TEXT, id: SHORT_TEXT },
  },
} as const;

/** Which leads an owner listing holds: real ones (default), spam only, or all. */
const SPAM_FILTER = { type: 'string', enum: ['exclude', 'only', 'include'] } as const;

/** Leads on one page of the owner's listing: when it does not say, and at most. */
export const LEAD_PAGE_SIZE = { default: 100, max: 500 } as const;

const DAY = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const POPTIN_ID = { type: 'string', pattern: POPTIN_ID_PATTERN } as const;
/** A UTC day, or an instant with its zone (ISO 8601: 2026-11-27T00:00:00+09:00, or Z). */
const DAY_OR_INSTANT = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2}))?$',
} as const;

/** Which leads a listing or export holds (LeadFilter). */
const LEAD_FILTER_PROPERTIES = {
  spam: SPAM_FILTER,
  popup: POPTIN_ID,
  variant: POPTIN_ID,
  from: DAY_OR_INSTANT,
  to: DAY_OR_INSTANT,
  // PostgreSQL text cannot hold a NUL.
  q: { type: 'string', maxLength: 200, pattern: '^[^\\u0000]*$' },
} as const;

export const ownerLeadsSchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: LEAD_PAGE_SIZE.max },
      after: { type: 'string', minLength: 1, maxLength: 200 },
      ...LEAD_FILTER_PROPERTIES,
    },
  },
} as const;

const leadParams = {
  type: 'object',
  required: ['clientId', 'leadId'],
  properties: {
    clientId: { type: 'string', pattern: CLIENT_ID_PATTERN },
    leadId: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' },
  },
} as const;

export const ownerLeadSpamSchema = {
  params: leadParams,
  body: { type: 'object', required: ['spam'], properties: { spam: { type: 'boolean' } } },
} as const;

export const ownerLeadSchema = { params: leadParams } as const;

export const ownerCsvSchema = {
  params: clientIdParams,
  querystring: { type: 'object', additionalProperties: false, properties: LEAD_FILTER_PROPERTIES },
} as const;

/** An e-mail address as people type it; found whatever its case. */
const PERSON_EMAIL = {
  type: 'string',
  minLength: 3,
  maxLength: 320,
  pattern: '^[^@\\s\\u0000-\\u001f]+@[^@\\s\\u0000-\\u001f]+$',
} as const;

export const ownerPeopleSchema = {
  params: clientIdParams,
  querystring: { type: 'object', required: ['email'], properties: { email: PERSON_EMAIL } },
} as const;

/** The erasure log, or with `email` the erasures of that address. */
export const ownerErasuresSchema = {
  params: clientIdParams,
  querystring: { type: 'object', properties: { email: PERSON_EMAIL } },
} as const;

export const ownerStatsReportSchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    properties: { from: DAY, to: DAY, popup: POPTIN_ID, variant: POPTIN_ID },
  },
} as const;

export const ownerAbWinnerSchema = {
  params: {
    type: 'object',
    required: ['clientId', 'testId'],
    properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN }, testId: POPTIN_ID },
  },
  body: { type: 'object', required: ['poptin_id'], additionalProperties: false, properties: { poptin_id: POPTIN_ID } },
} as const;

export const ownerAbSettingsSchema = {
  params: ownerAbWinnerSchema.params,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      auto_apply: { type: 'boolean' },
      control_percent: { type: 'integer', minimum: 0, maximum: 50 },
    },
  },
} as const;

export const ownerClientSchema = { params: clientIdParams } as const;

export const ownerStoreActivitySchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    properties: {
      kind: {
        type: 'string',
        enum: ['browse_abandonment', 'ordered_products', 'website_session', 'conversion_activity'],
      },
    },
  },
} as const;

const STORE_ID = { type: ['string', 'number'], maxLength: 64 } as const;
const BROWSED_PRODUCT = {
  type: 'object',
  required: ['product_id', 'product_name'],
  properties: { product_id: STORE_ID, product_name: text(500), category: text(255) },
} as const;

export const productRecommendationSchema = {
  params: {
    type: 'object',
    required: ['platform', 'poptinId'],
    properties: {
      platform: { type: 'string', enum: ['shopify', 'wix'] },
      poptinId: { type: 'string', pattern: POPTIN_ID_PATTERN },
    },
  },
  body: {
    type: 'object',
    properties: {
      category: text(64),
      manual_products: { type: ['array', 'string'], maxItems: 100, maxLength: 4096, items: STORE_ID },
      count: { type: ['number', 'string'], maxLength: 4 },
      product_ids: { type: ['array', 'string'], maxItems: 100, maxLength: 4096, items: STORE_ID },
    } satisfies PropertiesOf<ProductRecommendationRequest>,
  },
} as const;

export const totalWebsiteSessionSchema = {
  params: clientIdParams,
  body: {
    type: 'object',
    required: ['url'],
    properties: {
      email: EMAIL_TEXT,
      url: SHORT_TEXT,
      ...STORE_FIELDS,
    } satisfies PropertiesOf<TotalWebsiteSessionRequest>,
  },
} as const;

export const conversionActivitySchema = {
  params: clientIdParams,
  body: {
    type: 'object',
    required: ['poptin_id', 'activity'],
    properties: {
      email: EMAIL_TEXT,
      poptin_id: { type: 'string', pattern: POPTIN_ID_PATTERN },
      activity: { type: 'string', enum: ['viewed', 'closed'] },
      url: URL_TEXT,
      ...STORE_FIELDS,
    } satisfies PropertiesOf<ConversionActivityRequest>,
  },
} as const;

export const wixOrderedProductsSchema = {
  body: {
    type: 'object',
    required: ['client_id', 'customer_id', 'products', 'source_table'],
    properties: {
      client_id: { type: 'string', pattern: CLIENT_ID_PATTERN },
      customer_id: { type: 'string', minLength: 1, maxLength: 128 },
      products: { type: 'array', minItems: 1, maxItems: 100, items: BROWSED_PRODUCT },
      source_table: { type: 'string', enum: ['browse_abandonment'] },
    } satisfies PropertiesOf<WixOrderedProductsRequest>,
  },
} as const;

export const shopifyClientIdSchema = {
  params: {
    type: 'object',
    required: ['shop'],
    properties: { shop: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$' } },
  },
} as const;

export const shopifyPriceRulesSchema = { params: clientIdParams } as const;

export const browseAbandonmentSchema = {
  querystring: {
    type: 'object',
    required: ['clientId', 'customer', 'products'],
    properties: {
      clientId: { type: 'string', pattern: CLIENT_ID_PATTERN },
      customer: { type: 'string', minLength: 1, maxLength: 254 },
      products: { type: 'string', maxLength: 16_384 },
      data_for: SHORT_TEXT,
      total_cart_value: { type: ['number', 'string'], maxLength: 32 },
    },
  },
} as const;
