// Reads the attributes of a declarative <poptin-popup kind trigger> (placed by a page builder, no server decision):
// pure, so a bad value becomes a clear message instead of an exception in the host page.
import { POPUP_TYPES, type PopupType } from '../config/types.ts';
import { POPTIN_ID } from '../poptin-id.ts';

export type DeclarativeTrigger =
  | { type: 'immediate' }
  | { type: 'seconds'; seconds: number }
  | { type: 'scroll'; percent: number }
  | { type: 'exit-intent' }
  | { type: 'click'; selector: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const TRIGGER_FORMS = 'immediate | seconds:N | scroll:P | exit-intent | click:SELECTOR';

/** A missing kind means lightbox, the default pop-up. */
export function parseKind(attribute: string | null): Parsed<PopupType> {
  const value = (attribute ?? '').trim().toLowerCase();
  if (value === '') return { ok: true, value: 'lightbox' };
  if ((POPUP_TYPES as readonly string[]).includes(value)) return { ok: true, value: value as PopupType };
  return { ok: false, message: `kind "${attribute}" is not a pop-up kind; use one of ${POPUP_TYPES.join(', ')}` };
}

/** A missing trigger means immediate. `isSelector` checks a click selector (the browser's own parser in the element). */
export function parseTrigger(
  attribute: string | null,
  isSelector: (selector: string) => boolean,
): Parsed<DeclarativeTrigger> {
  const value = (attribute ?? '').trim();
  if (value === '' || value === 'immediate') return { ok: true, value: { type: 'immediate' } };
  if (value === 'exit-intent') return { ok: true, value: { type: 'exit-intent' } };
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  const argument = colon < 0 ? '' : value.slice(colon + 1).trim();
  const bad = (why: string): Parsed<DeclarativeTrigger> => ({
    ok: false,
    message: `trigger "${attribute}" ${why}; use ${TRIGGER_FORMS}`,
  });
  switch (name) {
    case 'seconds': {
      const seconds = Number(argument);
      if (argument === '' || !Number.isFinite(seconds) || seconds < 0)
        return bad('needs a number of seconds of 0 or more');
      return { ok: true, value: { type: 'seconds', seconds } };
    }
    case 'scroll': {
      const percent = Number(argument.replace(/%$/, ''));
      if (argument === '' || !Number.isFinite(percent) || percent < 0 || percent > 100)
        return bad('needs a percentage from 0 to 100');
      return { ok: true, value: { type: 'scroll', percent } };
    }
    case 'click':
      if (argument === '' || !isSelector(argument)) return bad('needs a valid CSS selector');
      return { ok: true, value: { type: 'click', selector: argument } };
    default:
      return bad('is not a trigger');
  }
}

/** The browser's own selector parser, for parseTrigger. */
export function isValidSelector(document: Document, selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why the form of a pop-up placed by hand has nowhere to send its lead, naming what is missing: the pop-up's
 * `poptin-id`, or the site's client id on the page (a controller, which takes such leads when both are there).
 */
export function missingLeadDestination(poptinId: string | null, pageHasClientId: boolean): string {
  const placed = poptinId ? `<poptin-popup poptin-id="${poptinId}">` : '<poptin-popup>';
  const clientId = pageHasClientId
    ? ''
    : ', on a page with the site\'s client id (poptin.js?id=CLIENT_ID, or <poptin-controller client-id="CLIENT_ID">)';
  if (!poptinId || !POPTIN_ID.test(poptinId)) {
    return `${placed}: its lead was not sent, it has no valid poptin-id attribute. Give it the poptin-id of one of the site's pop-ups (13 letters and digits)${clientId}.`;
  }
  return `${placed}: its lead was not sent, this page has no client id. Add the site's client id (poptin.js?id=CLIENT_ID, or <poptin-controller client-id="CLIENT_ID">).`;
}
