// The first display call of a page, made by the loader itself: most page views get an answer with no pop-up,
// and for them the session chunk is never downloaded. The answer is kept raw; the session parses it when the
// page has something to show.
import type { DisplayRequest } from '../../src/core/api/contract.ts';
import { DISPLAY_ROUTE, displayApiPath } from '../../src/core/api/display-routes.ts';
import { postJson, trimSlash } from '../../src/core/api/request.ts';
import { yieldToPage } from '../../src/core/loading/yield-to-page.ts';
import { type PageContext, readPageContext } from '../../src/core/page-context.ts';
import { createPageVisitor, type PageViewFields, type PageVisitor } from '../../src/core/visitor/page-visitor.ts';

export interface FirstDisplay {
  /** The session adds the visitor's history to it (withHistory). */
  visitor: PageVisitor;
  page: PageContext;
  pageFields: PageViewFields;
  /** The display answer as the server sent it. */
  answer: unknown;
  /** Why there is no answer (the call failed). */
  error?: unknown;
}

/** Widget §7: what the display call says of the page and the visitor (`extra`: preview and store fields). */
export function displayRequestOf(
  visitor: PageVisitor,
  page: PageContext,
  fields: PageViewFields,
  extra: Partial<DisplayRequest> = {},
): DisplayRequest {
  return {
    domain: page.domain,
    referrer: fields.referrer,
    previous_url: fields.previous_url,
    cookies: visitor.cookies(),
    if_mobile: page.isMobile,
    page_title: page.title,
    origin_landing_page: fields.origin_landing_page,
    if_page_refreshed: fields.if_page_refreshed,
    poptin_viewed_url: page.url,
    previous_visited_pages: fields.previous_visited_pages,
    all_visited_pages: fields.all_visited_pages,
    visitor_id: visitor.visitorId,
    converted_email: fields.converted_email,
    lang: page.documentLang,
    ...extra,
  };
}

/**
 * Pages the loader leaves to the session from the start: a store's (its cart goes into the call), a preview or
 * landing page, the inspector's, and consent mode's (the loader's own call records the page view in storage).
 */
export function needsSessionFirst(host: HTMLElement, win: Window = window): boolean {
  const params = new URLSearchParams(win.location.search);
  return (
    host.hasAttribute('consent') ||
    host.hasAttribute('store') ||
    host.hasAttribute('landing') ||
    Boolean((win as Window & { Shopify?: unknown }).Shopify) ||
    ['ppt-preview', 'ppt-landing', 'poptin-debug'].some((name) => params.has(name))
  );
}

type WixCode = typeof import('../../src/integrations/wix/index.ts');
type ShopifyCode = typeof import('../../src/integrations/shopify/index.ts');

/**
 * The store the page is on and its integration's code, each platform's a chunk of its own: a Wix site the
 * controller names (`store="wix"` with its `wix-client-id`), or a Shopify storefront, found by `window.Shopify`.
 * The session opens the store with it; the loader calls it too, to start the download with the session's.
 */
export function storeCodeOf(
  host: HTMLElement,
  win: Window = window,
):
  | { platform: 'wix'; clientId: string; code: Promise<WixCode> }
  | { platform: 'shopify'; code: Promise<ShopifyCode> }
  | null {
  if (host.getAttribute('store') === 'wix') {
    const clientId = host.getAttribute('wix-client-id')?.trim();
    return clientId ? { platform: 'wix', clientId, code: import('../../src/integrations/wix/index.ts') } : null;
  }
  return (win as Window & { Shopify?: unknown }).Shopify
    ? { platform: 'shopify', code: import('../../src/integrations/shopify/index.ts') }
    : null;
}

/**
 * A store page's integration: the session imports it as soon as it runs, a round trip after the session itself.
 * Asked for here, with the session, it is on its way (or there) by then; the session's own import gets it.
 */
export function fetchStoreCode(host: HTMLElement, win: Window = window): void {
  const code = storeCodeOf(host, win)?.code;
  // A failure is the session's to report, when its own import fails the same way. The session's store link
  // (page-store.ts) comes with it.
  if (code) Promise.all([code, import('./store-link.ts')]).catch(() => undefined);
}

/**
 * An answer that allows the site, has no message and no pop-up for this page: nothing to load. A message is only
 * ever a restriction (`RESTRICTION_MESSAGES`), which the session shows the client's limit pop-up for.
 */
export function isEmptyAnswer(answer: unknown): boolean {
  // Anything but an object (null, a string) has no poptins list: not empty.
  const { display, message, poptins, wix_cart_details: wixCart } = (answer ?? {}) as Record<string, unknown>;
  return display !== 'not_allowed' && !message && Array.isArray(poptins) && poptins.length === 0 && !wixCart;
}

async function recordPageView(
  visitor: PageVisitor,
  win: Window,
): Promise<{ page: PageContext; pageFields: PageViewFields; request: DisplayRequest }> {
  await yieldToPage(win);
  const page = readPageContext(win);
  const pageFields = visitor.recordPageView(page.url);
  await yieldToPage(win);
  return { page, pageFields, request: displayRequestOf(visitor, page, pageFields) };
}

/**
 * Records the page view and asks the display server; never throws. The cookies, Web Storage and the request
 * each wait on the browser (npm run bench: together a long task at 4× CPU slowdown), so the page gets the main
 * thread back between them; the cookies are read once for all three (each read is a round trip to the browser's
 * cookie store), so the call describes the cookies as the page view left them.
 */
export async function requestFirstDisplay(
  clientId: string,
  apiBase: string,
  win: Window = window,
): Promise<FirstDisplay> {
  const visitor = createPageVisitor({ window: win, document: win.document });
  const releaseCookies = visitor.stores.holdCookieReads();
  const { page, pageFields, request } = await recordPageView(visitor, win).finally(releaseCookies);
  const url = `${trimSlash(apiBase)}${displayApiPath(DISPLAY_ROUTE, { clientId })}`;
  try {
    return { visitor, page, pageFields, answer: await postJson<unknown>(url, request) };
  } catch (error) {
    return { visitor, page, pageFields, answer: null, error };
  }
}
