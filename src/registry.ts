// Every element of the package but the controller (which the loader defines itself): the import that defines it and
// the model it renders, beside its line of the catalogue (src/core/catalogue.ts: its tag, whether a template may hold
// it). The loader's define-on-sight and the controller read it; a new surface is its folder plus a line in each
// (docs/adding-a-surface.md). No React: the loader holds it.
import type { SurfaceElement } from './components/shared/surface.ts';
import { CATALOGUE, type ElementKind } from './core/catalogue.ts';
import type { ChatSettings } from './core/chat/settings.ts';
import type { CountdownModel } from './core/countdown/model.ts';
import type { GameModel } from './core/games/model.ts';
import type { ElementLoaders } from './core/loading/define-on-sight.ts';
import { hidePopupsUntilDefined } from './core/loading/until-defined.ts';
import type { RecommendationModel } from './core/products/recommendations.ts';
import type { TeaserModel } from './core/teaser/tabs.ts';
import { PART_LOADERS } from './registry-parts.ts';
import type { PopupModel } from './stores/popup-model.ts';

export type { ElementKind } from './core/catalogue.ts';

/** Each element's import, which defines its tag. */
export const LOADERS: Record<ElementKind, () => Promise<unknown>> = {
  // The pop-up is what nearly every page shows: it is part of the surfaces chunk, loaded with it.
  // Seen placed by hand, it is hidden before the next frame (a MutationObserver's callback), so that its offer never
  // paints as the page's text; pages without one, most of them, keep their styles untouched.
  popup: () => {
    hidePopupsUntilDefined(document);
    return import('./surfaces.ts');
  },
  'chat-button': () => import('../elements/poptin-chat-button/define.ts'),
  embed: () => import('../elements/poptin-embed/define.ts'),
  teaser: () => import('../elements/poptin-teaser/define.ts'),
  ...PART_LOADERS,
};

/** What each element's `model` holds; null for an element that renders none (a placeholder). */
interface Models {
  popup: PopupModel;
  countdown: CountdownModel;
  'chat-button': ChatSettings;
  embed: null;
  teaser: TeaserModel;
  'spin-wheel': GameModel;
  'scratch-card': GameModel;
  'gift-box': GameModel;
  recommendations: RecommendationModel;
}

export type ModelOf<Kind extends ElementKind> = NonNullable<Models[Kind]>;
/** The element of a kind as the controller knows it: a surface with its model, or a plain element for a placeholder. */
export type ElementOf<Kind extends ElementKind> = [ModelOf<Kind>] extends [never]
  ? HTMLElement
  : SurfaceElement<ModelOf<Kind>>;

/**
 * What the loader's define-on-sight loads: every element of the registry, each of which a page
 * may place by hand (a pop-up placed by hand is hidden until its code arrives: its registry line's load does it).
 */
export const handPlacedLoaders: ElementLoaders = Object.fromEntries(
  Object.entries(CATALOGUE).map(([kind, line]) => [line.tag, LOADERS[kind as ElementKind]]),
);
