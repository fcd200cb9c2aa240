// Lookups over the catalogue (catalogue.ts), apart from it: the loader holds the catalogue, and only the lazy chunks
// use these.
import { CATALOGUE, type CatalogueLine, type ElementKind } from './catalogue.ts';

export const ELEMENT_KINDS = Object.keys(CATALOGUE) as ElementKind[];

export function tagOf(kind: ElementKind): string {
  return CATALOGUE[kind].tag;
}

/** The kinds whose catalogue line passes `keep`. */
export function kindsWhere(keep: (line: CatalogueLine) => unknown): ElementKind[] {
  return ELEMENT_KINDS.filter((kind) => keep(CATALOGUE[kind] as CatalogueLine));
}
