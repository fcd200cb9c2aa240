// The consent record of a lead whose form had a consent box: the exact text the visitor was shown, its language,
// whether the box was ticked, when and on which page. A double opt-in adds when the address was confirmed
// (conversions.confirmed_at).
import type { ConsentRecord } from '../../src/core/api/insights-contract.ts';

/** The consent text kept: a box's label is a sentence or two, a long one a paragraph. */
export const CONSENT_TEXT_MAX = 2000;

const HEBREW = /[\u0590-\u05ff]/;
const CONSENT_FIELDS = ['consent', 'Consent'];

/** The record of a lead's consent box, as the widget sent it; null when its form had none. */
export function consentRecordOf(
  body: Record<string, unknown>,
  url: string | null,
  at: Date = new Date(),
): Omit<ConsentRecord, 'confirmed_at'> | null {
  const named = CONSENT_FIELDS.find((name) => Object.hasOwn(body, name));
  if (body.consent_shown !== 'yes' && named === undefined) return null;
  const ticked =
    body.checkbox_checked === 'yes' ||
    (named !== undefined && /^(on|true|1|yes|checked)$/i.test(String(body[named]).trim()));
  const text =
    typeof body.consent_text === 'string' && body.consent_text.trim() !== ''
      ? body.consent_text.replace(/\s+/g, ' ').trim().slice(0, CONSENT_TEXT_MAX)
      : null;
  return {
    text,
    language: text === null ? null : HEBREW.test(text) ? 'he' : 'en',
    given: ticked,
    at: at.toISOString(),
    url,
  };
}
