import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerBodyParsers } from '../platform/body-parsers.ts';
import { registerErrorHandlers } from '../platform/errors.ts';
import { SITE_AJAX_PATH, siteAjaxRoutes } from './site-ajax.ts';

async function app() {
  const server = Fastify({ ajv: { customOptions: { allowUnionTypes: true } } });
  registerErrorHandlers(server);
  await registerBodyParsers(server);
  await server.register(siteAjaxRoutes);
  return server;
}

const post = async (body: string) =>
  (await app()).inject({
    method: 'POST',
    url: SITE_AJAX_PATH,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('the example site’s admin-ajax endpoint (site spec §7)', () => {
  it('action=eael_get_token answers success and a new nonce each time', async () => {
    const first = await post('action=eael_get_token');
    const second = await post('action=eael_get_token');
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().success, true);
    assert.match(first.json().data.nonce, /^[0-9a-f]{10}$/);
    assert.notEqual(first.json().data.nonce, second.json().data.nonce);
  });

  it('another action, or none, is a 400 that says what is wrong', async () => {
    const other = await post('action=delete_everything');
    assert.equal(other.statusCode, 400);
    assert.match(
      other.json().message,
      /action "delete_everything" is not known here; the site asks for eael_get_token/,
    );
    assert.equal((await post('nonce=1')).statusCode, 400);
  });
});
