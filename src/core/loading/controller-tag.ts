// The <poptin-controller> a page gets from its loader script (`poptin.js?id=CLIENT`), or from a placed element that needs one.

export interface ControllerSource {
  clientId: string;
  /** The display server: the script tag's data-api-base, else the script's own origin. */
  apiBase: string;
  /** The CSP nonce of the script tag, for the owner code the widget inserts. */
  nonce: string;
  /** The script tag's data-consent (`required`: consent mode), for the controller's consent attribute. */
  consent?: string;
}

/**
 * What a loader script tag says: its `?id=` (or `data-client-id`), where its server is, and its nonce.
 * `clientId` given by the caller (a placed element's own) comes first.
 */
export function controllerSourceOf(
  script: HTMLScriptElement | null,
  scriptUrl: string,
  clientId = '',
): ControllerSource | null {
  const url = new URL(scriptUrl, document.baseURI);
  clientId ||= url.searchParams.get('id') || script?.dataset.clientId || '';
  // A Shopify storefront may name no client: the controller asks the server for its shop's.
  if (!clientId && !isShopifyStorefront()) return null;
  return {
    clientId,
    apiBase: script?.dataset.apiBase || url.origin,
    nonce: script?.nonce ?? '',
    consent: script?.dataset.consent,
  };
}

/** Shopify's storefront global names its shop. */
export function isShopifyStorefront(): boolean {
  const shop = (window as Window & { Shopify?: { shop?: unknown } }).Shopify?.shop;
  return typeof shop === 'string' && shop.length > 0;
}

/** Adds a controller for the client unless the page has one for it; returns it. */
export function ensureController(document: Document, source: ControllerSource): HTMLElement {
  const existing = document.querySelector<HTMLElement>(`poptin-controller[client-id="${CSS.escape(source.clientId)}"]`);
  if (existing) return existing;
  const controller = document.createElement('poptin-controller');
  controller.setAttribute('client-id', source.clientId);
  controller.setAttribute('api-base', source.apiBase);
  if (source.nonce) controller.nonce = source.nonce;
  if (source.consent) controller.setAttribute('consent', source.consent);
  (document.body ?? document.documentElement).append(controller);
  return controller;
}
