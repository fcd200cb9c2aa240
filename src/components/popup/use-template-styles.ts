import { useLayoutEffect } from 'react';
import { adoptStyles } from '../../core/adopted-styles.ts';
import { restoreInlineStyles } from '../../core/inline-styles.ts';
import { slottedTemplateStyles } from '../template/template-styles.ts';
import type { TemplateContent } from './template-content.ts';

/** The template's own styles, before anything reads it. */
export function useTemplateStyles(host: HTMLElement, template: TemplateContent): void {
  const { slotted } = template;
  // Its inline styles, set aside by the sanitiser (a strict CSP forbids them as attributes).
  useLayoutEffect(() => {
    const content = template.content();
    if (content && !slotted) restoreInlineStyles(content);
  });

  // Slotted children are the page's own: the page's styles reach them, and what the binding adds to them is
  // styled from the document, at no specificity.
  useLayoutEffect(() => {
    host.toggleAttribute('data-slotted', slotted);
    if (slotted) adoptStyles(document, slottedTemplateStyles);
  }, [host, slotted]);
}
