// Lookups over the registry (src/registry.ts) and its catalogue: the kinds, their tags, and new elements of a kind.
// Apart from the registry, which the loader holds: only the lazy chunks use them.
import { tagOf } from './core/catalogue-lookups.ts';
import { type ElementKind, type ElementOf, LOADERS } from './registry.ts';

export { ELEMENT_KINDS, tagOf } from './core/catalogue-lookups.ts';

/** A new element of the kind, not yet defined unless its code is already loaded: for elements set up by attributes. */
export function createElementOf<Kind extends ElementKind>(kind: Kind): ElementOf<Kind> {
  return document.createElement(tagOf(kind)) as ElementOf<Kind>;
}

/** A new, unconnected element of the kind, defined and ready for its model. */
export async function createSurface<Kind extends ElementKind>(kind: Kind): Promise<ElementOf<Kind>> {
  await LOADERS[kind]();
  return createElementOf(kind);
}
