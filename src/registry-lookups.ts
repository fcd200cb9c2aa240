// Lookups over the registry (src/registry.ts): the kinds, their tags, the loaders a template or the sanitiser
// wants, and new elements of a kind. Apart from the registry, which the loader holds: only the lazy chunks use them.
import type { ElementLoaders } from './core/loading/define-on-sight.ts';
import { type ElementKind, type ElementOf, REGISTRY } from './registry.ts';

export const ELEMENT_KINDS = Object.keys(REGISTRY) as ElementKind[];
type RegistryLine = (typeof REGISTRY)[ElementKind];

export function tagOf(kind: ElementKind): string {
  return REGISTRY[kind].tag;
}

/** By tag, the import that defines each element whose registry line passes `keep`. */
export function loadersWhere(keep: (line: RegistryLine) => unknown): ElementLoaders {
  return Object.fromEntries(
    ELEMENT_KINDS.filter((kind) => keep(REGISTRY[kind])).map((kind) => [tagOf(kind), REGISTRY[kind].load]),
  );
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
