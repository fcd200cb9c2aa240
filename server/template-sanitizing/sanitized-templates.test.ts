import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { eventually } from '../delivery/test-receiver.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient } from '../test-support/fixtures.ts';

const shared = useTestApp();

// An owner's template as an attacker with a console account would write it: each of these runs script when a page
// inserts the markup as it is.
const HOSTILE = [
  '<div data-poptin-screen="form" style="color: rgb(1, 2, 3)"><h2>Join</h2>',
  '<img src="x" onerror="alert(1)">',
  '<script>alert(2)</script>',
  '<a href="javascript:alert(3)">link</a>',
  '<svg onload="alert(4)"><circle r="1"></circle></svg>',
  '<poptin-countdown minutes="5" onclick="alert(7)"></poptin-countdown>',
  '<input type="email" name="Email"><button type="submit">Join</button></div>',
  // Mutation XSS (DOMPurify's test corpus): harmless as parsed, script once serialised and parsed again. Last, as
  // each swallows the markup after it.
  '<svg></p><style><a id="</style><img src=1 onerror=alert(5)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(6)>',
].join('');

function assertHarmless(html: string, what: string): void {
  assert.doesNotMatch(html, /onerror|onload|onclick|<script|javascript:|alert\(/i, `${what}: ${html}`);
}

async function ownerCall(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await shared.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    payload,
  });
  assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

type ServedPopup = {
  poptin_id: string;
  poptin: string;
  poptin_mobile?: string;
  mobile_variant?: { poptin?: string };
  poptin_sanitized: boolean;
};

async function served(): Promise<ServedPopup[]> {
  const response = await shared.app.inject({ method: 'POST', url: '/api/display/acme', payload: {} });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().poptins;
}

async function storedMark(poptinId: string): Promise<unknown> {
  const rows = await shared.test.db.query<{ sanitized_templates: unknown }>(
    'SELECT sanitized_templates FROM popups WHERE poptin_id = $1',
    [poptinId],
  );
  return rows[0]?.sanitized_templates ?? null;
}

describe("an owner's template is sanitised once on the server, with the widget's own policy", () => {
  it('is sanitised when published, and the display answer serves it so, saying it is', async () => {
    await seedClient(shared.test.configuration);
    const { popup } = await ownerCall('POST', '/api/owner/acme/popups', {
      config: {
        poptin_name: 'Hostile',
        poptin_type: 'lightbox',
        display_after_sec_active: '0',
        d_f_r: 'all@display_everytime_everypage',
        poptin: HOSTILE,
        poptin_mobile: `<p>mobile</p>${HOSTILE}`,
        // The owner cannot say their template is sanitised already.
        poptin_sanitized: true,
      },
    });
    await ownerCall('POST', `/api/owner/acme/popups/${popup.id}/publish`, {});
    assert.notEqual(await storedMark(popup.id), null, 'sanitised at publish, before any visitor asked for it');

    const [answer] = await served();
    assert.equal(answer?.poptin_sanitized, true);
    assertHarmless(answer!.poptin, 'desktop template');
    assertHarmless(answer!.poptin_mobile!, 'mobile template');
    // What the widget's own sanitising keeps stays: the form, its fields, the widget's elements, the styles set aside
    // for the page's CSSOM.
    assert.match(answer!.poptin, /<form>|<input type="email" name="Email">/);
    assert.match(answer!.poptin, /<poptin-countdown minutes="5"><\/poptin-countdown>/);
    assert.match(answer!.poptin, /data-poptin-style="color: rgb\(1, 2, 3\)"/);
    assert.match(answer!.poptin_mobile!, /^<p>mobile<\/p>/);
  });

  it('serves a row written without the mark (a row from before) unmarked at once, for the widget to sanitise, and sanitises it for the answers after', async () => {
    await seedClient(shared.test.configuration);
    const config = {
      poptin_id: 'oldrow0000001',
      poptin_name: 'Old row',
      poptin_type: 'lightbox',
      d_f_r: 'all@display_everytime_everypage',
      poptin: HOSTILE,
      mobile_variant: { poptin: HOSTILE },
    };
    await shared.test.db.query(
      `INSERT INTO popups (poptin_id, client_id, viewer_id, config, draft, published_revision, published_at)
       VALUES ('oldrow0000001', 'acme', 'oldrowviewer1', $1::jsonb, $1::jsonb, 1, now())`,
      [JSON.stringify(config)],
    );
    const [first] = await served();
    assert.equal(first?.poptin_id, 'oldrow0000001');
    // The display call does not wait for the sanitiser: unmarked, the widget sanitises the template itself.
    assert.equal(first.poptin_sanitized, false);
    assert.equal(first.poptin, HOSTILE, 'unmarked, it is the template as written');
    await eventually('the sanitised templates kept', async () => (await storedMark('oldrow0000001')) !== null);
    await eventually('the answer marked', async () => (await served())[0]?.poptin_sanitized === true);
    const [answer] = await served();
    assertHarmless(answer!.poptin, 'desktop template');
    assertHarmless(answer!.mobile_variant!.poptin!, 'mobile variant');
  });

  it('sanitises again a template changed behind the mark (the mark is for other templates)', async () => {
    await seedClient(shared.test.configuration);
    const { popup } = await ownerCall('POST', '/api/owner/acme/popups', {
      config: { poptin_name: 'Changed', poptin_type: 'lightbox', poptin: '<p>harmless</p>' },
    });
    await ownerCall('POST', `/api/owner/acme/popups/${popup.id}/publish`, {});
    await shared.test.db.query(
      `UPDATE popups SET config = jsonb_set(config, '{poptin}', to_jsonb($2::text)) WHERE poptin_id = $1`,
      [popup.id, HOSTILE],
    );
    await shared.test.configuration.configChanged('acme');
    const [first] = await served();
    assert.ok(!first?.poptin_sanitized || first.poptin !== HOSTILE, 'never the changed template marked as sanitised');
    await eventually('the answer marked again', async () => (await served())[0]?.poptin_sanitized === true);
    const [answer] = await served();
    assertHarmless(answer!.poptin, 'template changed behind the mark');
    assert.match(answer!.poptin, /<h2>Join<\/h2>/);
  });

  it('sanitises the pop-ups of the configuration files after the start, before any visitor asks: the first display answer is marked', async () => {
    const popupsDir = await mkdtemp(path.join(tmpdir(), 'poptin-sanitize-files-'));
    let app: FastifyInstance | undefined;
    try {
      await writeFile(
        path.join(popupsDir, 'hostile.json'),
        JSON.stringify({
          client_id: 'acme',
          poptin_id: 'fromfile00001',
          poptin_name: 'From a file',
          poptin_type: 'lightbox',
          d_f_r: 'all@display_everytime_everypage',
          poptin: HOSTILE,
        }),
      );
      app = await buildApp({ db: shared.test.db, ownerToken: OWNER_TOKEN, rateLimit: false, popupsDir, logger: false });
      await eventually('kept sanitised with no display call', async () => (await storedMark('fromfile00001')) !== null);
      const response = await app.inject({ method: 'POST', url: '/api/display/acme', payload: {} });
      const [first] = response.json().poptins as ServedPopup[];
      assert.equal(first?.poptin_id, 'fromfile00001');
      assert.equal(first.poptin_sanitized, true, 'the first visitor after a start need not sanitise it');
      assertHarmless(first.poptin, 'template from a file');
    } finally {
      await app?.close();
      await rm(popupsDir, { recursive: true, force: true });
    }
  });
});
