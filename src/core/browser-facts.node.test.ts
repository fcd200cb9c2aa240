import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserFacts, operatingSystemOf } from './browser-facts.ts';

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPAD_AS_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('what a lead says of the browser', () => {
  it("names the browser's language and its operating system", () => {
    assert.deepEqual(browserFacts({ userAgent: ANDROID_PHONE, language: 'he-IL' }), {
      browserLanguage: 'he-IL',
      operatingSystem: 'Android',
    });
    assert.equal(browserFacts({ userAgent: IPAD_AS_DESKTOP, language: 'en' }).operatingSystem, 'Mac OS');
  });

  it('names the operating system from the user agent', () => {
    assert.deepEqual(
      ['Windows NT 10.0', 'iPhone OS 17', 'X11; Linux x86_64', 'Something else'].map(operatingSystemOf),
      ['Windows', 'iOS', 'Linux', 'Unknown'],
    );
  });
});
