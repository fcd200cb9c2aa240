import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { counted } from './plural.ts';

describe('counted words', () => {
  it('says one lead, two leads in English, and the Hebrew forms for one, two and more', () => {
    assert.deepEqual(
      [0, 1, 2, 5, 1200].map((count) => counted('en', 'leads', count)),
      ['0 leads', '1 lead', '2 leads', '5 leads', '1,200 leads'],
    );
    assert.deepEqual(
      [0, 1, 2, 5].map((count) => counted('he', 'leads', count)),
      ['0 לידים', 'ליד אחד', 'שני לידים', '5 לידים'],
    );
    assert.equal(counted('he', 'views', 1), 'צפייה אחת');
  });
});
