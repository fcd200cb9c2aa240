// Every element of the package but the controller (which the loader defines itself): its tag, the import that
// defines it, the model it renders and whether a pop-up's template may hold it (a page may place every one by hand). The loader's define-on-sight, the template's parts and sanitiser, and the controller
// read it; a new surface is its folder plus one line here (docs/adding-a-surface.md). No React: the loader holds it.
import type { SurfaceElement } from './components/shared/surface.ts';
import type { ChatSettings } from './core/chat/settings.ts';
import type { CountdownModel } from './core/countdown/model.ts';
import type { GameModel } from './core/games/model.ts';
import type { ElementLoaders } from './core/loading/define-on-sight.ts';
import { hidePopupsUntilDefined } from './core/loading/until-defined.ts';
import type { RecommendationModel } from './core/products/recommendations.ts';
import type { TeaserModel } from './core/teaser/tabs.ts';
import type { PopupModel } from './stores/popup-model.ts';

interface RegistryEntry<Model> {
  tag: `poptin-${string}`;
  /** Imports the element's define file, which defines its tag. */
  load: () => Promise<unknown>;
  /**
   * A pop-up's template may hold it: 'game' for the games the template's game binding plays, 'part' for the others;
   * left out for the elements a template may not hold.
   */
  inTemplates?: 'game' | 'part';
  /** What its `model` holds; null for an element that renders none (a placeholder). Read by the type only. */
  model?: Model;
}

/** One registry line, with the model its element renders. */
const entry = <Model>(line: Omit<RegistryEntry<Model>, 'model'>): RegistryEntry<Model> => line;

export const REGISTRY = {
  // The pop-up is what nearly every page shows: it is part of the surfaces chunk, loaded with it.
  // Seen placed by hand, it is hidden before the next frame (a MutationObserver's callback), so that its offer never
  // paints as the page's text; pages without one, most of them, keep their styles untouched.
  popup: entry<PopupModel>({
    tag: 'poptin-popup',
    load: () => {
      hidePopupsUntilDefined(document);
      return import('./surfaces.ts');
    },
  }),
  countdown: entry<CountdownModel>({
    tag: 'poptin-countdown',
    load: () => import('../elements/poptin-countdown/define.ts'),
    inTemplates: 'part',
  }),
  'chat-button': entry<ChatSettings>({
    tag: 'poptin-chat-button',
    load: () => import('../elements/poptin-chat-button/define.ts'),
  }),
  embed: entry<null>({
    tag: 'poptin-embed',
    load: () => import('../elements/poptin-embed/define.ts'),
  }),
  teaser: entry<TeaserModel>({
    tag: 'poptin-teaser',
    load: () => import('../elements/poptin-teaser/define.ts'),
  }),
  'spin-wheel': entry<GameModel>({
    tag: 'poptin-spin-wheel',
    load: () => import('../elements/poptin-spin-wheel/define.ts'),
    inTemplates: 'game',
  }),
  'scratch-card': entry<GameModel>({
    tag: 'poptin-scratch-card',
    load: () => import('../elements/poptin-scratch-card/define.ts'),
    inTemplates: 'game',
  }),
  'gift-box': entry<GameModel>({
    tag: 'poptin-gift-box',
    load: () => import('../elements/poptin-gift-box/define.ts'),
    inTemplates: 'game',
  }),
  recommendations: entry<RecommendationModel>({
    tag: 'poptin-product-recommendations',
    load: () => import('../elements/poptin-product-recommendations/define.ts'),
    inTemplates: 'part',
  }),
};

export type ElementKind = keyof typeof REGISTRY;
export type ModelOf<Kind extends ElementKind> = NonNullable<(typeof REGISTRY)[Kind]['model']>;
/** The element of a kind as the controller knows it: a surface with its model, or a plain element for a placeholder. */
export type ElementOf<Kind extends ElementKind> = [ModelOf<Kind>] extends [never]
  ? HTMLElement
  : SurfaceElement<ModelOf<Kind>>;

/**
 * What the loader's define-on-sight loads: every element of the registry, each of which a page
 * may place by hand (a pop-up placed by hand is hidden until its code arrives: its registry line's load does it).
 */
export const handPlacedLoaders: ElementLoaders = Object.fromEntries(
  Object.values(REGISTRY).map((line) => [line.tag, line.load]),
);
