import type { DisplayApi } from '../../src/core/api/display-api.ts';
import type { PageContext } from '../../src/core/page-context.ts';
import type { PageViewFields, Visitor } from '../../src/core/visitor/index.ts';
import type { ProductMemory } from '../../src/core/visitor/products.ts';

/**
 * What the session's collaborators share of this page view, written by the session alone: the visitor (a new one
 * once consent is given), the page, the client. Tests hand them a plain object over fakes.
 */
export interface SessionContext {
  readonly api: DisplayApi;
  /** The controller element: its attributes and its events. */
  readonly host: HTMLElement;
  readonly window: Window;
  now(): number;
  /** The site's client id: the controller's, or the one of its Shopify shop. */
  clientId: string;
  page: PageContext;
  /** This page view as the visitor's history recorded it; null until recorded. */
  pageFields: PageViewFields | null;
  visitor: Visitor;
  products: ProductMemory;
  /** Consent mode before consent: the visitor lives in memory, the display call is anonymous, reports wait. */
  storesNothing: boolean;
  stopped: boolean;
}
