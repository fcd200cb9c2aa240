import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LeadForDelivery } from './delivery-store.ts';
import { canonicalFieldName, consentOf, mappedFields, testLead, webhookPayload } from './payload.ts';
import { vendorPlan } from './vendors.ts';

const lead = (fields: Record<string, unknown>): LeadForDelivery => ({
  id: 7,
  createdAt: '2026-11-27T08:00:00.000Z',
  clientId: 'acme',
  poptinId: 'p1',
  email: 'jane@visitor.example',
  name: 'Jane',
  phone: null,
  url: null,
  fields,
});

describe('the consent field a destination names', () => {
  it('is read instead of the usual names, by the webhook payload and by the vendors', () => {
    const unticked = lead({ consent: 'on', 'Newsletter OK': '' });
    assert.equal(consentOf(unticked), true);
    assert.equal(consentOf(unticked, 'Newsletter OK'), false);
    assert.equal(webhookPayload(unticked, {}, false, 'Newsletter OK').lead.consent, false);
    const plan = vendorPlan(
      { kind: 'klaviyo', settings: { listId: 'L1', consentField: 'Newsletter OK' }, fieldMap: {}, apiKey: 'pk' },
      unticked,
      {},
    );
    assert.deepEqual(plan, { skip: 'the visitor did not consent to marketing e-mail' });
    assert.equal(consentOf(lead({ 'Newsletter OK': 'yes' }), 'Newsletter OK'), true);
    assert.equal(consentOf(lead({}), 'Newsletter OK'), null);
  });
});

describe('field names', () => {
  it('bring the spellings of the widget, older consoles and vendors to one lower-case snake name', () => {
    const spelled = (names: string[]) => names.map(canonicalFieldName);
    assert.deepEqual(spelled(['Email', 'EMAIL', 'email', 'E-mail', ' Email ']), Array(5).fill('email'));
    assert.deepEqual(
      spelled(['FirstName', 'firstName', 'firstname', 'FIRSTNAME', 'first_name', 'First name']),
      Array(6).fill('first_name'),
    );
    assert.deepEqual(spelled(['CreatedAt', 'created_at', 'Newsletter OK', 'zip_postal_code', 'Email2', 'חברה']), [
      'created_at',
      'created_at',
      'newsletter_ok',
      'zip_postal_code',
      'email2',
      'חברה',
    ]);
  });

  it("map a stored lead by any spelling, its other fields from the form's field records too", () => {
    const stored = lead({
      email: 'jane@visitor.example',
      FirstName: 'Janet',
      newExtraFields: [
        { name: 'Company', value: 'Acme' },
        { name: 'Empty', value: '' },
      ],
    });
    assert.deepEqual(
      mappedFields(stored, {
        EMAIL: 'e',
        firstName: 'f',
        last_name: 'l',
        company: 'c',
        Empty: 'x',
        Missing: 'm',
        ID: 'i',
      }),
      { e: 'jane@visitor.example', f: 'Janet', c: 'Acme', i: 7 },
    );
  });

  it('give a test lead the names a lead the widget sent has', () => {
    const { lead: sample } = webhookPayload(testLead('acme'), { Email: 'EMAIL' }, true);
    assert.deepEqual(sample.mapped, { EMAIL: 'test.lead@example.com' });
    assert.deepEqual(
      { email: sample.fields.email, Email: sample.fields.Email, consent: sample.consent },
      { email: 'test.lead@example.com', Email: undefined, consent: true },
    );
  });
});
