import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigurationRepository } from '../configuration/repository.ts';
import { LeadRepository } from '../leads/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();

const display = async () =>
  (await shared.app.inject({ method: 'POST', url: '/api/display/acme', payload: {} })).json() as {
    display: string;
    lang: string;
    poptins: { poptin_name: string }[];
  };

async function eventually<T>(what: string, probe: () => Promise<T | false>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the display call keeps its configuration in memory, and never serves it stale', () => {
  it('answers from memory until the configuration changes through this process, then at once from the change', async () => {
    await seedClient(shared.test.configuration, { lang: 'en' });
    await seedPopup(shared.test.configuration, { poptin_name: 'First name' });
    assert.equal((await display()).poptins[0]?.poptin_name, 'First name');
    // Read behind the cache's back: the next answer still comes from memory.
    await shared.test.db.query("UPDATE clients SET lang = 'he' WHERE client_id = 'acme'");
    assert.equal((await display()).lang, 'en');
    // Changed the way the server changes it (a configuration file loaded): seen at once.
    await seedPopup(shared.test.configuration, { poptin_name: 'Second name' });
    const answer = await display();
    assert.equal(answer.poptins[0]?.poptin_name, 'Second name');
    assert.equal(answer.lang, 'he');
    await seedClient(shared.test.configuration, { restricted: true });
    assert.equal((await display()).display, 'not_allowed');
  });

  it('hears of a change made by another server process on the same database (PostgreSQL LISTEN/NOTIFY)', async () => {
    await seedClient(shared.test.configuration);
    await seedPopup(shared.test.configuration, { poptin_name: 'Before' });
    assert.equal((await display()).poptins[0]?.poptin_name, 'Before');
    const otherDatabase = await shared.test.openAnother?.();
    // On PGlite one process owns the data folder: a second process cannot exist, and a change comes from this one.
    const other = otherDatabase ? new ConfigurationRepository(otherDatabase) : shared.test.configuration;
    await seedPopup(other, { poptin_name: 'After' });
    await eventually(
      "the other process's change",
      async () => (await display()).poptins[0]?.poptin_name === 'After' || false,
    );
  });

  it('a process hears what the others announce, not its own announcements, which it has applied already', async () => {
    const heard: string[] = [];
    const stop = await shared.test.db.listen?.('poptin_listen_test', (payload) => heard.push(payload));
    const otherDatabase = await shared.test.openAnother?.();
    // PGlite: one process, nothing to listen to.
    if (!stop || !otherDatabase) return assert.equal(shared.test.db.kind, 'pglite');
    try {
      await shared.test.db.query("SELECT pg_notify('poptin_listen_test', 'own')");
      await otherDatabase.query("SELECT pg_notify('poptin_listen_test', 'other')");
      await eventually("the other process's announcement", async () => heard.includes('other'));
      // Notifications arrive in commit order: had its own come through, it would be there before the other's.
      assert.deepEqual(heard, ['other']);
    } finally {
      await stop();
    }
  });
});

describe('converted visitors are remembered, never missed', () => {
  it('a visitor who converts after being seen stops getting the pop-up, also when another process stored the lead', async () => {
    await seedClient(shared.test.configuration);
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stopping00001',
      stop_showing_to_converted_users: 'yes',
    });
    const ids = async (visitorId: string) =>
      (
        (
          await shared.app.inject({ method: 'POST', url: '/api/display/acme', payload: { visitor_id: visitorId } })
        ).json().poptins as { poptin_id: string }[]
      ).map((p) => p.poptin_id);
    // The first call learns the client's converted visitors: none yet.
    assert.deepEqual(await ids('visitor-ada'), ['stopping00001']);
    await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${stopping.viewer_id}`,
      payload: { email: 'ada@example.com', visitor_id: 'visitor-ada', idempotency_key: 'key-ada-000001' },
    });
    assert.deepEqual(await ids('visitor-ada'), []);
    assert.deepEqual(await ids('visitor-bob'), ['stopping00001']);
    const otherDatabase = await shared.test.openAnother?.();
    const other = otherDatabase ? new LeadRepository(otherDatabase) : shared.test.leads;
    await other.recordConversion({
      idempotency_key: 'key-bob-000001',
      poptin_id: stopping.poptin_id,
      client_id: 'acme',
      viewer_id: stopping.viewer_id,
      email: 'bob@example.com',
      phone: null,
      name: null,
      url: null,
      poptin_view_id: null,
      fields: {},
      payload_sha256: 'bob',
      visitor_id: 'visitor-bob',
      spam_reason: null,
    });
    await eventually("the other process's lead", async () => (await ids('visitor-bob')).length === 0 || false);
  });
});
