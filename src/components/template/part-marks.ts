// What marks each part of a template, and the games' definitions: apart from template-parts.ts, whose loaders import
// the parts' chunks, so that those chunks can read them without importing their own loader.
import type { TemplatePartKind } from '../../core/catalogue.ts';
import { kindsWhere, tagOf } from '../../core/catalogue-lookups.ts';
import type { ElementLoaders } from '../../core/loading/define-on-sight.ts';
import { PART_LOADERS } from '../../registry-parts.ts';

/** The games a template may hold, each an element of its own chunk, by tag (game-binding.ts defines them). */
export const GAME_DEFINITIONS: ElementLoaders = Object.fromEntries(
  kindsWhere((line) => line.inTemplates === 'game').map((kind) => [
    tagOf(kind),
    PART_LOADERS[kind as TemplatePartKind],
  ]),
);
export const GAME_TAGS = Object.keys(GAME_DEFINITIONS);
export const GAME_SELECTOR = GAME_TAGS.join(', ');
export const COUPON_SELECTOR = '[data-poptin-coupon]';
export const ADD_TO_CART_SELECTOR = '[data-poptin-add-to-cart]';
export const COUNTDOWN_SELECTOR = tagOf('countdown');
export const RECOMMENDATIONS_TAG = tagOf('recommendations');
