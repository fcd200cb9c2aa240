import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { destinationKinds } from '../../../server/delivery/routes.ts';
import { destinationInput, draftOf, readFieldMap } from './destination-draft.ts';
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

  it('sends what the owner typed in each kind of form, read the way the owner wrote it', () => {
    const draft = {
      ...draftOf(null),
      name: 'CRM',
      url: 'https://crm.example/hook',
      batchLeads: true,
      recipients: ' sales@example.com \n\nowner@example.com',
      dailyDigest: true,
      listId: 'abc123',
      apiKey: 'key-us6',
      tags: 'popup, , spring ',
      fieldMap: 'email=EMAIL\nbroken line\n first_name = FNAME ',
      consentField: ' gdpr ',
      confirmedOnly: true,
    };
    assert.deepEqual(destinationInput('webhook', draft, null), {
      name: 'CRM',
      enabled: true,
      fieldMap: { email: 'EMAIL', first_name: 'FNAME' },
      settings: { url: 'https://crm.example/hook', batchLeads: true, consentField: 'gdpr', confirmedOnly: true },
    });
    assert.deepEqual(destinationInput('email', draft, null).settings, {
      to: ['sales@example.com', 'owner@example.com'],
      digest: 'daily',
      confirmedOnly: true,
    });
    const mailchimp = destinationInput('mailchimp', draft, null);
    assert.deepEqual(mailchimp.settings, {
      listId: 'abc123',
      doubleOptIn: false,
      marketingPermissionId: '',
      tags: ['popup', 'spring'],
      consentField: 'gdpr',
      confirmedOnly: true,
    });
    assert.equal((mailchimp as { apiKey?: string }).apiKey, 'key-us6');
    assert.equal('listId' in destinationInput('hubspot', draft, null).settings, false, 'HubSpot has no list');
  });

  it('keeps a stored key when the owner leaves the key empty, and sends a described kind its own settings', () => {
    const editing = draftOf({
      id: 1,
      kind: 'klaviyo',
      name: 'Klaviyo',
      enabled: false,
      settings: { listId: 'L1', consentField: 'ok' },
      fieldMap: { email: 'email' },
    } as never);
    assert.equal(editing.enabled, false);
    assert.equal(editing.fieldMap, 'email=email');
    assert.equal('apiKey' in destinationInput('klaviyo', editing, null), false);
    const [sheets] = destinationKinds({ mail: null }).filter((kind) => kind.kind === 'googlesheets');
    assert.ok(sheets, 'Google Sheets is a described kind');
    const secrets = Object.fromEntries(
      (sheets.secret.type === 'credentials' ? sheets.secret.fields : []).map((field) => [
        field.name,
        ` ${field.name}-value`,
      ]),
    );
    const input = destinationInput(
      'googlesheets',
      { ...draftOf(null), name: 'Sheet' },
      { info: sheets, typed: {}, secrets },
    );
    assert.equal(input.name, 'Sheet');
    assert.deepEqual((input as { credentials?: object }).credentials, secrets, 'the credentials as typed');
    assert.deepEqual(readFieldMap('=x\na=\nb=c'), { b: 'c' });
  });
});
