// Every element of the package but the controller (which the loader defines itself): its tag, the import that
// defines it, the model it renders, whether a page may place it by hand and whether a pop-up's template may
// hold it. The loader's define-on-sight, defineElements(), the template's parts and sanitiser, and the controller
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
  /** A page may place it by hand: the loader defines it when it sees the tag, and defineElements() loads it. */
  byHand: boolean;
  /** A pop-up's template may hold it: 'game' for the games the template's game binding plays, 'part' for the others. */
  inTemplates: false | 'game' | 'part';
  /** What its `model` holds; null for an element that renders none (a placeholder). Read by the type only. */
  model?: Model;
}

/** One registry line, with the model its element renders. */
const entry = <Model>(line: Omit<RegistryEntry<Model>, 'model'>): RegistryEntry<Model> => line;

export const REGISTRY = {
  // The pop-up is what nearly every page shows: it is part of the surfaces chunk, loaded with it.
  popup: entry<PopupModel>({ tag: 'poptin-popup', load: () => import('./surfaces.ts'), byHand: true, inTemplates: false }),
  countdown: entry<CountdownModel>({ tag: 'poptin-countdown', load: () => import('../elements/poptin-countdown/define.ts'), byHand: true, inTemplates: 'part' }),
  'chat-button': entry<ChatSettings>({ tag: 'poptin-chat-button', load: () => import('../elements/poptin-chat-button/define.ts'), byHand: true, inTemplates: false }),
  embed: entry<null>({ tag: 'poptin-embed', load: () => import('../elements/poptin-embed/define.ts'), byHand: true, inTemplates: false }),
  teaser: entry<TeaserModel>({ tag: 'poptin-teaser', load: () => import('../elements/poptin-teaser/define.ts'), byHand: true, inTemplates: false }),
  'spin-wheel': entry<GameModel>({ tag: 'poptin-spin-wheel', load: () => import('../elements/poptin-spin-wheel/define.ts'), byHand: true, inTemplates: 'game' }),
  'scratch-card': entry<GameModel>({ tag: 'poptin-scratch-card', load: () => import('../elements/poptin-scratch-card/define.ts'), byHand: true, inTemplates: 'game' }),
  'gift-box': entry<GameModel>({ tag: 'poptin-gift-box', load: () => import('../elements/poptin-gift-box/define.ts'), byHand: true, inTemplates: 'game' }),
  recommendations: entry<RecommendationModel>({ tag: 'poptin-product-recommendations', load: () => import('../elements/poptin-product-recommendations/define.ts'), byHand: true, inTemplates: 'part' }),
};

export type ElementKind = keyof typeof REGISTRY;
export type ModelOf<Kind extends ElementKind> = NonNullable<(typeof REGISTRY)[Kind]['model']>;
/** The element of a kind as the controller knows it: a surface with its model, or a plain element for a placeholder. */
export type ElementOf<Kind extends ElementKind> = [ModelOf<Kind>] extends [never] ? HTMLElement : SurfaceElement<ModelOf<Kind>>;

export const ELEMENT_KINDS = Object.keys(REGISTRY) as ElementKind[];
type RegistryLine = (typeof REGISTRY)[ElementKind];

export function tagOf(kind: ElementKind): string {
  return REGISTRY[kind].tag;
}

/** By tag, the import that defines each element whose registry line passes `keep`. */
export function loadersWhere(keep: (line: RegistryLine) => unknown): ElementLoaders {
  return Object.fromEntries(ELEMENT_KINDS.filter((kind) => keep(REGISTRY[kind])).map((kind) => [tagOf(kind), REGISTRY[kind].load]));
}

/** A new element of the kind, not yet defined unless its code is already loaded: for elements set up by attributes. */
export function createElementOf<Kind extends ElementKind>(kind: Kind): ElementOf<Kind> {
  return document.createElement(tagOf(kind)) as ElementOf<Kind>;
}

/** A new, unconnected element of the kind, defined and ready for its model. */
export async function createSurface<Kind extends ElementKind>(kind: Kind): Promise<ElementOf<Kind>> {
  await REGISTRY[kind].load();
  return createElementOf(kind);
}

/**
 * What the loader's define-on-sight and defineElements() load: the elements a page may place by hand. A pop-up
 * placed by hand is hidden before the next frame (a MutationObserver's callback), so that its offer never paints
 * as the page's text; pages without one, most of them, keep their styles untouched.
 */
export const handPlacedLoaders: ElementLoaders = loadersWhere((line) => line.byHand);
handPlacedLoaders[REGISTRY.popup.tag] &&= () => {
  hidePopupsUntilDefined(document);
  return REGISTRY.popup.load();
};
