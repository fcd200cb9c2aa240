// Codes made from a pattern such as WELCOME-XXXXXX: each X is a random character of an alphabet without the ones a
// person misreads (0/O, 1/I/L), so that a code read aloud or copied by hand still works.
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** At least this many X: 31^6 codes, so that guessing one that was given takes about a billion tries per code. */
export const MIN_RANDOM_CHARACTERS = 6;
export const PATTERN_SYNTAX = /^[A-Za-z0-9_-]{1,64}$/;

/** Why a pattern cannot make codes, or null when it can. */
export function patternProblem(pattern: string): string | null {
  if (!PATTERN_SYNTAX.test(pattern))
    return 'a pattern is 1 to 64 letters, digits, "-" or "_", with an X for each random character (WELCOME-XXXXXX)';
  const randoms = pattern.match(/X/g)?.length ?? 0;
  if (randoms < MIN_RANDOM_CHARACTERS)
    return `a pattern needs at least ${MIN_RANDOM_CHARACTERS} X (random characters), such as WELCOME-XXXXXX; it has ${randoms}`;
  return null;
}

export function codeFromPattern(pattern: string): string {
  return pattern.replace(/X/g, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
}
