import type { PopupType } from '../config/types.ts';
import { readString } from '../config/values.ts';

/** Widget §9: the configured entry effect names map onto these animations. */
export const ENTRY_EFFECT_MAP: Readonly<Record<string, string>> = {
  up: 'slideInDown',
  down: 'slideInUp',
  left: 'flipInX',
  right: 'flipInX',
  blind: 'flipInX',
  fold: 'flipInX',
  bounce: 'zoomIn',
  clip: 'zoomIn',
  size: 'zoomIn',
  'scale-out': 'zoomIn',
  explode: 'fadeIn',
  fade: 'fadeIn',
  highlight: 'tada',
  puff: 'pulse',
  pulsate: 'flash',
  scale: 'heartBeat',
  shake: 'shake',
};

/** Every animation the frame draws; exits are the entries with In replaced by Out. */
export const ANIMATIONS = [...new Set(Object.values(ENTRY_EFFECT_MAP))];
export const EXIT_ANIMATIONS = [...new Set(ANIMATIONS.map((name) => name.replace('In', 'Out')))];
/** Fullpage pop-ups scale, then fade in (widget §4). */
export const FULLPAGE_ENTRY = 'scaleThenFadeIn';

/** Widget §9: the entry animation lasts 1 s and is then cleared; the exit effect 0.8 s. */
export const ENTRY_ANIMATION_MS = 1_000;
export { EXIT_EFFECT_MS } from './timing.ts';

/** An effect setting ("form-up", "up", "form-fadeIn", "slideInDown") as an entry animation name, or null. */
function entryNameOf(value: unknown): string | null {
  const word = readString(value)
    .trim()
    .replace(/^form-/, '');
  if (word === '' || word === 'none' || word === 'no') return null;
  const mapped = ENTRY_EFFECT_MAP[word.toLowerCase()];
  if (mapped) return mapped;
  const named = ANIMATIONS.find((name) => name.toLowerCase() === word.toLowerCase().replace('out', 'in'));
  return named ?? null;
}

/** No animation at all, not even the frame's own short entry. */
export const NO_ANIMATION = 'none';

/**
 * The entry animation: null for the frame's own short one. Social formats 3 and 7 have none at all
 * (widget §2); fullpage scales, then fades in.
 */
export function entryAnimation(
  designProperties: Record<string, unknown>,
  type: PopupType,
  format: string,
): string | null {
  if (type === 'social' && (format === 'format_3' || format === 'format_7')) return NO_ANIMATION;
  if (type === 'fullpage') return FULLPAGE_ENTRY;
  return entryNameOf(designProperties.poptin_design_entry_effect);
}

/** The exit effect when one is configured: its entry animation with In replaced by Out (widget §4). */
export function exitAnimation(designProperties: Record<string, unknown>): string | null {
  return entryNameOf(designProperties.poptin_design_exit_effect)?.replace('In', 'Out') ?? null;
}
