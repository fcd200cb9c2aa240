import type { ClosedRequest, ConversionRequest, DisplayRequest, ViewedRequest } from '../src/core/api/contract.ts';
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
      preview_id: { type: 'string', maxLength: 13 },
      cancel_visitor_count: FLAG,
      converted_email: EMAIL_TEXT,
      visitor_id: { type: 'string', pattern: VISITOR_ID_PATTERN },
      lang: SHORT_TEXT,
    } satisfies PropertiesOf<DisplayRequest>,
  },
} as const;

/** The fields the display route reads; flags and page lists may arrive in the other shapes the schema allows. */
export type DisplayBody = Partial<Pick<DisplayRequest, 'preview_id' | 'converted_email' | 'visitor_id' | 'cc'>>;

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
      all_visited_pages: PAGE_LIST,
      ...STORE_FIELDS,
      browser_language: SHORT_TEXT,
      operating_system: SHORT_TEXT,
      last_converted_email: EMAIL_TEXT,
      email: EMAIL_TEXT,
      Email: EMAIL_TEXT,
      phone: text(64),
      Phone: text(64),
      name: EMAIL_TEXT,
      Name: EMAIL_TEXT,
      FirstName: EMAIL_TEXT,
      LastName: EMAIL_TEXT,
      message: text(8192),
      checkbox: { type: ['string', 'boolean', 'array'], maxLength: 1024 },
      /** A JSON list of field records (widget §3 form fields), sent as a string in form-encoded bodies. */
      newExtraFields: { type: ['string', 'array'], maxLength: 32_768 },
      leader_request_cookie: text(4096),
      visitor_id: { type: 'string', pattern: VISITOR_ID_PATTERN },
      extra_button: SHORT_TEXT,
      coupon: SHORT_TEXT,
      /** The prize a game gave (widget §3). */
      prize_id: SHORT_TEXT,
      is_winner: FLAG,
      // At most 15 digits: the id stays exact as a JavaScript number.
      poptin_view_id: { type: 'string', pattern: '^[0-9]{0,15}$' },
    },
  },
} as const;

export type ConversionBody = ConversionRequest;

export const clickSchema = { params: poptinIdParams } as const;

export const limitLogSchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    properties: { status: SHORT_TEXT, id: SHORT_TEXT },
  },
} as const;

/** Which leads an owner listing holds: real ones (default), spam only, or all. */
const SPAM_FILTER = { type: 'string', enum: ['exclude', 'only', 'include'] } as const;

export const ownerLeadsSchema = {
  params: clientIdParams,
  querystring: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 100_000 }, spam: SPAM_FILTER },
  },
} as const;

export const ownerCsvSchema = { params: clientIdParams, querystring: { type: 'object', properties: { spam: SPAM_FILTER } } } as const;

export const ownerClientSchema = { params: clientIdParams } as const;
