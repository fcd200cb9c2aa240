import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';

const shared = useTestApp();

const NEW_SITE = { name: 'Bakery', allowedOrigins: ['https://bakery.example'], language: 'en' };

const siteIds = async () =>
  (await shared.test.db.query<{ client_id: string }>('SELECT client_id FROM clients ORDER BY client_id')).map(
    (row) => row.client_id,
  );

describe('who may create a site', () => {
  it('refuses an owner who is not an admin with 403 saying an admin adds sites, and makes nothing', async () => {
    await seedClient(shared.test.configuration);
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const session = await signIn(shared.app, 'ana@acme.example');
    const response = await asConsole(shared.app, session, {
      method: 'POST',
      url: '/api/owner/sites',
      payload: { ...NEW_SITE, clientId: 'bakery' },
    });
    assert.equal(response.statusCode, 403, response.body);
    assert.match(response.json().message, /admin/i);
    const unfinished = await asConsole(shared.app, session, {
      method: 'POST',
      url: '/api/owner/sites',
      payload: { name: 'Bakery' },
    });
    assert.equal(unfinished.statusCode, 403, 'refused before its body is read');
    assert.deepEqual(await siteIds(), ['acme']);
  });

  it('lets an admin create one, signed in or with OWNER_TOKEN', async () => {
    await createOwner(shared.app, 'root@example.com', { isAdmin: true });
    const admin = await signIn(shared.app, 'root@example.com');
    const signedIn = await asConsole(shared.app, admin, {
      method: 'POST',
      url: '/api/owner/sites',
      payload: { ...NEW_SITE, clientId: 'bakery' },
    });
    assert.equal(signedIn.statusCode, 201, signedIn.body);
    const withToken = await shared.app.inject({
      method: 'POST',
      url: '/api/owner/sites',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: { ...NEW_SITE, clientId: 'florist' },
    });
    assert.equal(withToken.statusCode, 201, withToken.body);
    assert.deepEqual(await siteIds(), ['bakery', 'florist']);
  });

  it('refuses with 409 a client id that differs from an existing one only by case', async () => {
    await seedClient(shared.test.configuration, { client_id: 'Acme' });
    await createOwner(shared.app, 'root@example.com', { isAdmin: true });
    const admin = await signIn(shared.app, 'root@example.com');
    for (const clientId of ['acme', 'ACME', 'Acme']) {
      const response = await asConsole(shared.app, admin, {
        method: 'POST',
        url: '/api/owner/sites',
        payload: { ...NEW_SITE, clientId },
      });
      assert.equal(response.statusCode, 409, `${clientId}: ${response.body}`);
      assert.match(response.json().message, /Acme/);
    }
    assert.deepEqual(await siteIds(), ['Acme']);
  });
});
