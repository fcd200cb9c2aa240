/** The `<poptin-embed>` an embedded pop-up renders into, if the page has one. */
export function embedPlaceholder(document: Document, poptinId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`poptin-embed[poptin-id="${CSS.escape(poptinId)}"]`);
}
