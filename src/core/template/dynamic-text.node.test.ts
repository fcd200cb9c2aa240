import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  type DynamicTextSources,
  daysLeft,
  fillDynamicText,
  hasDynamicText,
  MAX_VALUE_LENGTH,
  parseDynamicText,
  visitorNameOf,
} from './dynamic-text.ts';

const PAGE: DynamicTextSources = {
  query: '?utm_campaign=Spring%20sale&utm_source=news&ref=friend%20link&empty=',
  countryCode: 'FR',
  language: 'en',
  pageTitle: 'Shoes | Example store',
  cart: { itemCount: 3, total: 49.5 },
  visitorName: { name: 'Dana Levi', firstName: 'Dana' },
  countdownDays: 4,
};

const fill = (text: string, sources: Partial<DynamicTextSources> = {}) =>
  fillDynamicText(text, { ...PAGE, ...sources });

describe('dynamic text', () => {
  it('fills every tag from the page', () => {
    expect(fill('{{utm_campaign}} from {{utm_source}} ({{query.ref}})')).to.equal(
      'Spring sale from news (friend link)',
    );
    expect(fill('{{country}} / {{page_title}}')).to.equal('France / Shoes | Example store');
    expect(fill('{{cart_count}} items, {{cart_total}}')).to.equal('3 items, 49.50');
    expect(fill('{{cart_total}}', { cart: { itemCount: 1, total: 20 } })).to.equal('20');
    expect(fill('Thanks {{first_name}} ({{name}}), {{countdown_days}} days left')).to.equal(
      'Thanks Dana (Dana Levi), 4 days left',
    );
  });

  it('takes the fallback when the page has no value, and nothing when there is no fallback', () => {
    const bare: Partial<DynamicTextSources> = {
      query: '',
      countryCode: '',
      cart: null,
      visitorName: null,
      countdownDays: null,
    };
    expect(fill('{{utm_campaign|our sale}}', bare)).to.equal('our sale');
    expect(fill('{{ utm_campaign | our sale }}!', bare)).to.equal('our sale!');
    expect(fill('[{{utm_campaign}}]', bare)).to.equal('[]');
    expect(fill('{{query.empty|none}}')).to.equal('none');
    expect(fill('{{country|your country}} {{cart_count|no}} {{name|friend}} {{countdown_days|a few}}', bare)).to.equal(
      'your country no friend a few',
    );
  });

  it('reads an unknown tag as missing: its fallback, or nothing', () => {
    expect(fill('{{weather|sunny}} {{weather}}.')).to.equal('sunny .');
  });

  it('leaves text that is not a tag as written', () => {
    for (const text of ['{{}}', '{{ }}', '{ {utm_campaign} }', '{{1abc}}', 'a {{utm_campaign', 'plain text'])
      expect(fill(text), text).to.equal(text);
    expect(hasDynamicText('price {{x}}')).to.equal(true);
    // Asking first changes nothing of the filling that follows.
    expect(hasDynamicText('{{cart_count|0}} items, {{cart_total}}')).to.equal(true);
    expect(fill('{{cart_count|0}} items, {{cart_total}}')).to.equal('3 items, 49.50');
    expect(hasDynamicText('{{}}')).to.equal(false);
  });

  it('reads nested braces as text around the innermost tag, never a tag built from a value', () => {
    expect(fill('{{{utm_source}}}')).to.equal('{news}');
    expect(fill('{{utm_term|{{utm_source}}}}', { query: '?utm_source=news' })).to.equal('{{utm_term|news}}');
    expect(fill('{{utm_term|a } b}}', { query: '' })).to.equal('a } b');
    // A value that reads like a tag stays as the visitor wrote it.
    expect(fill('{{utm_campaign}}', { query: `?utm_campaign=${encodeURIComponent('{{page_title}}')}` })).to.equal(
      '{{page_title}}',
    );
    expect(parseDynamicText('a {{b|c}} d')).to.deep.equal([
      { text: 'a ' },
      { tag: 'b', fallback: 'c' },
      { text: ' d' },
    ]);
  });

  it('keeps markup in a value as the characters it is', () => {
    const markup = '<img src=x onerror=alert(1)>&amp;"\'';
    expect(fill('{{utm_campaign}}', { query: `?utm_campaign=${encodeURIComponent(markup)}` })).to.equal(markup);
  });

  it('trims a value, makes its white space and control characters one space, and cuts it', () => {
    expect(fill('[{{utm_campaign}}]', { query: `?utm_campaign=${encodeURIComponent('  a\n\tb\u0000c  ')}` })).to.equal(
      '[a b c]',
    );
    const long = 'x'.repeat(500);
    expect(fill('{{utm_campaign}}', { query: `?utm_campaign=${long}` })).to.have.length(MAX_VALUE_LENGTH);
    expect(fill('{{page_title}}', { pageTitle: '😀'.repeat(150) })).to.equal('😀'.repeat(MAX_VALUE_LENGTH));
  });

  it('keeps a query parameter name as written, and the UTM shorthands whatever their case', () => {
    expect(fill('{{query.Ref|none}} {{UTM_Campaign}}', { query: '?Ref=up&utm_campaign=x' })).to.equal('up x');
  });

  it('reads the name the visitor typed from a full-name field, else first and last name', () => {
    expect(visitorNameOf([{ name: 'Email', value: 'a@b.co' }])).to.equal(null);
    expect(visitorNameOf([{ name: 'Name', value: ' Dana Levi ' }])).to.deep.equal({
      name: 'Dana Levi',
      firstName: 'Dana',
    });
    expect(
      visitorNameOf([
        { name: 'first_name', value: 'Dana' },
        { name: 'last_name', value: 'Levi' },
      ]),
    ).to.deep.equal({ name: 'Dana Levi', firstName: 'Dana' });
  });

  it('counts part of a day as a day, and none once over', () => {
    const day = 86_400_000;
    expect(daysLeft(1_000 + 2 * day + 1, 1_000)).to.equal(3);
    expect(daysLeft(1_000 + 2 * day, 1_000)).to.equal(2);
    expect(daysLeft(0, 1_000)).to.equal(0);
  });
});
