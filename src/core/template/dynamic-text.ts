// Dynamic text of a template: `{{tag|fallback}}` in its text, filled from the visitor's page. A value is always
// text: it is never parsed again (a value holding `{{page_title}}` reads literally) and it reaches the DOM through
// text nodes and attribute values alone, never as markup.
import { fieldKindOf } from '../forms/field-kind.ts';

/** A value longer than this is cut: a query parameter is the visitor's to write. */
export const MAX_VALUE_LENGTH = 100;

/** The UTM parameters, written as tags of their own: `{{utm_campaign}}` is `{{query.utm_campaign}}`. */
export const UTM_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Attributes whose value is text a visitor reads; a tag anywhere else (href, src, style, on*) stays as written. */
export const TEXT_ATTRIBUTES = ['placeholder', 'aria-label', 'alt', 'title'] as const;

/** What the tags are filled from. */
export interface DynamicTextSources {
  /** The page's query string, `location.search`. */
  query: string;
  /** The visitor's country, as the display answer gives it (ISO code), and the language to name it in. */
  countryCode: string;
  language: string;
  pageTitle: string;
  /** The store's cart, on a store page. */
  cart: { itemCount: number; total: number } | null;
  /** What the visitor typed in the form, once sent (for the thank-you screen). */
  visitorName: { name: string; firstName: string } | null;
  /** Days left of the pop-up's countdown, when it has one. */
  countdownDays: number | null;
}

export type DynamicPiece = { text: string } | { tag: string; fallback: string };

// A tag name, then an optional fallback up to the first `}}`; a fallback never holds `{{`, so in
// `{{a|{{b}}}}` only the inner `{{b}}` is a tag.
const TAG = /\{\{\s*([A-Za-z][\w.\-[\]]*)\s*(?:\|((?:(?!\{\{|\}\})[\s\S])*))?\}\}/g;

const HAS_TAG = new RegExp(TAG.source);

export function hasDynamicText(text: string): boolean {
  return HAS_TAG.test(text);
}

/** The text split into literal pieces and tags; one text piece when it holds no tag. */
export function parseDynamicText(text: string): DynamicPiece[] {
  const pieces: DynamicPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ tag: match[1]!, fallback: (match[2] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length || pieces.length === 0) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** The value of one tag, cleaned and cut; "" when the page has none (or the tag is not known). */
export function tagValue(tag: string, sources: DynamicTextSources): string {
  return clean(rawValue(tag, sources));
}

/** The text with its tags filled: each tag by its value, else by its fallback, else by nothing. */
export function fillDynamicText(text: string, sources: DynamicTextSources): string {
  return parseDynamicText(text)
    .map((piece) => ('text' in piece ? piece.text : tagValue(piece.tag, sources) || piece.fallback))
    .join('');
}

function rawValue(tag: string, sources: DynamicTextSources): string {
  const lower = tag.toLowerCase();
  if (lower.startsWith('query.')) return queryParameter(sources.query, tag.slice('query.'.length));
  if ((UTM_TAGS as readonly string[]).includes(lower)) return queryParameter(sources.query, lower);
  switch (lower) {
    case 'country':
      return countryName(sources.countryCode, sources.language);
    case 'page_title':
      return sources.pageTitle;
    case 'cart_count':
      return sources.cart ? String(sources.cart.itemCount) : '';
    case 'cart_total':
      return sources.cart ? amount(sources.cart.total) : '';
    case 'name':
      return sources.visitorName?.name ?? '';
    case 'first_name':
      return sources.visitorName?.firstName ?? '';
    case 'countdown_days':
      return sources.countdownDays === null ? '' : String(sources.countdownDays);
    default:
      return '';
  }
}

function queryParameter(query: string, name: string): string {
  try {
    return new URLSearchParams(query).get(name) ?? '';
  } catch {
    return '';
  }
}

function countryName(code: string, language: string): string {
  const region = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return '';
  try {
    return new Intl.DisplayNames([language || 'en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

function amount(total: number): string {
  if (!Number.isFinite(total)) return '';
  return Number.isInteger(total) ? String(total) : total.toFixed(2);
}

/** Control characters out, runs of white space made one space, trimmed, cut to MAX_VALUE_LENGTH characters. */
function clean(value: string): string {
  const text = value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length > MAX_VALUE_LENGTH ? characters.slice(0, MAX_VALUE_LENGTH).join('').trim() : text;
}

/** The name the visitor typed: a full-name field, else first and last name fields. */
export function visitorNameOf(
  fields: readonly { name: string; type?: string; value: string }[],
): DynamicTextSources['visitorName'] {
  const typed = (kind: string) =>
    fields.find((field) => fieldKindOf(field.name, field.type) === kind && field.value.trim())?.value.trim() ?? '';
  const full = typed('name');
  const first = typed('first-name');
  const last = typed('last-name');
  const whole = full || [first, last].filter(Boolean).join(' ');
  if (!whole) return null;
  return { name: whole, firstName: first || whole.split(/\s+/)[0]! };
}

/** Whole days left until `end` (epoch ms), counting a part of a day as one; 0 once it is over. */
export function daysLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}
