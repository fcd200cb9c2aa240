import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSettings } from '../platform/settings.ts';

describe('lead delivery settings', () => {
  it('reads DELIVERY_KEY, DELIVERY_ALLOW_PRIVATE, SMTP_URL and SMTP_FROM', () => {
    const { delivery } = readSettings({
      DELIVERY_KEY: 'a'.repeat(64),
      DELIVERY_ALLOW_PRIVATE: '1',
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      SMTP_FROM: 'Leads <leads@example.com>',
    });
    assert.equal(delivery.key?.length, 32);
    assert.equal(delivery.allowPrivate, true);
    assert.deepEqual(delivery.mail, {
      smtpUrl: 'smtps://user:pw@smtp.example.com:465',
      from: 'Leads <leads@example.com>',
    });
  });

  it('keeps private addresses refused, and mail off, unless told', () => {
    const { delivery } = readSettings({});
    assert.deepEqual(delivery, { allowPrivate: false, key: undefined, mail: null });
  });

  it('names the variable of a malformed key or SMTP URL', () => {
    assert.throws(() => readSettings({ DELIVERY_KEY: 'short' }), /DELIVERY_KEY must be 32 bytes/);
    assert.throws(
      () => readSettings({ SMTP_URL: 'http://smtp.example.com' }),
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
