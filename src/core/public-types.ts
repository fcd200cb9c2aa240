// The types an app sees of the elements: the settings their properties take and the details of their events.
// The build ships them (dist/types/public-types.d.ts) beside the declarations generated from custom-elements.json;
// test/types/event-details.test-d.ts holds each detail equal to the one the elements dispatch.

/** One prize of widget §3's `gamified_prize`, as the pop-up's settings carry it. */
export interface PrizeSettings {
  label: string;
  code?: string;
  prize_id?: string;
  is_winner?: number | boolean | string;
  loosing_option?: number | boolean | string;
  /** Percent, 0–100. */
  chances: number;
  redirect_to?: string;
  redirect_to_options?: Record<string, unknown>;
}

/** A prize set as a game's `prizes` property takes it: keyed by id, a list, or the JSON text the attribute holds. */
export type PrizeSetInput = Record<string, PrizeSettings> | PrizeSettings[] | string;

/** One product as the recommendation answer carries it, and as the `products` attribute's JSON lists it. */
export interface ProductSettings {
  product_id: string | number;
  variant_id?: string | number;
  title: string;
  price: string | number;
  compare_at_price?: string | number | null;
  currency?: string;
  image?: string;
  desc?: string;
  handle?: string;
  path?: string;
  inventory_quantity?: number | null;
}

/** The chat button's settings as one object, snake_case keys as its attributes spell them (`button_delay`). */
export type ChatSettingsInput = Record<string, unknown> & { telephone?: string };

/** Why a pop-up closes: the `source` of its close events. */
export type CloseSource =
  | 'x-button'
  | 'skip-button'
  | 'escape'
  | 'overlay'
  | 'auto-close'
  | 'timer'
  | 'redirect'
  | 'submit'
  | 'manual'
  | 'launch';

/** One named input of a submitted form. */
export interface SubmittedField {
  name: string;
  type: string;
  value: string;
  required: boolean;
  placeholder: string;
  validation: string;
  checked?: boolean;
  phoneCountry?: string | null;
  id?: string;
}

export type GameKind = 'spin-wheel' | 'scratch-card' | 'gift-box';

export interface GamePrizeDetail {
  /** The element's `poptin-id`, '' when it has none. */
  poptinId: string;
  game: GameKind;
  prizeId: string;
  isWinner: boolean;
  code: string;
  label: string;
}

export interface GameResultDetail extends GamePrizeDetail {
  screen: 'play' | 'win' | 'lose';
}

export interface AddToCartDetail {
  item: { id: string; quantity: number; redirect: boolean };
  /** The listener that adds it hands over the outcome: true once it is in the cart. */
  respondWith(outcome: Promise<boolean>): void;
}

/** The detail of every `poptin-*` event, by name. */
export interface PoptinEventDetails {
  'poptin-show': { poptinId: string };
  'poptin-after-show': { poptinId: string };
  'poptin-request-close': { poptinId: string; source: CloseSource };
  'poptin-hide': { poptinId: string; source: CloseSource | null };
  'poptin-after-hide': { poptinId: string; source: CloseSource | null; submitted: boolean };
  'poptin-submit': {
    poptinId: string;
    fields: SubmittedField[];
    honeypot: string;
    prize?: { prize_id: string; is_winner: '1' | '0' } | null;
    /** Whoever sends the lead says how it went; the thank-you screen waits for it, and a refused lead is never thanked. */
    respondWith?(
      outcome: Promise<{ status: 'sent' | 'kept' | 'nowhere' } | { status: 'refused'; reason: string } | undefined>,
    ): void;
  };
  'poptin-error': { poptinId: string; message: string };
  'poptin-countdown-end': { poptinId: string; endsAt: string };
  'poptin-game-play': GamePrizeDetail;
  'poptin-game-result': GameResultDetail;
  'poptin-game-done': GamePrizeDetail;
  'poptin-add-to-cart': AddToCartDetail;
  'poptin-chat-show': { state: 'shown' | 'tooltip' };
  'poptin-chat-open': { trigger: string };
  'poptin-chat-close': { trigger: string };
  'poptin-teaser-open': { poptinId: string };
  'poptin-display': { display: string; count: number };
}
