const idCharacters = (poptinId: string) => poptinId.replace(/[^A-Za-z0-9_-]/g, '');

/** The tag that places an embedded pop-up in a page (design §2). */
export function embedTagOf(poptinId: string): string {
  return `<poptin-embed poptin-id="${idCharacters(poptinId)}"></poptin-embed>`;
}

/** A button that opens the pop-up when clicked (its data-poptin-id, widget §2 "Triggering by click"). */
export function clickToOpenTagOf(poptinId: string, label: string): string {
  const text = label.replace(
    /[<>&]/g,
    (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[character] ?? character,
  );
  return `<button type="button" data-poptin-id="${idCharacters(poptinId)}">${text}</button>`;
}

/** The kinds that a page places with <poptin-embed>. */
export const isEmbeddedKind = (type: string): boolean => type === 'embedded' || type === 'content';
