/** Business constants of the platform client (site §9). */

/** The platform's public API host; every strategy and client can be pointed elsewhere. */
export const DEFAULT_API_HOST = 'https://www.wixapis.com';

/**
 * The visitor's current cart (site §7): writes to it always go to the platform's own API host, even when
 * the client talks to another host, because the cart lives with the platform's session, not the site's.
 */
export const CART_CURRENT_PATH = '/ecom/v1/carts/current';

/** A GET whose query string is longer than this is sent in its fallback form instead. */
export const QUERY_FALLBACK_THRESHOLD = 4000;

export const DEFAULT_PAGE_SIZE = 50;

/** How long a popup or hidden-frame OAuth flow may take before it gives up. */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;

export const KEY_SET_FETCH_TIMEOUT_MS = 5_000;

/** The visitor cookie is pre-warmed for one week, matching the platform's visitor session lifetime. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * An access token is treated as expired this many seconds early, so a token that is valid when
 * checked does not expire while the request is in flight or because the two clocks disagree.
 */
export const CLOCK_SKEW_SECONDS = 10;

export const PKCE_VERIFIER_MIN_LENGTH = 43;
export const PKCE_VERIFIER_MAX_LENGTH = 128;
export const PKCE_VERIFIER_DEFAULT_LENGTH = 43;

/** Identifies this client in the analytics header the platform expects on every call. */
export const SDK_PACKAGE_NAME = 'poptin-elements/sdk';
