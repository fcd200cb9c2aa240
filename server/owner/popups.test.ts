import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfigFiles } from '../configuration/config-loader.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, popupFile, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';

const shared = useTestApp();

const NEW_POPUP = {
  poptin_name: 'Spring sale',
  poptin_type: 'lightbox',
  poptin_format: 'format_3',
  d_f_r: 'all@display_everytime_everypage_5',
  display_after_sec_active: '0',
  poptin: '<div data-poptin-screen="form"><input type="email" name="Email"><button type="submit">Join</button></div>',
};

async function signedInOwnerOfAcme(): Promise<string> {
  await seedClient(shared.test.configuration);
  await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
  return signIn(shared.app, 'ana@acme.example');
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const consoleCall = (session: string, call: Call) => asConsole(shared.app, session, call);

async function displayedNames(app: FastifyInstance = shared.app, body: object = {}): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/display/acme',
    payload: { visitor_id: 'visitor-1', ...body },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().poptins.map((popup: { poptin_name: string }) => popup.poptin_name);
}

async function eventually(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('pop-up authoring', () => {
  it("lists a published pop-up's schedule, not its draft's, for the list to say when it starts or ended", async () => {
    const session = await signedInOwnerOfAcme();
    const schedule = { start: '2031-06-02T09:00', weekly: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] };
    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: { config: { ...NEW_POPUP, schedule } },
    });
    const { id } = created.json().popup;
    const listed = async () =>
      (await consoleCall(session, { method: 'GET', url: '/api/owner/acme/popups' }))
        .json()
        .popups.find((popup: { id: string }) => popup.id === id).schedule;
    assert.equal(await listed(), null, 'a draft is not scheduled: it is not served at all');
    const published = await consoleCall(session, { method: 'POST', url: `/api/owner/acme/popups/${id}/publish` });
    assert.deepEqual(await listed(), schedule);
    const saved = await consoleCall(session, {
      method: 'PUT',
      url: `/api/owner/acme/popups/${id}`,
      payload: {
        draft: { ...NEW_POPUP, schedule: { end: '2031-07-01T00:00' } },
        revision: published.json().popup.revision,
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(await listed(), schedule, 'an unpublished change of the schedule is not yet what visitors get');
  });

  it('creates a draft, which is not served until published; a saved change is served on the next page view; pause hides it', async () => {
    const session = await signedInOwnerOfAcme();
    assert.deepEqual(await displayedNames(), []);
    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: { config: NEW_POPUP },
    });
    assert.equal(created.statusCode, 201, created.body);
    const popup = created.json().popup;
    assert.match(popup.id, /^[a-z0-9]{13}$/);
    assert.deepEqual(
      [popup.status, popup.revision, popup.published, popup.draft.poptin_id],
      ['draft', 1, null, popup.id],
    );
    assert.deepEqual(await displayedNames(), [], 'a draft is not served');

    const published = await consoleCall(session, { method: 'POST', url: `/api/owner/acme/popups/${popup.id}/publish` });
    assert.equal(published.json().popup.status, 'live');
    assert.deepEqual(await displayedNames(), ['Spring sale']);

    const saved = await consoleCall(session, {
      method: 'PUT',
      url: `/api/owner/acme/popups/${popup.id}`,
      payload: { draft: { ...NEW_POPUP, poptin_name: 'Summer sale' }, revision: 1 },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual([saved.json().popup.revision, saved.json().popup.hasUnpublishedChanges], [2, true]);
    assert.deepEqual(await displayedNames(), ['Spring sale'], 'a saved draft is not published yet');
    await consoleCall(session, { method: 'POST', url: `/api/owner/acme/popups/${popup.id}/publish` });
    assert.deepEqual(await displayedNames(), ['Summer sale'], 'served on the next page view, no restart');

    const paused = await consoleCall(session, { method: 'POST', url: `/api/owner/acme/popups/${popup.id}/pause` });
    assert.equal(paused.json().popup.status, 'paused');
    assert.deepEqual(await displayedNames(), []);
    await consoleCall(session, { method: 'POST', url: `/api/owner/acme/popups/${popup.id}/resume` });
    assert.deepEqual(await displayedNames(), ['Summer sale']);

    const list = (await consoleCall(session, { method: 'GET', url: '/api/owner/acme/popups' })).json().popups;
    assert.deepEqual(
      list.map((entry: { id: string; name: string; status: string; type: string }) => [
        entry.id,
        entry.name,
        entry.status,
        entry.type,
      ]),
      [[popup.id, 'Summer sale', 'live', 'lightbox']],
    );
  });

  it('answers 409 for a save on a revision that is not the latest, and keeps the later save', async () => {
    const session = await signedInOwnerOfAcme();
    const { popup } = (
      await consoleCall(session, { method: 'POST', url: '/api/owner/acme/popups', payload: { config: NEW_POPUP } })
    ).json();
    const save = (name: string, revision: number) =>
      consoleCall(session, {
        method: 'PUT',
        url: `/api/owner/acme/popups/${popup.id}`,
        payload: { draft: { ...NEW_POPUP, poptin_name: name }, revision },
      });
    assert.equal((await save('First tab', 1)).statusCode, 200);
    const stale = await save('Second tab', 1);
    assert.equal(stale.statusCode, 409);
    const current = (await consoleCall(session, { method: 'GET', url: `/api/owner/acme/popups/${popup.id}` })).json()
      .popup;
    assert.deepEqual([current.draft.poptin_name, current.revision], ['First tab', 2]);
  });

  it('keeps every save as a revision and restores one as a new revision', async () => {
    const session = await signedInOwnerOfAcme();
    const { popup } = (
      await consoleCall(session, { method: 'POST', url: '/api/owner/acme/popups', payload: { config: NEW_POPUP } })
    ).json();
    const url = `/api/owner/acme/popups/${popup.id}`;
    await consoleCall(session, {
      method: 'PUT',
      url,
      payload: { draft: { ...NEW_POPUP, poptin_name: 'Second' }, revision: 1 },
    });
    await consoleCall(session, { method: 'POST', url: `${url}/publish` });
    await consoleCall(session, {
      method: 'PUT',
      url,
      payload: { draft: { ...NEW_POPUP, poptin_name: 'Third' }, revision: 2 },
    });
    const revisions = (await consoleCall(session, { method: 'GET', url: `${url}/revisions` })).json().revisions;
    assert.deepEqual(
      revisions.map(({ revision, savedBy, published }: { revision: number; savedBy: string; published: boolean }) => [
        revision,
        savedBy,
        published,
      ]),
      [
        [3, 'ana@acme.example', false],
        [2, 'ana@acme.example', true],
        [1, 'ana@acme.example', false],
      ],
    );
    const first = (await consoleCall(session, { method: 'GET', url: `${url}/revisions/1` })).json();
    assert.equal(first.config.poptin_name, 'Spring sale');
    const restored = await consoleCall(session, { method: 'POST', url: `${url}/revisions/1/restore` });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.deepEqual(
      [
        restored.json().popup.revision,
        restored.json().popup.draft.poptin_name,
        restored.json().popup.published.poptin_name,
      ],
      [4, 'Spring sale', 'Second'],
    );
    assert.equal((await consoleCall(session, { method: 'GET', url: `${url}/revisions/9` })).statusCode, 404);
  });

  it('refuses visit rules it cannot read, each with its field and what it takes, and saves the ones it can', async () => {
    const session = await signedInOwnerOfAcme();
    const refused = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: {
        config: {
          ...NEW_POPUP,
          utm_targeting: [{ parameter: 'utm_campain', operator: 'contain', value: 'spring' }],
          traffic_source_targeting: 'show|search,tv',
          visitor_type_targeting: 'old',
          visit_page_targeting: 'first',
        },
      },
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json().fields, [
      {
        field: 'utm_targeting',
        message: 'rule 1: parameter must be one of utm_source, utm_medium, utm_campaign, utm_term, utm_content',
      },
      {
        field: 'traffic_source_targeting',
        message: 'unknown traffic source "tv": use search, social, email, paid, direct, referral',
      },
      { field: 'visitor_type_targeting', message: 'must be "new" or "returning", or "all"' },
      { field: 'visit_page_targeting', message: 'must be "landing" or "later", or "all"' },
    ]);
    const saved = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: {
        config: {
          ...NEW_POPUP,
          utm_targeting: [{ parameter: 'utm_campaign', operator: 'contain', value: 'spring' }],
          traffic_source_targeting: { show: 'show', sources: ['search', 'social'] },
          visitor_type_targeting: 'new',
          visit_page_targeting: 'landing',
        },
      },
    });
    assert.equal(saved.statusCode, 201, saved.body);
  });

  it('refuses an invalid configuration naming each field, and saves nothing', async () => {
    const session = await signedInOwnerOfAcme();
    const { popup } = (
      await consoleCall(session, { method: 'POST', url: '/api/owner/acme/popups', payload: { config: NEW_POPUP } })
    ).json();
    const broken = {
      ...NEW_POPUP,
      poptin_type: 'carousel',
      display_after_sec_active: 'soon',
      d_f_r: 'twice a fortnight',
      design_properties: { poptin_design_thank_screen_auto_close_sec: 'later' },
    };
    const saved = await consoleCall(session, {
      method: 'PUT',
      url: `/api/owner/acme/popups/${popup.id}`,
      payload: { draft: broken, revision: 1 },
    });
    assert.equal(saved.statusCode, 400);
    assert.deepEqual(
      saved.json().fields.map((field: { field: string }) => field.field),
      [
        'poptin_type',
        'display_after_sec_active',
        'design_properties.poptin_design_thank_screen_auto_close_sec',
        'd_f_r',
      ],
    );
    for (const field of saved.json().fields) assert.ok(field.message.length > 5, field.field);
    const current = (await consoleCall(session, { method: 'GET', url: `/api/owner/acme/popups/${popup.id}` })).json()
      .popup;
    assert.deepEqual([current.revision, current.draft.poptin_type], [1, 'lightbox']);
    assert.equal(
      (await consoleCall(session, { method: 'GET', url: `/api/owner/acme/popups/${popup.id}/revisions` })).json()
        .revisions.length,
      1,
    );

    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: { config: { poptin_type: 'lightbox' } },
    });
    assert.deepEqual(created.json().fields, [{ field: 'poptin_name', message: 'is required: a name for this pop-up' }]);
    assert.equal(
      (await consoleCall(session, { method: 'GET', url: '/api/owner/acme/popups' })).json().popups.length,
      1,
    );

    const wheel = {
      ...NEW_POPUP,
      poptin_type: 'gamified',
      gamified_prize: { win: { label: '10% off', chances: 60 }, lose: { label: 'Next time', chances: 30 } },
    };
    const prizes = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups/validate',
      payload: { config: wheel },
    });
    assert.deepEqual(prizes.json().fields, [
      { field: 'gamified_prize', message: 'chances add up to 90 %: they must add up to 100 %' },
    ]);
    const negative = { ...wheel, gamified_prize: { win: { label: '10% off', chances: 110 } } };
    assert.deepEqual(
      (
        await consoleCall(session, {
          method: 'POST',
          url: '/api/owner/acme/popups/validate',
          payload: { config: negative },
        })
      )
        .json()
        .fields.map((field: { field: string }) => field.field),
      ['gamified_prize.win.chances'],
    );

    const checked = (
      await consoleCall(session, {
        method: 'POST',
        url: '/api/owner/acme/popups/validate',
        payload: { config: broken },
      })
    ).json();
    assert.equal(checked.ok, false);
    assert.equal(checked.fields.length, 4);
    assert.deepEqual(
      (
        await consoleCall(session, {
          method: 'POST',
          url: '/api/owner/acme/popups/validate',
          payload: { config: NEW_POPUP },
        })
      ).json().fields,
      [],
    );
  });

  it('duplicates a pop-up as a draft named "(copy)" and deletes one, keeping its leads', async () => {
    const session = await signedInOwnerOfAcme();
    const seeded = await seedPopup(shared.test.configuration);
    const copy = await consoleCall(session, {
      method: 'POST',
      url: `/api/owner/acme/popups/${seeded.poptin_id}/duplicate`,
    });
    assert.equal(copy.statusCode, 201);
    assert.deepEqual(
      [copy.json().popup.draft.poptin_name, copy.json().popup.status],
      ['Welcome lightbox (copy)', 'draft'],
    );
    const lead = await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${seeded.viewer_id}`,
      payload: 'email=a%40b.example&idempotency_key=lead-key-0001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(lead.statusCode, 200);
    assert.equal(
      (await consoleCall(session, { method: 'DELETE', url: `/api/owner/acme/popups/${seeded.poptin_id}` })).statusCode,
      204,
    );
    assert.deepEqual(await displayedNames(), []);
    assert.equal(
      (await consoleCall(session, { method: 'GET', url: `/api/owner/acme/popups/${seeded.poptin_id}` })).statusCode,
      404,
    );
    assert.equal((await consoleCall(session, { method: 'GET', url: '/api/owner/acme/leads' })).json().leads.length, 1);
  });

  it("creates a pop-up from a template in the site's language", async () => {
    const session = await signedInOwnerOfAcme();
    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: { templateId: 'lightbox', language: 'he' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.match(created.json().popup.draft.poptin, /dir="rtl"/);
    const unknown = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/popups',
      payload: { templateId: 'no-such-template' },
    });
    assert.deepEqual(
      unknown.json().fields.map((field: { field: string }) => field.field),
      ['templateId'],
    );
  });
});

describe("preview on the owner's site", () => {
  it('serves the draft for ppt-preview with a valid draft token, the published pop-up without one', async () => {
    const session = await signedInOwnerOfAcme();
    const seeded = await seedPopup(shared.test.configuration, { poptin_name: 'Published' });
    const url = `/api/owner/acme/popups/${seeded.poptin_id}`;
    await consoleCall(session, {
      method: 'PUT',
      url,
      payload: { draft: { ...popupFile(), client_id: undefined, poptin_name: 'Draft' }, revision: 1 },
    });
    const link = await consoleCall(session, {
      method: 'GET',
      url: `${url}/preview-link?url=${encodeURIComponent('https://acme.example/pricing?x=1')}`,
    });
    assert.equal(link.statusCode, 200, link.body);
    const page = new URL(link.json().url);
    assert.deepEqual(
      [page.origin + page.pathname, page.searchParams.get('x'), page.searchParams.get('ppt-preview')],
      ['https://acme.example/pricing', '1', seeded.poptin_id],
    );
    const preview = (viewedUrl: string) =>
      displayedNames(shared.app, { preview_id: seeded.poptin_id, poptin_viewed_url: viewedUrl });
    assert.deepEqual(await preview(page.toString()), ['Draft']);
    const forged = new URL(page);
    forged.searchParams.set('ppt-draft', 'A'.repeat(43));
    assert.deepEqual(await preview(forged.toString()), ['Published']);
    assert.deepEqual(await displayedNames(), ['Published'], 'visitors see the published pop-up');
    await shared.test.db.query("UPDATE popup_preview_tokens SET expires_at = now() - interval '1 second'");
    assert.deepEqual(await preview(page.toString()), ['Published'], 'an expired token shows the published pop-up');
    const bad = await consoleCall(session, {
      method: 'GET',
      url: `${url}/preview-link?url=${encodeURIComponent('javascript:alert(1)')}`,
    });
    assert.deepEqual(
      bad.json().fields.map((field: { field: string }) => field.field),
      ['url'],
    );
  });
});

describe('per-site API tokens', () => {
  it("are shown once, open that site's owner API only, and stop working once revoked", async () => {
    const session = await signedInOwnerOfAcme();
    await seedClient(shared.test.configuration, { client_id: 'globex' });
    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/acme/tokens',
      payload: { name: 'CRM export', scopes: ['leads:read', 'popups:write'] },
    });
    assert.equal(created.statusCode, 201);
    const { token, secret } = created.json();
    assert.match(secret, /^pte_[\w-]{43}$/);
    const stored = await shared.test.db.query<{ secret_sha256: string }>('SELECT secret_sha256 FROM site_tokens');
    assert.ok(!stored[0]!.secret_sha256.includes(secret.slice(4)), 'kept hashed');
    const withToken = (url: string) =>
      shared.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    assert.equal((await withToken('/api/owner/acme/leads')).statusCode, 200);
    assert.equal((await withToken('/api/owner/acme/popups')).statusCode, 200);
    assert.equal((await withToken('/api/owner/globex/leads')).statusCode, 403);
    const listed = (await consoleCall(session, { method: 'GET', url: '/api/owner/acme/tokens' })).json().tokens;
    assert.equal(listed.length, 1);
    assert.equal(listed[0].name, 'CRM export');
    assert.ok(listed[0].lastUsedAt);
    assert.equal(JSON.stringify(listed).includes(secret), false);
    assert.equal(
      (await consoleCall(session, { method: 'DELETE', url: `/api/owner/acme/tokens/${token.id}` })).statusCode,
      204,
    );
    assert.equal((await withToken('/api/owner/acme/leads')).statusCode, 401);
  });
});

describe('sites', () => {
  it('creates a site granted to the admin who made it, with a generated client id and its embed snippet', async () => {
    const ana = await createOwner(shared.app, 'ana@acme.example', { isAdmin: true });
    const session = await signIn(shared.app, 'ana@acme.example');
    const created = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/sites',
      payload: { name: 'Bakery', allowedOrigins: ['https://bakery.example/'], language: 'he' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { site } = created.json();
    assert.match(site.clientId, /^[a-z0-9]{10}$/);
    assert.deepEqual(await shared.app.ownerSide.accounts.grantedSites(ana.id), [site.clientId]);
    assert.deepEqual(site.allowedOrigins, ['https://bakery.example']);
    const { popup } = (
      await consoleCall(session, {
        method: 'POST',
        url: `/api/owner/${site.clientId}/popups`,
        payload: { templateId: 'embedded' },
      })
    ).json();
    await consoleCall(session, {
      method: 'POST',
      url: `/api/owner/${site.clientId}/popups`,
      payload: { templateId: 'lightbox' },
    });
    const read = (await consoleCall(session, { method: 'GET', url: `/api/owner/${site.clientId}/site` })).json();
    assert.equal(
      read.embed.script,
      `<script type="module" src="http://localhost:80/dist/poptin.js?id=${site.clientId}"></script>`,
    );
    assert.deepEqual(read.embed.popups, [
      { id: popup.id, name: 'ניוזלטר מוטמע', tag: `<poptin-embed poptin-id="${popup.id}"></poptin-embed>` },
    ]);
    assert.deepEqual(
      (await consoleCall(session, { method: 'GET', url: '/api/owner/sites' }))
        .json()
        .sites.map((entry: { clientId: string }) => entry.clientId),
      [site.clientId],
    );
    const bad = await consoleCall(session, {
      method: 'POST',
      url: '/api/owner/sites',
      payload: { clientId: 'templates', name: '', allowedOrigins: ['https://x.example/path'], language: 'en' },
    });
    assert.deepEqual(
      bad.json().fields.map((field: { field: string }) => field.field),
      ['clientId', 'name', 'allowedOrigins.0'],
    );
    assert.equal(
      (
        await consoleCall(session, {
          method: 'POST',
          url: '/api/owner/sites',
          payload: { clientId: site.clientId, name: 'Again', allowedOrigins: [], language: 'en' },
        })
      ).statusCode,
      409,
    );
  });
});

describe('configuration files seed the database', () => {
  it('no longer change a pop-up or a site an owner edited, and still update the others', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poptin-seed-'));
    try {
      const [clientsDir, popupsDir] = [path.join(dir, 'clients'), path.join(dir, 'popups')];
      await Promise.all(
        [clientsDir, popupsDir].map((folder) => import('node:fs/promises').then((fs) => fs.mkdir(folder))),
      );
      await writeFile(
        path.join(clientsDir, 'acme.json'),
        JSON.stringify({ client_id: 'acme', name: 'Acme from file' }),
      );
      await writeFile(path.join(popupsDir, 'edited.json'), JSON.stringify(popupFile({ poptin_name: 'From file' })));
      await writeFile(
        path.join(popupsDir, 'other.json'),
        JSON.stringify(popupFile({ poptin_id: 'bbbbbbbbbbbb1', poptin_name: 'Other from file' })),
      );
      const log = { info: () => undefined, error: () => undefined };
      await loadConfigFiles(shared.test.configuration, { clientsDir, popupsDir }, log);
      await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
      const session = await signIn(shared.app, 'ana@acme.example');
      await consoleCall(session, {
        method: 'PUT',
        url: '/api/owner/acme/popups/aaaaaaaaaaaa1',
        payload: { draft: { ...NEW_POPUP, poptin_name: 'Edited' }, revision: 1 },
      });
      await consoleCall(session, { method: 'POST', url: '/api/owner/acme/popups/aaaaaaaaaaaa1/publish' });
      await consoleCall(session, { method: 'PATCH', url: '/api/owner/acme/site', payload: { name: 'Acme as edited' } });

      await writeFile(path.join(popupsDir, 'edited.json'), JSON.stringify(popupFile({ poptin_name: 'File changed' })));
      await writeFile(
        path.join(popupsDir, 'other.json'),
        JSON.stringify(popupFile({ poptin_id: 'bbbbbbbbbbbb1', poptin_name: 'Other changed' })),
      );
      const report = await loadConfigFiles(shared.test.configuration, { clientsDir, popupsDir }, log);
      assert.deepEqual(report.keptOwnerEdits, ['aaaaaaaaaaaa1']);
      assert.deepEqual((await displayedNames()).sort(), ['Edited', 'Other changed']);
      assert.equal((await shared.test.configuration.findClient('acme'))?.name, 'Acme as edited');
      const sources = await shared.test.db.query<{ poptin_id: string; source: string; source_file: string }>(
        'SELECT poptin_id, source, source_file FROM popups ORDER BY poptin_id',
      );
      assert.deepEqual(
        sources.map((row) => [row.poptin_id, row.source, row.source_file]),
        [
          ['aaaaaaaaaaaa1', 'file', 'edited.json'],
          ['bbbbbbbbbbbb1', 'file', 'other.json'],
        ],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('several server processes on one database', () => {
  it('serve a pop-up published through another process on their next page view', async () => {
    await seedClient(shared.test.configuration);
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const otherDatabase = await shared.test.openAnother?.();
    // PGlite: one process owns the data folder, so the "other" process is this one.
    const consoleProcess = otherDatabase
      ? await buildApp({ db: otherDatabase, ownerToken: OWNER_TOKEN, rateLimit: false })
      : shared.app;
    try {
      assert.deepEqual(await displayedNames(), [], 'the display process has the configuration in memory');
      const session = await signIn(consoleProcess, 'ana@acme.example');
      const { popup } = (
        await asConsole(consoleProcess, session, {
          method: 'POST',
          url: '/api/owner/acme/popups',
          payload: { config: NEW_POPUP },
        })
      ).json();
      await asConsole(consoleProcess, session, { method: 'POST', url: `/api/owner/acme/popups/${popup.id}/publish` });
      await eventually('the published pop-up', async () => (await displayedNames()).includes('Spring sale'));
      // The session made in one process opens the other.
      assert.equal((await asConsole(shared.app, session, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
    } finally {
      if (consoleProcess !== shared.app) await consoleProcess.close();
    }
  });
});
