// The visitor's e-mail of one lead: its subject and text filled with the lead's values (`{{tag|fallback}}`, as a
// template's dynamic text), as plain text and as HTML in the e-mail's language and direction. A value is always
// text: it is escaped in the HTML, never read as markup or as a tag again.
import { parsePrizeSet } from '../../src/core/games/prizes.ts';
import { parseDynamicText } from '../../src/core/template/dynamic-text.ts';
import type { LeadForDelivery } from '../delivery/delivery-store.ts';
import { canonicalFieldName, leadValues } from '../delivery/payload.ts';
import type { VisitorEmailSettings } from './settings.ts';
import { directionOf, type EmailLanguage, escapeHtml, wordsOf } from './words.ts';

/** A value longer than this is cut: the visitor typed it. */
const MAX_VALUE_LENGTH = 500;

export interface MessageContext {
  settings: VisitorEmailSettings;
  language: EmailLanguage;
  siteName: string;
  privacyUrl: string | null;
  /** The pop-up's configuration, for the prize the lead names. */
  popupConfig: Record<string, unknown>;
  confirmUrl: string | null;
  unsubscribeUrl: string;
}

export interface VisitorMessage {
  subject: string;
  text: string;
  html: string;
}

const clean = (value: string) => {
  const text = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').trim();
  const characters = Array.from(text);
  return characters.length > MAX_VALUE_LENGTH ? characters.slice(0, MAX_VALUE_LENGTH).join('') : text;
};

/** The lead's values by canonical name, with the prize its game gave (label and code) and its coupon code. */
export function tagValues(lead: LeadForDelivery, popupConfig: Record<string, unknown>): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(leadValues(lead))) {
    if (typeof value === 'string' || typeof value === 'number') values.set(name, clean(String(value)));
  }
  const prizeId = values.get('prize_id');
  if (prizeId) {
    let prize: { label: string; code: string } | undefined;
    try {
      prize = parsePrizeSet(popupConfig.gamified_prize).find((each) => each.prizeId === prizeId);
    } catch {
      prize = undefined;
    }
    if (prize) {
      if (!values.get('prize')) values.set('prize', clean(prize.label));
      if (!values.get('prize_code')) values.set('prize_code', clean(prize.code));
    }
  }
  // A code of the visitor's own (coupon_code) first, else the one the pop-up showed, else the prize's.
  const coupon = values.get('coupon_code') || values.get('coupon') || values.get('prize_code');
  if (coupon) values.set('coupon_code', coupon);
  return values;
}

type Piece = { text: string } | { value: string };

function fill(template: string, values: Map<string, string>): Piece[] {
  return parseDynamicText(template).map((piece) =>
    'text' in piece ? piece : { value: values.get(canonicalFieldName(piece.tag)) || piece.fallback },
  );
}

const plain = (pieces: Piece[]) => pieces.map((piece) => ('text' in piece ? piece.text : piece.value)).join('');

/** The HTML of filled text: the owner's text and the values escaped, values isolated for the direction. */
function html(pieces: Piece[]): string {
  return pieces
    .map((piece) => ('text' in piece ? escapeHtml(piece.text) : `<bdi>${escapeHtml(piece.value)}</bdi>`))
    .join('');
}

/** Paragraphs at blank lines, line breaks within them. */
function paragraphsHtml(pieces: Piece[]): string {
  return html(pieces)
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export function visitorMessage(lead: LeadForDelivery, context: MessageContext): VisitorMessage {
  const values = tagValues(lead, context.popupConfig);
  const words = wordsOf(context.language);
  const dir = directionOf(context.language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const subject = plain(fill(context.settings.subject, values)).replace(/\s+/g, ' ').trim();
  const body = fill(context.settings.body, values);
  const footer = words.signedUp(context.siteName);

  const text = [
    plain(body).trim(),
    ...(context.confirmUrl ? ['', words.confirmIntro, context.confirmUrl] : []),
    '',
    '--',
    footer,
    `${words.unsubscribe}: ${context.unsubscribeUrl}`,
    ...(context.privacyUrl ? [`${words.privacy}: ${context.privacyUrl}`] : []),
  ].join('\n');

  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#555">${escapeHtml(label)}</a>`;
  const htmlText = `<!doctype html>
<html lang="${context.language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f6f6f6">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:8px;font:16px/1.5 Arial,Helvetica,sans-serif;color:#222;text-align:${align}">
${paragraphsHtml(body)}
${
  context.confirmUrl
    ? `<p style="margin:0 0 16px">${escapeHtml(words.confirmIntro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(context.confirmUrl)}" style="display:inline-block;padding:12px 20px;background:#1a56db;color:#fff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(words.confirmButton)}</a></p>`
    : ''
}
<p style="margin:24px 0 0;font-size:13px;color:#666">${escapeHtml(footer)}<br>${link(context.unsubscribeUrl, words.unsubscribe)}${
    context.privacyUrl ? ` · ${link(context.privacyUrl, words.privacy)}` : ''
  }</p>
</div>
</body>
</html>`;
  return { subject, text, html: htmlText };
}
