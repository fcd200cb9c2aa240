import DOMPurify, { type Config } from 'dompurify';
import { kindsWhere, tagOf } from './catalogue-lookups.ts';
import { moveInlineStyles } from './inline-styles.ts';
import { htmlPolicy } from './trusted-html.ts';

export const TEMPLATE_RULES: Config = {
  ADD_TAGS: ['form', 'input', 'select', 'option', 'textarea', 'button', 'label'],
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed'],
  // Only the widget's elements that a template may hold (design §2), and none of their on* handlers.
  CUSTOM_ELEMENT_HANDLING: {
    tagNameCheck: new RegExp(
      `^(?:${kindsWhere((line) => line.inTemplates)
        .map(tagOf)
        .join('|')})$`,
    ),
    attributeNameCheck: /^(?!on)[a-z][a-z0-9-]*$/,
    allowCustomizedBuiltInElements: false,
  },
};

/**
 * Owner template HTML, sanitised: scripts and handlers go, forms and the widget's own elements stay, and
 * `style` attributes wait as `data-poptin-style` for `restoreInlineStyles` once inserted.
 * On pages that enforce Trusted Types the result is TrustedHTML from the widget's policy.
 */
export function sanitizeTemplate(owned: string): string | TrustedHTML {
  const html = moveInlineStyles(owned);
  const policy = htmlPolicy();
  if (!policy) return DOMPurify.sanitize(html, TEMPLATE_RULES);
  return DOMPurify.sanitize(html, {
    ...TEMPLATE_RULES,
    RETURN_TRUSTED_TYPE: true,
    TRUSTED_TYPES_POLICY: policy as unknown as Config['TRUSTED_TYPES_POLICY'],
  }) as unknown as TrustedHTML;
}
