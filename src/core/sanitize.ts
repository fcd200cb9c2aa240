import DOMPurify from 'dompurify';

/** Owner template HTML, sanitised: scripts and handlers go, forms and the widget's own elements stay. */
export function sanitizeTemplate(html: string): string {
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['form', 'input', 'select', 'option', 'textarea', 'button', 'label'],
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed'],
    CUSTOM_ELEMENT_HANDLING: { tagNameCheck: /^poptin-/, attributeNameCheck: /^[a-z][a-z0-9-]*$/, allowCustomizedBuiltInElements: false },
  });
}
