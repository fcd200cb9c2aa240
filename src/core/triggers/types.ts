import type { PopupConfig } from '../config/types.ts';
import type { CartEvent, CartState } from '../rules/cart.ts';
import type { Visitor } from '../visitor/visitor.ts';

/** Trigger names recorded with a view or conversion (widget §4 "Names recorded", sent as `trigger`). */
export const TRIGGER_NAMES = {
  exitIntent: 'close_tab',
  afterSeconds: 'after_seconds',
  scroll: 'scroll',
  clicks: 'page_clicks',
  pageVisits: 'page_visits',
  inactivity: 'inactivity',
  cart: 'cart_event',
  backButton: 'back_button',
  adblock: 'adblock',
  clickToOpen: 'on_click',
  /** No trigger configured: shown as soon as the page is ready. */
  immediately: 'immediately',
  /** An embedded pop-up's placeholder was scrolled into view. */
  inView: 'in_view',
} as const;

export type TriggerName = (typeof TRIGGER_NAMES)[keyof typeof TRIGGER_NAMES];

export type Device = 'desktop' | 'mobile';

export type Disarm = () => void;

/** Store integrations publish cart events here; the cart trigger listens. */
export interface CartEventSource {
  subscribe(listener: (event: CartEvent) => void): () => void;
  /** The last known cart, if any (so a cart condition already met at page load fires at once). */
  current(): CartState | null;
}

/** The part of the visitor the triggers use. */
export type TriggerVisitor = Pick<
  Visitor,
  'timeOnSiteMs' | 'countPageVisit' | 'pageVisitTriggerDisabled' | 'disablePageVisitTrigger' | 'canCountVisits'
>;

export interface TriggerContext {
  window: Window;
  document: Document;
  config: PopupConfig;
  visitor: TriggerVisitor;
  /** Epoch ms; the injected clock. */
  now(): number;
  /** Called when the trigger fires; each armed trigger calls it at most once. */
  fire(trigger: TriggerName): void;
  /** Decides mobile-only behaviour (touch exit intent, auto-pilot choice). Defaults to detecting a coarse pointer. */
  device?: Device;
  /** Current page address, for the page-visit count (defaults to window.location.href). */
  url?: string;
  cartEvents?: CartEventSource;
  /** Same-origin path whose blocked request also signals an ad blocker (optional second check). */
  adblockProbeUrl?: string;
}

/** Every trigger module exports one of these. */
export type ArmTrigger = (context: TriggerContext) => Disarm;
