/** The tag that places an embedded pop-up in a page (design §2). */
export function embedTagOf(poptinId: string): string {
  const safe = poptinId.replace(/[^A-Za-z0-9_-]/g, '');
  return `<poptin-embed poptin-id="${safe}"></poptin-embed>`;
}

/** The kinds that a page places with <poptin-embed>. */
export const isEmbeddedKind = (type: string): boolean => type === 'embedded' || type === 'content';
