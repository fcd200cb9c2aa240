// The catalogue of the package's elements, but the controller (which the loader defines itself): each one's tag and
// whether a pop-up's template may hold it (a page may place every one by hand). Data only: src/registry.ts adds the
// import that defines each, and its model; the sanitiser and the template's parts read what a template may hold
// here. A new surface is its folder plus one line here and one there (docs/adding-a-surface.md).

export interface CatalogueLine {
  tag: `poptin-${string}`;
  /**
   * A pop-up's template may hold it: 'game' for the games the template's game binding plays, 'part' for the others;
   * left out for the elements a template may not hold.
   */
  inTemplates?: 'game' | 'part';
}

export const CATALOGUE = {
  popup: { tag: 'poptin-popup' },
  countdown: { tag: 'poptin-countdown', inTemplates: 'part' },
  'chat-button': { tag: 'poptin-chat-button' },
  embed: { tag: 'poptin-embed' },
  teaser: { tag: 'poptin-teaser' },
  'spin-wheel': { tag: 'poptin-spin-wheel', inTemplates: 'game' },
  'scratch-card': { tag: 'poptin-scratch-card', inTemplates: 'game' },
  'gift-box': { tag: 'poptin-gift-box', inTemplates: 'game' },
  recommendations: { tag: 'poptin-product-recommendations', inTemplates: 'part' },
} as const satisfies Record<string, CatalogueLine>;

export type ElementKind = keyof typeof CATALOGUE;
/** The kinds a pop-up's template may hold. */
export type TemplatePartKind = {
  [Kind in ElementKind]: (typeof CATALOGUE)[Kind] extends { inTemplates: string } ? Kind : never;
}[ElementKind];
