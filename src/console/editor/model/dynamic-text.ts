// Dynamic text in the editor: the tags a template's text may hold (`{{utm_campaign|our sale}}`, filled on the
// visitor's page by src/core/template/dynamic-text.ts), written for insertion, and the preview's sample values.
import { fillDynamicText, hasDynamicText, TEXT_ATTRIBUTES } from '../../../core/template/dynamic-text.ts';
import type { Language } from '../../i18n/strings.ts';

/** The tags the editor's menu offers, in its order; `query` asks for the parameter's name. */
export const DYNAMIC_TAGS = [
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_content',
  'query',
  'country',
  'page_title',
  'cart_count',
  'cart_total',
  'first_name',
  'name',
  'countdown_days',
] as const;
export type DynamicTag = (typeof DYNAMIC_TAGS)[number];

/** A parameter name the tag syntax can hold: a letter, then letters, digits, `_ . - [ ]`. */
export const isParameterName = (name: string) => /^[A-Za-z][\w.\-[\]]*$/.test(name);

/**
 * The tag as written in the template: `{{utm_campaign|our sale}}`, `{{query.coupon}}`. A fallback cannot hold
 * `{{` or `}}` (they would end it): those are dropped, and line breaks become spaces.
 */
export function tagText(tag: DynamicTag, fallback: string, parameter = ''): string {
  const name = tag === 'query' ? `query.${parameter.trim()}` : tag;
  const rest = fallback
    .replace(/\{\{|\}\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return rest ? `{{${name}|${rest}}}` : `{{${name}}}`;
}

const SAMPLE_QUERY =
  'utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale&utm_term=sandals&utm_content=banner';

const SAMPLES: Record<Language, { pageTitle: string; name: string; firstName: string; country: string }> = {
  en: { pageTitle: 'Summer sandals – Example shop', name: 'Dana Levi', firstName: 'Dana', country: 'US' },
  he: { pageTitle: 'סנדלים לקיץ – חנות לדוגמה', name: 'דנה לוי', firstName: 'דנה', country: 'IL' },
};

const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The template's HTML with its tags filled by sample values for the preview: the same text nodes and text
 * attributes the widget fills, in an inert <template>; a parameter with no sample shows its fallback.
 */
export function withSampleValues(html: string, language: Language): string {
  if (!hasDynamicText(html)) return html;
  const sample = SAMPLES[language];
  const sources = {
    query: SAMPLE_QUERY,
    countryCode: sample.country,
    language,
    pageTitle: sample.pageTitle,
    cart: { itemCount: 3, total: 59.9 },
    visitorName: { name: sample.name, firstName: sample.firstName },
    countdownDays: 3,
  };
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && SKIPPED.has(node.localName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (hasDynamicText(node.data)) node.data = fillDynamicText(node.data, sources);
      continue;
    }
    const element = node as Element;
    const attributes: string[] = [...TEXT_ATTRIBUTES, ...(element.localName === 'button' ? ['value'] : [])];
    if (element.localName === 'input' && /^(submit|button|reset)$/i.test(element.getAttribute('type') ?? ''))
      attributes.push('value');
    for (const attribute of attributes) {
      const value = element.getAttribute(attribute);
      if (value !== null && hasDynamicText(value)) element.setAttribute(attribute, fillDynamicText(value, sources));
    }
  }
  return template.innerHTML;
}
