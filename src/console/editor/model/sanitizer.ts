import DOMPurify from 'dompurify';
import { TEMPLATE_RULES } from '../../../core/sanitize.ts';

/** What the sanitiser takes out of a template: an element, or an attribute of one. */
export interface Removal {
  element?: string;
  attribute?: string;
}

/**
 * The sanitiser's verdict on a template, before it is saved: DOMPurify with the very rules the pop-up applies on a
 * visitor's page, and what it removed.
 */
export function sanitizerRemovals(html: string): Removal[] {
  const purifier = DOMPurify(window);
  purifier.sanitize(html, TEMPLATE_RULES);
  const seen = new Set<string>();
  return purifier.removed.flatMap((entry): Removal[] => {
    const removal: Removal | null =
      'attribute' in entry && entry.attribute
        ? {
            element: entry.from instanceof Element ? entry.from.tagName.toLowerCase() : undefined,
            attribute: entry.attribute.name,
          }
        : 'element' in entry && entry.element instanceof Element
          ? { element: entry.element.tagName.toLowerCase() }
          : null;
    if (!removal) return [];
    const key = `${removal.element ?? ''} ${removal.attribute ?? ''}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [removal];
  });
}
