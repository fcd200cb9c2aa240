// Widget §4: the page's own cart add, update, change and clear calls (fetch and XMLHttpRequest) are watched,
// and the cart is read again after each. The page's calls keep their own promise, response and handlers, and
// another library that wraps fetch or XMLHttpRequest before or after us keeps working.
import { guard } from '../../core/safety.ts';

/** `/cart/add`, `/cart/update`, `/cart/change`, `/cart/clear`, with or without `.js`, under any locale root. */
export const CART_CHANGE_PATH = /\/cart\/(add|update|change|clear)(\.js)?$/;

export function isCartChange(url: string, base: string): boolean {
  try {
    return CART_CHANGE_PATH.test(new URL(url, base).pathname);
  } catch {
    return false;
  }
}

type FetchWindow = Pick<Window, 'fetch' | 'location'> & { XMLHttpRequest: typeof XMLHttpRequest };

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return (input as Request).url ?? '';
}

/**
 * Calls `onChange` once after each burst of successful cart-changing calls. Returns the stop: the wrappers
 * are taken off where they are still the outermost ones, and otherwise only fall silent.
 */
export function observeCartCalls(win: FetchWindow, onChange: () => void): () => void {
  let active = true;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const changed = () => {
    if (!active || pending) return;
    // The page often makes two calls in a row (add, then change): one read after both.
    pending = setTimeout(() => {
      pending = null;
      if (active) guard('cart changed', onChange);
    }, 50);
  };
  const base = win.location.href;

  const pageFetch = win.fetch;
  const watchedFetch = function (this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
    const result = pageFetch.apply(this, args);
    guard('cart call', () => {
      if (active && isCartChange(requestUrl(args[0]), base))
        result.then(
          (response) => response.ok && changed(),
          () => undefined,
        );
    });
    return result;
  } as typeof fetch;
  win.fetch = watchedFetch;

  const prototype = win.XMLHttpRequest.prototype;
  const pageOpen = prototype.open;
  const pageSend = prototype.send;
  const urls = new WeakMap<XMLHttpRequest, string>();
  const watchedOpen = function (this: XMLHttpRequest, ...args: unknown[]) {
    guard('cart call', () => urls.set(this, String(args[1] ?? '')));
    return (pageOpen as (...rest: unknown[]) => void).apply(this, args);
  } as typeof prototype.open;
  const watchedSend = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    guard('cart call', () => {
      const url = urls.get(this);
      if (active && url && isCartChange(url, base)) {
        this.addEventListener('loadend', () => this.status >= 200 && this.status < 300 && changed(), { once: true });
      }
    });
    return pageSend.call(this, body);
  };
  prototype.open = watchedOpen;
  prototype.send = watchedSend;

  return () => {
    active = false;
    if (pending) clearTimeout(pending);
    if (win.fetch === watchedFetch) win.fetch = pageFetch;
    if (prototype.open === watchedOpen) prototype.open = pageOpen;
    if (prototype.send === watchedSend) prototype.send = pageSend;
  };
}
