import type { PlatformClient } from './client.ts';
import { ContextError } from './errors.ts';
import { checkArgument } from './options.ts';

// Kept on globalThis so two copies of this module (e.g. two bundles on one page) share the context.
const CONTEXT_KEY = Symbol.for('poptin-elements.sdk.context');

type ContextHolder = { [CONTEXT_KEY]?: PlatformClient };

/** Makes a client the ambient one, for code that calls the platform without being handed a client. */
export function initContext(client: PlatformClient): void {
  checkArgument('initContext', 'client', client, 'object');
  if (typeof client.request !== 'function')
    throw new TypeError('initContext: the argument client must be a client made by createClient');
  (globalThis as ContextHolder)[CONTEXT_KEY] = client;
}

export function clearContext(): void {
  delete (globalThis as ContextHolder)[CONTEXT_KEY];
}

/** The ambient client; "Wix context is not available" until `initContext` ran. */
export function getContextClient(): PlatformClient {
  const client = (globalThis as ContextHolder)[CONTEXT_KEY];
  if (!client) throw new ContextError();
  return client;
}
