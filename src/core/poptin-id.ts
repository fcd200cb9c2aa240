// widget §3: a pop-up id is 13 letters and digits. The one statement of that rule: the patterns that find an id
// in a link or a call are built from it.

/** The characters of a pop-up id, for a pattern that finds one inside other text. */
export const POPTIN_ID_CHARS = '[A-Za-z0-9]{13}';
export const POPTIN_ID = new RegExp(`^${POPTIN_ID_CHARS}$`);
