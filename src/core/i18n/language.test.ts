import { expect } from '@open-wc/testing';
import { direction, isHebrewTag, resolveLanguage, templateLanguageTag } from './language.ts';

describe('resolveLanguage', () => {
  const table: Array<[string | null | undefined, string | null | undefined, 'en' | 'he']> = [
    ['he', null, 'he'],
    ['he-IL', '', 'he'],
    ['iw', undefined, 'he'],
    ['IW-il', 'en', 'he'],
    ['en', 'he', 'he'],
    ['en-US', 'he-IL', 'he'],
    [null, 'iw', 'he'],
    ['', 'hebrew', 'he'],
    ['en', 'en', 'en'],
    ['', '', 'en'],
    [null, null, 'en'],
    ['fr', 'de', 'en'],
    ['hel', 'hu', 'en'],
    ['heb-x', null, 'en'],
  ];
  for (const [documentLang, responseLang, expected] of table) {
    it(`page "${documentLang}" and response "${responseLang}" give ${expected}`, () => {
      expect(resolveLanguage(documentLang, responseLang)).to.equal(expected);
    });
  }
});

describe('isHebrewTag', () => {
  const table: Array<[string, boolean]> = [
    ['he', true],
    ['he_IL', true],
    [' iw ', true],
    ['HE', true],
    ['eh', false],
    ['h', false],
    ['', false],
  ];
  for (const [tag, expected] of table) {
    it(`"${tag}" is ${expected ? '' : 'not '}Hebrew`, () => expect(isHebrewTag(tag)).to.equal(expected));
  }
});

describe('direction', () => {
  it('Hebrew is right-to-left', () => expect(direction('he')).to.equal('rtl'));
  it('English is left-to-right', () => expect(direction('en')).to.equal('ltr'));
});

describe('templateLanguageTag', () => {
  const table: Array<[string | null, string | null]> = [
    ['<div data-poptin-screen="form" dir="rtl" lang="he"><p lang="en">x</p></div>', 'he'],
    ["<style>.a{}</style><section lang='he-IL'>x</section>", 'he-IL'],
    ['<div data-poptin-screen="form"><p lang="he">x</p></div>', null],
    ['<div title="lang=he">x</div>', null],
    ['plain text', null],
    [null, null],
  ];
  for (const [html, expected] of table) {
    it(`${JSON.stringify(html)} declares ${expected}`, () => {
      expect(templateLanguageTag(html)).to.equal(expected);
    });
  }
});
