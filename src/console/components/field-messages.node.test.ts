import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STRINGS, type StringKey } from '../i18n/strings.ts';
import { fieldMessageWords } from './field-messages.ts';

const english = (key: StringKey) => STRINGS.en[key];
const hebrew = (key: StringKey) => STRINGS.he[key];

describe("the owner routes' field messages in the owner's language", () => {
  it('tells an e-mail field from the reply-to address, whose message gives an example', () => {
    assert.equal(fieldMessageWords('must be an e-mail address', hebrew), STRINGS.he.srvEmail);
    assert.equal(
      fieldMessageWords('must be an e-mail address, e.g. hello@shop.example', hebrew),
      STRINGS.he.srvReplyTo,
    );
  });

  it("puts the message's own values into the words", () => {
    assert.equal(fieldMessageWords('must be at least 10 characters', english), 'must be at least 10 characters');
    assert.equal(
      fieldMessageWords('"Mars/Olympus" is not a time zone: use an IANA name such as Europe/Paris', english),
      '"Mars/Olympus" is not a time zone',
    );
  });

  it("keeps a message it has no words for as the server's", () => {
    assert.equal(fieldMessageWords('must be one of: daily, weekly', hebrew), 'must be one of: daily, weekly');
  });
});
