import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { buildConversionFields } from '../../src/core/forms/conversion-payload.ts';
import type { FormField } from '../../src/core/forms/form-field.ts';
import type { PopupRecord } from '../db/configuration-store.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

// Leads of pop-ups in steps (design §2, "Steps"): a partial lead is marked, and the choices are counted.
const shared = useTestApp();
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.store);
  popup = await seedPopup(shared.test.store);
});

const choice = (value: string): FormField => ({
  name: 'Wants discount',
  type: 'hidden',
  value,
  createdAs: 'step-choice',
});

/** A lead as the widget sends it: the form's fields as the conversion body carries them. */
const postLead = (fields: FormField[], key: string) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...buildConversionFields(fields),
      poptin_id: popup.poptin_id,
      idempotency_key: key,
    } as Record<string, string>).toString(),
  });

const email = (value: string): FormField => ({ name: 'Email', type: 'email', value });

describe('leads of pop-ups in steps', () => {
  it('a lead carrying the partial mark is stored as partial; a whole lead is not', async () => {
    const partial = await postLead(
      [email('ada@acme.example'), choice('Yes'), { name: 'poptin_partial', type: 'hidden', value: 'yes' }],
      'partial-key-000001',
    );
    assert.equal(partial.statusCode, 200, partial.body);
    const whole = await postLead([email('bob@acme.example'), choice('No')], 'whole-key-0000001');
    assert.equal(whole.statusCode, 200, whole.body);
    const rows = await shared.test.db.query<{ email: string; partial: string | null }>(
      `SELECT email, fields->>'partial' AS partial FROM conversions ORDER BY id`,
    );
    assert.deepEqual(rows, [
      { email: 'ada@acme.example', partial: 'yes' },
      { email: 'bob@acme.example', partial: null },
    ]);
    const listing = await shared.app.inject({
      method: 'GET',
      url: '/api/owner/acme/leads',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(listing.statusCode, 200, listing.body);
    const partials = listing
      .json()
      .leads.map((lead: { email: string; partial: boolean }) => [lead.email, lead.partial]);
    assert.deepEqual(partials, [
      ['bob@acme.example', false],
      ['ada@acme.example', true],
    ]);
  });

  it('a retried partial lead is stored once', async () => {
    const fields = [email('ada@acme.example'), { name: 'poptin_partial', type: 'hidden', value: 'yes' }];
    await postLead(fields, 'partial-key-000002');
    await postLead(fields, 'partial-key-000002');
    assert.deepEqual(await shared.test.db.query('SELECT count(*)::int AS n FROM conversions'), [{ n: 1 }]);
  });

  it('the stats report of a pop-up counts how many chose each answer', async () => {
    await postLead([email('a@acme.example'), choice('Yes')], 'choice-key-000001');
    await postLead([email('b@acme.example'), choice('Yes')], 'choice-key-000002');
    await postLead([email('c@acme.example'), choice('No')], 'choice-key-000003');
    // A field of the same name that no choice button wrote is not an answer.
    await postLead(
      [email('d@acme.example'), { name: 'Wants discount', type: 'text', value: 'Maybe' }],
      'choice-key-000004',
    );
    const today = new Date().toISOString().slice(0, 10);
    const response = await shared.app.inject({
      method: 'GET',
      url: `/api/owner/acme/stats/report?from=${today}&to=${today}&popup=${popup.poptin_id}`,
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json().by_choice, [
      { question: 'Wants discount', answer: 'Yes', leads: 2 },
      { question: 'Wants discount', answer: 'No', leads: 1 },
    ]);
  });
});
