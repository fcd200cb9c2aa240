import { describe, it } from 'node:test';
import { expect } from 'chai';
import { safeNavigationUrl } from '../safe-url.ts';
import { appendFormData, mobileRedirectUrl } from './redirect-url.ts';

describe('redirect URLs (widget §5)', () => {
  const table: Array<[string, string | null]> = [
    ['example.com', 'http://example.com'],
    ['www.example.com/thanks?x=1', 'http://www.example.com/thanks?x=1'],
    ['example.com:8080/path', 'http://example.com:8080/path'],
    ['  example.com  ', 'http://example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com/a#b', 'https://example.com/a#b'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['//cdn.example.com/page', '//cdn.example.com/page'],
    ['tel:+972501234567', 'tel:+972501234567'],
    ['sms:+972501234567?body=hi', 'sms:+972501234567?body=hi'],
    ['mailto:dan@example.com', 'mailto:dan@example.com'],
    ['whatsapp://send?phone=972501234567', 'whatsapp://send?phone=972501234567'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['  javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['https://', null],
    ['http://', null],
    ['', null],
    ['   ', null],
  ];
  for (const [raw, url] of table) {
    it(`${JSON.stringify(raw)} → ${url}`, () => {
      expect(safeNavigationUrl(raw)).to.equal(url);
    });
  }
  it('nothing set is no redirect', () => {
    expect(safeNavigationUrl(null)).to.equal(null);
    expect(safeNavigationUrl(undefined)).to.equal(null);
  });
});

describe('mobile redirect: numbers become tel: links (widget §5)', () => {
  const table: Array<[string, string | null]> = [
    ['0501234567', 'tel:0501234567'],
    ['+972 50-123 4567', 'tel:+972501234567'],
    ['(03) 123-4567', 'tel:031234567'],
    ['example.com', 'http://example.com'],
    ['tel:0501234567', 'tel:0501234567'],
    ['javascript:alert(1)', null],
  ];
  for (const [raw, url] of table) {
    it(`${raw} → ${url}`, () => {
      expect(mobileRedirectUrl(raw)).to.equal(url);
    });
  }
});

describe('redirect with form data (poptin_design_redirect_send_form_data)', () => {
  const table: Array<[string, Record<string, string> | Array<[string, string]>, string]> = [
    [
      'https://example.com/thanks',
      { Email: 'dan@example.com', Name: 'Dan Levi' },
      'https://example.com/thanks?Email=dan%40example.com&Name=Dan+Levi',
    ],
    ['https://example.com/thanks?ref=pop', { Email: 'a@b.co' }, 'https://example.com/thanks?ref=pop&Email=a%40b.co'],
    ['https://example.com/thanks?', { Email: 'a@b.co' }, 'https://example.com/thanks?Email=a%40b.co'],
    ['https://example.com/thanks#top', { Name: 'דנה' }, 'https://example.com/thanks?Name=%D7%93%D7%A0%D7%94#top'],
    [
      'https://example.com/?a=1#x',
      [
        ['Checkbox', 'a'],
        ['Checkbox', 'b'],
      ],
      'https://example.com/?a=1&Checkbox=a&Checkbox=b#x',
    ],
    ['//example.com/t', { q: 'a&b=c' }, '//example.com/t?q=a%26b%3Dc'],
    ['https://example.com/', {}, 'https://example.com/'],
    ['tel:0501234567', { Email: 'a@b.co' }, 'tel:0501234567'],
    ['mailto:dan@example.com', { Email: 'a@b.co' }, 'mailto:dan@example.com'],
  ];
  for (const [url, data, expected] of table) {
    it(`${url} + ${JSON.stringify(data)} → ${expected}`, () => {
      expect(appendFormData(url, data)).to.equal(expected);
    });
  }
});
