import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSections } from './lead-fields.ts';

/** A lead's fields as the widget's form-encoded conversion body stores them (src/core/api/conversion.ts). */
const stored = {
  url: 'https://shop.example/sale',
  p_target: 'lead',
  referrer: 'https://www.google.com/',
  previous_url: '',
  trigger: 'exit_intent',
  poptin_id: 'a1b2c3d4e5f6g',
  title: 'Spring sale',
  client_id: 'shop',
  visitor: 'mobile',
  origin_landing_page: 'https://shop.example/',
  browser_language: 'he-IL',
  operating_system: 'Android',
  since_page_load_ms: '48210',
  idempotency_key: 'key-0001',
  poptin_hp: '',
  email: 'noa@example.co.il',
  name: 'Noa',
  phone: '',
  message: 'Any news on sizes?',
  checkbox: '',
  checkbox_checked: 'no',
  newExtraFields: JSON.stringify([
    { id: 'Company', type: 'text', name: 'Company', value: 'Acme Ltd' },
    { id: 'Size', type: 'select', name: 'Size', value: '' },
    { id: 'poptin_partial', type: 'hidden', name: 'poptin_partial', value: 'no' },
  ]),
};

describe("a lead's fields in its detail", () => {
  it("lists as answers what the visitor typed beyond the e-mail, name and phone: the form's own fields with a value", () => {
    assert.deepEqual(leadSections(stored).answers, [
      ['message', 'Any news on sizes?'],
      ['Company', 'Acme Ltd'],
    ]);
  });

  it('keeps a field the widget does not send as an answer, as a form posted another way names it', () => {
    assert.deepEqual(leadSections({ email: 'a@example.com', size: 'XXL' }).answers, [['size', 'XXL']]);
  });

  it('gives the facts of the visit that were sent, in their order, and leaves out those empty', () => {
    assert.deepEqual(leadSections(stored).visit, [
      ['origin_landing_page', 'https://shop.example/'],
      ['referrer', 'https://www.google.com/'],
      ['title', 'Spring sale'],
      ['since_page_load_ms', '48210'],
      ['browser_language', 'he-IL'],
      ['operating_system', 'Android'],
    ]);
  });

  it('keeps everything sent with a value, as sent, and no empty one', () => {
    const sent = leadSections(stored).sent;
    assert.equal(sent.length, 18, 'the 22 fields stored, less the 4 empty ones');
    assert.ok(sent.some(([name]) => name === 'idempotency_key'));
    assert.equal(
      sent.some(([, value]) => value === ''),
      false,
    );
    assert.deepEqual(leadSections({ newExtraFields: '[]', email: 'a@example.com' }).sent, [['email', 'a@example.com']]);
  });

  it('reads newExtraFields sent as a list (a JSON body) and ignores one it cannot read', () => {
    assert.deepEqual(leadSections({ newExtraFields: [{ name: 'Size', value: 'M' }] }).answers, [['Size', 'M']]);
    assert.deepEqual(leadSections({ newExtraFields: '{not json' }).answers, []);
  });
});
