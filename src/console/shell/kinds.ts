import type { StringKey } from '../i18n/strings.ts';

/** A kind as pop-ups name it (poptin_type): templates write some of them their own way. */
export const kindOf = (kind: string) =>
  ({ 'full-page': 'fullpage', 'slide-in': 'sside', game: 'gamified' })[kind] ?? kind;

const KINDS = new Set([
  'embedded',
  'lightbox',
  'gamified',
  'bar',
  'sside',
  'bside',
  'browsing',
  'fullpage',
  'mobile',
  'social',
  'content',
]);

/** The words of a kind ("Slide-in" for sside). */
export const kindWords = (kind: string): StringKey =>
  KINDS.has(kindOf(kind)) ? (`kind_${kindOf(kind)}` as StringKey) : 'kindOther';
