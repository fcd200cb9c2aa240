// REST hooks for Zapier, Make and n8n, under /api/owner/{clientId}/hooks, as Zapier's REST Hook trigger documents
// (https://docs.zapier.com/platform/build/hook-trigger): subscribe (POST, answers the id to unsubscribe with),
// unsubscribe (DELETE), and a sample lead (GET …/sample) shaped as each hook receives one. A site token with the
// `hooks:write` scope opens them and nothing else of the site. A subscription is a destination of kind
// `resthook`, so its leads are durable, retried and logged like any other's.
import type { FastifyPluginAsync } from 'fastify';
import { fieldErrors } from '../owner/fields.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import { restHookLead, resthook } from './adapters/resthook.ts';
import type { LeadDelivery } from './index.ts';
import { testLead } from './payload.ts';
import { settingsProblems } from './routes.ts';
import { newWebhookSecret } from './webhook.ts';

const params = (...names: string[]) => ({
  type: 'object',
  required: ['clientId', ...names],
  properties: {
    clientId: { type: 'string', pattern: CLIENT_ID_PATTERN },
    ...Object.fromEntries(
      names.map((name) => [name, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }]),
    ),
  },
});

/** At most this many hooks per site: a Zap that subscribes on every turn-on without unsubscribing stops here. */
export const MAX_HOOKS_PER_SITE = 50;

export const hookRoutes: FastifyPluginAsync<{ delivery: LeadDelivery }> = async (app, { delivery }) => {
  const { store } = delivery;
  const env = delivery.adapterEnv();

  const hooksOf = async (clientId: string) =>
    (await store.listDestinations(clientId))
      .filter((destination) => destination.kind === 'resthook')
      .map((destination) => ({
        id: destination.id,
        url: destination.settings.url as string,
        event: (destination.settings.event as string | undefined) ?? 'lead.created',
        createdAt: destination.createdAt,
      }));

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/hooks',
    { schema: { params: params() } },
    async (request, reply) => {
      if (!(await store.siteExists(request.params.clientId)))
        return reply.code(404).send(errorBody(404, `Unknown site ${request.params.clientId}`));
      return { hooks: await hooksOf(request.params.clientId) };
    },
  );

  app.post<{
    Params: { clientId: string };
    Body: { url?: string; target_url?: string; hookUrl?: string; event?: string };
  }>(
    '/:clientId/hooks',
    {
      schema: {
        params: params(),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // Zapier's examples name it target_url or hookUrl; either is taken.
            url: { type: 'string', maxLength: 2000 },
            target_url: { type: 'string', maxLength: 2000 },
            hookUrl: { type: 'string', maxLength: 2000 },
            event: { type: 'string', maxLength: 40 },
          },
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await store.siteExists(clientId))) return reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
      const url = request.body.url ?? request.body.target_url ?? request.body.hookUrl;
      const event = request.body.event ?? 'lead.created';
      const problems = settingsProblems(resthook, { url, event }, env).map((problem) => ({
        ...problem,
        field: problem.field.replace(/^settings\./, ''),
      }));
      if (problems.length > 0) return fieldErrors(reply, problems);
      if ((await hooksOf(clientId)).length >= MAX_HOOKS_PER_SITE)
        return reply
          .code(409)
          .send(errorBody(409, `Site ${clientId} has ${MAX_HOOKS_PER_SITE} hooks already: unsubscribe one first`));
      const secret = newWebhookSecret();
      const destination = await store.createDestination(
        clientId,
        {
          kind: 'resthook',
          name: `REST hook: ${new URL(url!).host}`,
          enabled: true,
          settings: { url, event },
          fieldMap: {},
        },
        await delivery.box.seal(secret),
      );
      return reply.code(201).send({ id: destination.id, url, event, secret });
    },
  );

  app.delete<{ Params: { clientId: string; hookId: number } }>(
    '/:clientId/hooks/:hookId',
    { schema: { params: params('hookId') } },
    async (request, reply) => {
      const { clientId, hookId } = request.params;
      const hook = await store.findDestination(clientId, hookId);
      if (hook?.kind !== 'resthook')
        return reply.code(404).send(errorBody(404, `Site ${clientId} has no hook ${hookId}`));
      await store.deleteDestination(clientId, hookId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/hooks/sample',
    { schema: { params: params() } },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await store.siteExists(clientId))) return reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
      // An array, as Zapier's perform list expects; the lead is the sample "send a test lead" carries.
      return [restHookLead(testLead(clientId))];
    },
  );
};
