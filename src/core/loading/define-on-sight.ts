// Elements an owner places by hand (<poptin-embed>, a declarative <poptin-popup>, <poptin-chat-button>, …) need
// their code only on pages that hold them: the loader watches for their tags and imports each definition once.
import { guard } from '../safety.ts';

export type ElementLoaders = Record<string, () => Promise<unknown>>;

/**
 * Imports the definition of every tag in `loaders` as soon as one such element is in `root`, now or later.
 * Returns a stop function; watching also stops by itself once every tag has been loaded.
 */
export function defineOnSight(loaders: ElementLoaders, root: Document | Element = document): () => void {
  const pending = new Map(Object.entries(loaders).filter(([tag]) => !customElements.get(tag)));
  const load = (tag: string) => {
    const loader = pending.get(tag);
    if (!loader) return;
    pending.delete(tag);
    guard(`loading <${tag}>`, loader);
  };
  const scan = (node: ParentNode) => {
    for (const tag of [...pending.keys()]) {
      if ((node instanceof Element && node.localName === tag) || node.querySelector(tag)) load(tag);
    }
  };

  scan(root);
  if (pending.size === 0) return () => {};
  const observer = new MutationObserver((records) =>
    guard('define on sight', () => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) scan(node);
      }
      if (pending.size === 0) observer.disconnect();
    }),
  );
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
