import type { WritableAtom } from 'nanostores';
import type { CountdownEndDetail } from '../../core/countdown/model.ts';
import type { GamePrizeDetail, GameResultDetail } from '../../core/games/model.ts';
import type { PrizeConversion } from '../../core/games/prizes.ts';
import type { CloseSource } from '../../core/public-types.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import type { LeadResponder } from '../template/lead-delivery.ts';
import type { AddToCartDetail } from './add-to-cart.ts';

/** The detail of every `poptin-*` event a surface dispatches on its host (design §2). */
export interface SurfaceEventMap {
  'poptin-show': { poptinId: string };
  'poptin-after-show': { poptinId: string };
  'poptin-request-close': { poptinId: string; source: CloseSource };
  'poptin-hide': { poptinId: string; source: CloseSource | null };
  'poptin-after-hide': { poptinId: string; source: CloseSource | null; submitted: boolean };
  /**
   * `honeypot`: what the form's hidden trap field holds, empty when a person sent it (see design §5).
   * `prize`: the prize a game of the template gave, null when none was played (widget §3).
   * `respondWith`: whoever sends the lead hands over how it went; the thank-you screen waits for it (lead-delivery.ts).
   */
  'poptin-submit': {
    poptinId: string;
    fields: SubmittedField[];
    honeypot: string;
    prize?: PrizeConversion | null;
    respondWith?: LeadResponder['respondWith'];
  };
  'poptin-error': { poptinId: string; message: string };
  'poptin-countdown-end': CountdownEndDetail;
  'poptin-game-play': GamePrizeDetail;
  'poptin-game-result': GameResultDetail;
  'poptin-game-done': GamePrizeDetail;
  'poptin-add-to-cart': AddToCartDetail;
}

export type SurfaceEventName = keyof SurfaceEventMap;

/**
 * What the controller may know of a surface element, whatever its kind: its model, a close request,
 * the coupon it shows, and its typed events. Nothing else, and never its shadow root.
 */
export interface SurfaceElement<Model> extends HTMLElement {
  readonly model: WritableAtom<Model | null>;
  /**
   * Asks the surface to close through the cancelable `poptin-request-close`. False when the page
   * refused, or when nothing is open to close.
   */
  requestClose(source: CloseSource): boolean;
  /** The coupon code the visitor is shown, '' when none. */
  readonly coupon: string;
  /** Listens to one of the surface's own events (not those of surfaces inside it) with its typed detail; returns the removal. */
  on<Name extends SurfaceEventName>(name: Name, handler: (detail: SurfaceEventMap[Name]) => void): () => void;
}
