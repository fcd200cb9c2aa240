// Sentences that quote an address: in Hebrew the address reads left to right wherever the line breaks, and names
// what the English names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STRINGS } from './strings.ts';

const ISOLATE_START = '\u2066';
const ISOLATE_END = '\u2069';

/** Each address of a text (from its scheme or its leading slash), and whether a left-to-right isolate holds it. */
function addressesOf(text: string): { address: string; isolated: boolean }[] {
  return [...text.matchAll(/https?:\/\/[^\s,)\u2069]*|(?<![\w/])\/[a-z][\w/-]*/gi)].map((match) => {
    const before = text.slice(0, match.index);
    const opened = before.lastIndexOf(ISOLATE_START) > before.lastIndexOf(ISOLATE_END);
    return { address: match[0], isolated: opened };
  });
}

describe('the console in Hebrew', () => {
  it('isolates every address it quotes, so that its slashes and dots stay in order in a right-to-left line', () => {
    const bare = Object.entries(STRINGS.he).flatMap(([key, text]) =>
      addressesOf(text)
        .filter(({ isolated }) => !isolated)
        .map(({ address }) => `${key}: ${address}`),
    );
    assert.deepEqual(bare, []);
  });

  it('isolates each value that holds an address (an origin, an e-mail, a tag) where a Hebrew sentence puts it', () => {
    const bare = Object.entries(STRINGS.he).flatMap(([key, text]) =>
      [...text.matchAll(/\{(?:origin|email|tag)\}/g)]
        .filter(
          ({ 0: placeholder, index }) =>
            text[index - 1] !== ISOLATE_START || text[index + placeholder.length] !== ISOLATE_END,
        )
        .map(({ 0: placeholder }) => `${key}: ${placeholder}`),
    );
    assert.deepEqual(bare, []);
  });

  it('names in Hebrew every scheme an English sentence names', () => {
    const schemes = (text: string) => [...new Set(text.match(/https?:\/\//g) ?? [])].sort();
    const differing = Object.entries(STRINGS.en)
      .filter(([key, text]) => schemes(text).join() !== schemes(STRINGS.he[key as keyof typeof STRINGS.he]).join())
      .map(([key]) => key);
    assert.deepEqual(differing, []);
  });

  it('finds an address whether or not it is isolated', () => {
    assert.deepEqual(addressesOf('למשל https://shop.example: מותר'), [
      { address: 'https://shop.example:', isolated: false },
    ]);
    assert.deepEqual(addressesOf(`קישור ל-${ISOLATE_START}/click/ID${ISOLATE_END}`), [
      { address: '/click/ID', isolated: true },
    ]);
  });
});
