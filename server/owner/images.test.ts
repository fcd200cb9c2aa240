// Image uploads over real HTTP: an owner uploads to their own site only, wrong types and disguised files are refused,
// and /images/{id} serves the bytes with their type, nosniff and a long cache.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useTestApp } from '../test-support/app.ts';
import { seedClient } from '../test-support/fixtures.ts';
import { createOwner, signIn } from '../test-support/owners.ts';
import { MAX_IMAGE_BYTES } from './images.ts';

const shared = useTestApp();
let base = '';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

async function ownerOfAcme(): Promise<string> {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
  await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
  return signIn(shared.app, 'ana@acme.example');
}

function upload(session: string, clientId: string, type: string, body: Buffer) {
  return fetch(`${base}/api/owner/${clientId}/images`, {
    method: 'POST',
    headers: { cookie: `poptin_session=${session}`, origin: base, 'content-type': type },
    body: new Uint8Array(body),
  });
}

describe('owner images', () => {
  before(async () => {
    base = await shared.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('stores a PNG for its own site, lists it, and serves it with its type, nosniff and a long cache', async () => {
    const session = await ownerOfAcme();
    const response = await upload(session, 'acme', 'image/png', PNG);
    assert.equal(response.status, 201, await response.clone().text());
    const { image } = (await response.json()) as { image: { id: string; url: string; size: number } };
    assert.match(image.url, /^\/images\/[a-z0-9]{24}$/);
    assert.equal(image.size, PNG.length);

    const listed = await fetch(`${base}/api/owner/acme/images`, {
      headers: { cookie: `poptin_session=${session}` },
    });
    assert.deepEqual(
      ((await listed.json()) as { images: { id: string }[] }).images.map((entry) => entry.id),
      [image.id],
    );

    const served = await fetch(`${base}${image.url}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.match(served.headers.get('cache-control') ?? '', /max-age=31536000/);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
    assert.equal((await fetch(`${base}/images/${'a'.repeat(24)}`)).status, 404);
    assert.equal((await fetch(`${base}/images/..%2Fetc`)).status, 400);
  });

  it('refuses SVG, a file whose bytes are not its type, an empty one and one over 2 MB, with 4xx', async () => {
    const session = await ownerOfAcme();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    assert.equal((await upload(session, 'acme', 'image/svg+xml', svg)).status, 415);
    const disguised = await upload(session, 'acme', 'image/png', Buffer.from('<html><script>alert(1)</script>'));
    assert.equal(disguised.status, 415);
    assert.match(((await disguised.json()) as { message: string }).message, /not a image\/png/);
    assert.equal((await upload(session, 'acme', 'image/jpeg', PNG)).status, 415);
    assert.equal((await upload(session, 'acme', 'text/html', Buffer.from('<p>'))).status, 415);
    assert.equal((await upload(session, 'acme', 'image/png', Buffer.alloc(0))).status, 400);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    assert.equal((await upload(session, 'acme', 'image/png', big)).status, 413);
    const rows = await shared.test.db.query('SELECT id FROM images');
    assert.deepEqual(rows, []);
  });

  it("keeps another site's owner out: no upload to it, no listing of it", async () => {
    const session = await ownerOfAcme();
    assert.equal((await upload(session, 'globex', 'image/png', PNG)).status, 403);
    const listed = await fetch(`${base}/api/owner/globex/images`, { headers: { cookie: `poptin_session=${session}` } });
    assert.equal(listed.status, 403);
    assert.equal((await upload('not-a-session', 'acme', 'image/png', PNG)).status, 401);
    assert.deepEqual(await shared.test.db.query('SELECT id FROM images'), []);
  });
});
