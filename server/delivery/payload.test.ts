import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LeadForDelivery } from './delivery-store.ts';
import { consentOf, webhookPayload } from './payload.ts';
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
