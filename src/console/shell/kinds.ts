import { POPUP_TYPES } from '../../core/config/types.ts';
import type { StringKey } from '../i18n/strings.ts';

/** A kind as pop-ups name it (poptin_type): templates write some of them their own way. */
export const kindOf = (kind: string) =>
  ({ 'full-page': 'fullpage', 'slide-in': 'sside', game: 'gamified' })[kind] ?? kind;

const KINDS = new Set<string>(POPUP_TYPES);

/** The short words of a kind, on lists and filters ("Slide-in" for sside); the editor's pictures have longer ones. */
export const kindWords = (kind: string): StringKey =>
  KINDS.has(kindOf(kind)) ? (`listKind_${kindOf(kind)}` as StringKey) : 'kindOther';
