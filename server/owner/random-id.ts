import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random lowercase letters and digits, each as likely as the others. */
export function randomLowercaseId(length: number): string {
  let id = '';
  while (id.length < length) {
    // 252 is the largest multiple of 36 below 256: higher bytes are dropped, or the first letters would come up more often.
    for (const byte of randomBytes(length * 2))
      if (byte < 252 && id.length < length) id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}
