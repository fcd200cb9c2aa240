// Parts of a template that most pop-ups do not have (games, coupons, add-to-cart buttons, countdowns, product
// recommendations, a date picker, a phone country list, dynamic text) are chunks of their own: a pop-up binds a part once its
// chunk is loaded, and one built ahead loads the chunks its template needs with the template (loadTemplateParts),
// so that they are bound before it first shows.

import type { Language } from '../../core/i18n/strings.ts';
import { bindWhenLoaded, chunkLoader } from '../../core/loading/when-loaded.ts';
import { PART_LOADERS } from '../../registry-parts.ts';
import { loadFieldAddonViews } from '../fields/addon-views.ts';
import type { DynamicTextBinding, DynamicTextContext } from './dynamic-text.ts';
import { fieldInHtml, loadFieldKindsIn } from './field-kinds.ts';
import { COUNTDOWN_SELECTOR, COUPON_SELECTOR, GAME_DEFINITIONS, GAME_TAGS, RECOMMENDATIONS_TAG } from './part-marks.ts';
import type { StepOptions } from './steps.ts';

export {
  ADD_TO_CART_SELECTOR,
  COUNTDOWN_SELECTOR,
  COUPON_SELECTOR,
  GAME_DEFINITIONS,
  GAME_SELECTOR,
  GAME_TAGS,
  RECOMMENDATIONS_TAG,
} from './part-marks.ts';

export const loadGameBinding = chunkLoader(() => import('./game-binding.ts'));
export const loadCouponBinding = chunkLoader(() => import('./coupon.ts'));
export const loadAddToCartBinding = chunkLoader(() => import('./add-to-cart-buttons.ts'));
/** The countdowns' binding, with their element, in the same round trip. */
export const loadCountdownBinding = chunkLoader(() =>
  Promise.all([import('../countdown/countdown-binding.ts'), PART_LOADERS.countdown()]).then(([binding]) => binding),
);
export const loadRecommendations = chunkLoader(PART_LOADERS.recommendations);
export const loadDynamicText = chunkLoader(() => import('./dynamic-text.ts'));
export const loadSteps = chunkLoader(() => import('./steps.ts'));
export const loadMedia = chunkLoader(() => import('./media.ts'));

/** An opening tag of one of these elements, in HTML. */
const elementInHtml = (tags: readonly string[]) => new RegExp(`<(?:${tags.join('|')})\\b`, 'i');

export type TemplatePart =
  | 'game'
  | 'coupon'
  | 'add-to-cart'
  | 'countdown'
  | 'recommendations'
  | 'date-picker'
  | 'phone-country'
  | 'dynamic-text'
  | 'steps'
  | 'media';

/** A template's games: their binding, and the element of each game it holds, in the same round trip. */
const loadGames = (template: string) =>
  Promise.all([
    loadGameBinding(),
    ...GAME_TAGS.filter((tag) => elementInHtml([tag]).test(template)).map((tag) => GAME_DEFINITIONS[tag]!()),
  ]);

// A near miss only loads a chunk early.
const PARTS_IN_HTML: Array<[TemplatePart, RegExp, (template: string) => Promise<unknown>]> = [
  ['game', elementInHtml(GAME_TAGS), loadGames],
  ['coupon', /\bdata-poptin-coupon\b/i, loadCouponBinding],
  ['add-to-cart', /\bdata-poptin-add-to-cart\b/i, loadAddToCartBinding],
  ['countdown', elementInHtml([COUNTDOWN_SELECTOR]), loadCountdownBinding],
  // Defined only once the pop-up showed, the list would grow inside it then and move what is below it.
  ['recommendations', elementInHtml([RECOMMENDATIONS_TAG]), loadRecommendations],
  ['date-picker', fieldInHtml(['date', 'birthday']), () => loadFieldAddonViews(['date-picker'])],
  ['phone-country', /\bdata-validation\s*=\s*["']?\s*international\b/i, () => loadFieldAddonViews(['phone-country'])],
  ['dynamic-text', /\{\{/, loadDynamicText],
  ['steps', /\bdata-poptin-step\b/i, loadSteps],
  ['media', /<(?:video|audio)\b/i, loadMedia],
];

const partsFoundIn = (template: string) => PARTS_IN_HTML.filter(([, pattern]) => pattern.test(template));

/** The parts a template, as HTML, holds, found without parsing it. */
export function templatePartsIn(template: string): TemplatePart[] {
  return partsFoundIn(template).map(([part]) => part);
}

/**
 * Loads the chunks of the parts a template, as HTML, holds, and the modules of the kinds of its fields
 * (field-kinds.ts). A part that cannot be loaded is left to its binding, which says so.
 */
export function loadTemplateParts(template: string): Promise<unknown> {
  return Promise.all([
    ...partsFoundIn(template).map(([, , load]) => load(template).catch(() => undefined)),
    loadFieldKindsIn(template),
  ]);
}

/** `[data-poptin-coupon]` buttons that copy their code (coupon.ts). */
export function bindTemplateCoupons(content: HTMLElement, language: Language): () => void {
  if (!content.querySelector(COUPON_SELECTOR)) return () => undefined;
  return bindWhenLoaded('the coupons of the pop-up', loadCouponBinding, ({ bindCoupons }) =>
    bindCoupons(content, language),
  );
}

const NO_DYNAMIC_TEXT: DynamicTextBinding = { refresh: () => undefined, unbind: () => undefined };

/** `{{tag|fallback}}` in the template's text (dynamic-text.ts), filled from `context` now and at each refresh. */
export function bindTemplateDynamicText(content: HTMLElement, context: () => DynamicTextContext): DynamicTextBinding {
  if (!content.innerHTML.includes('{{')) return NO_DYNAMIC_TEXT;
  let refresh = NO_DYNAMIC_TEXT.refresh;
  const unbind = bindWhenLoaded('the dynamic text of the pop-up', loadDynamicText, ({ bindDynamicText }) => {
    const binding = bindDynamicText(content, context);
    refresh = binding.refresh;
    return binding.unbind;
  });
  return { refresh: () => refresh(), unbind };
}

/** A template in steps (steps.ts): one step at a time. */
export function bindTemplateSteps(content: HTMLElement, options: StepOptions): () => void {
  if (!content.querySelector('[data-poptin-step]')) return () => undefined;
  return bindWhenLoaded('steps', loadSteps, ({ bindSteps }) => bindSteps(content, options));
}
