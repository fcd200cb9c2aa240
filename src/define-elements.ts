// poptin-elements/define: imported, it defines every element of the package at once, the controller apart (the
// loader defines it). The classes hold no React: a framework that renders an element finds its properties at
// once (React 19 sets `prizes`, `settings` or `products` as properties only on an element that has them), and
// each element draws when its view (React and the surface's code) has arrived, imported when the first one is
// connected.
import { PoptinChatButtonElement } from '../elements/poptin-chat-button/poptin-chat-button.ts';
import { PoptinCountdownElement } from '../elements/poptin-countdown/poptin-countdown.ts';
import { PoptinEmbedElement } from '../elements/poptin-embed/poptin-embed.ts';
import { PoptinGiftBoxElement } from '../elements/poptin-gift-box/poptin-gift-box.ts';
import { PoptinPopupElement } from '../elements/poptin-popup/poptin-popup.ts';
import { PoptinProductRecommendationsElement } from '../elements/poptin-product-recommendations/poptin-product-recommendations.ts';
import { PoptinScratchCardElement } from '../elements/poptin-scratch-card/poptin-scratch-card.ts';
import { PoptinSpinWheelElement } from '../elements/poptin-spin-wheel/poptin-spin-wheel.ts';
import { PoptinTeaserElement } from '../elements/poptin-teaser/poptin-teaser.ts';
import type { SurfaceView } from '../elements/shared/surface-element.ts';

type ElementClass = CustomElementConstructor & { loadView?: () => Promise<void> };
type SurfaceClass = ElementClass & { viewFrom(load: () => Promise<SurfaceView>): void };

/** The class, to draw with the view its define module exports (the chunk the loader imports for the same tag). */
function drawnWith<Class extends SurfaceClass>(element: Class, load: () => Promise<{ view: SurfaceView }>): Class {
  element.viewFrom(async () => (await load()).view);
  return element;
}

// Every tag of src/registry.ts (test/browser/define-elements.test.ts checks it), with its class.
const ELEMENTS = {
  'poptin-popup': drawnWith(PoptinPopupElement, () => import('./surfaces.ts')),
  'poptin-countdown': drawnWith(PoptinCountdownElement, () => import('../elements/poptin-countdown/define.ts')),
  'poptin-chat-button': drawnWith(PoptinChatButtonElement, () => import('../elements/poptin-chat-button/define.ts')),
  'poptin-embed': PoptinEmbedElement,
  'poptin-teaser': drawnWith(PoptinTeaserElement, () => import('../elements/poptin-teaser/define.ts')),
  'poptin-spin-wheel': drawnWith(PoptinSpinWheelElement, () => import('../elements/poptin-spin-wheel/define.ts')),
  'poptin-scratch-card': drawnWith(PoptinScratchCardElement, () => import('../elements/poptin-scratch-card/define.ts')),
  'poptin-gift-box': drawnWith(PoptinGiftBoxElement, () => import('../elements/poptin-gift-box/define.ts')),
  'poptin-product-recommendations': drawnWith(
    PoptinProductRecommendationsElement,
    () => import('../elements/poptin-product-recommendations/define.ts'),
  ),
} satisfies Record<string, ElementClass>;

/** Every element of the package that this module defines, the controller apart (the loader defines it). */
export type PoptinElementTag = keyof typeof ELEMENTS;

for (const [tag, element] of Object.entries(ELEMENTS))
  if (!customElements.get(tag)) customElements.define(tag, element);

/**
 * Imports the views of the elements now rather than when the first of each is connected, so that they draw at
 * once. The elements are defined already: nothing needs to wait for it. Rejects naming a tag the package lacks.
 */
export async function defineElements(tags: readonly string[] = Object.keys(ELEMENTS)): Promise<void> {
  const unknown = tags.filter((tag) => !(tag in ELEMENTS));
  if (unknown.length > 0)
    throw new Error(
      `poptin-elements has no ${unknown.map((tag) => `<${tag}>`).join(', ')}; it has ${Object.keys(ELEMENTS).join(', ')}`,
    );
  await Promise.all(tags.map((tag) => (ELEMENTS[tag as PoptinElementTag] as ElementClass).loadView?.()));
}
