// The surfaces chunk: React and the visible elements, imported only when something must render.
// The registry is the one place that knows each surface's tag; the controller asks it for elements.
import type { SurfaceElement } from './components/shared/surface.ts';
import type { CountdownModel } from './core/countdown/model.ts';
import type { PopupModel } from './stores/popup-model.ts';
// The pop-up is what nearly every page shows: it is part of this chunk, so creating one costs no extra request.
import '../elements/poptin-popup/define.ts';

export { sanitizeTemplate } from './core/sanitize.ts';
export { loadTemplateParts } from './components/template/template-parts.ts';

/** The model each surface renders. */
export interface SurfaceModels {
  popup: PopupModel;
  countdown: CountdownModel;
}

export type SurfaceKind = keyof SurfaceModels;

interface SurfaceEntry {
  tag: string;
  /** Loads the element's define file; surfaces in their own chunk load it here. */
  define: () => Promise<unknown>;
}

export const surfaceRegistry: Record<SurfaceKind, SurfaceEntry> = {
  popup: { tag: 'poptin-popup', define: () => import('../elements/poptin-popup/define.ts') },
  countdown: { tag: 'poptin-countdown', define: () => import('../elements/poptin-countdown/define.ts') },
};

/** A new, unconnected element of the surface, defined and ready for its model. */
export async function createSurface<Kind extends SurfaceKind>(kind: Kind): Promise<SurfaceElement<SurfaceModels[Kind]>> {
  const { tag, define } = surfaceRegistry[kind];
  await define();
  return document.createElement(tag) as SurfaceElement<SurfaceModels[Kind]>;
}
