import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { destinationKinds } from '../../../server/delivery/routes.ts';
import { errorMeaning } from './error-words.ts';
import { matchingKinds } from './kind-picker.tsx';

describe('the destinations page', () => {
  it('finds tools by every word of the search, in their name or purpose', () => {
    const kinds = destinationKinds({ mail: null });
    const purposes: Record<string, string> = { googlesheets: 'Appends a row per lead to a Google spreadsheet' };
    const found = (query: string) =>
      matchingKinds(kinds, query, (kind) => purposes[kind] ?? '').map((kind) => kind.kind);
    assert.deepEqual(found('SHEETS'), ['googlesheets']);
    assert.deepEqual(found('row spreadsheet'), ['googlesheets']);
    assert.deepEqual(found('mail'), ['email', 'mailchimp', 'mailerlite']);
    assert.equal(found('').length, kinds.length);
    assert.deepEqual(found('pigeon'), []);
  });

  it('says what an answer most likely means, and nothing over an error already in words', () => {
    assert.equal(errorMeaning('answered 401'), 'errorRefusedKey');
    assert.equal(errorMeaning('still failing after 9 tries over 70 h: answered 503'), 'errorToolDown');
    assert.equal(errorMeaning('answered 429'), 'errorRateLimited');
    assert.equal(errorMeaning('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9'), null);
  });
});
