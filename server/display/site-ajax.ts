import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../platform/errors.ts';

/** The brochure site's admin-ajax endpoint, as the K3 example site calls it (site spec §7). */
export const SITE_AJAX_PATH = '/wp-admin/admin-ajax.php';

const ajaxSchema = {
  body: {
    type: 'object',
    required: ['action'],
    properties: { action: { type: 'string', maxLength: 64 } },
  },
} as const;

/**
 * `action=eael_get_token` answers a fresh form nonce as `{success: true, data: {nonce}}`; the site replaces its
 * stored nonce with it once. Any other action is a 400 that names it.
 */
export const siteAjaxRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { action: string } }>(SITE_AJAX_PATH, { schema: ajaxSchema }, async (request, reply) => {
    if (request.body.action !== 'eael_get_token') {
      return reply
        .code(400)
        .send(errorBody(400, `action "${request.body.action}" is not known here; the site asks for eael_get_token`));
    }
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: { nonce: randomBytes(5).toString('hex') } };
  });
};
