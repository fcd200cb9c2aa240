import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SpamFilter, Store, StoreActivityKind } from '../db/store.ts';
import { errorBody } from '../errors.ts';
import { leadsCsv, leadsListing, readLeadCursor } from '../leads.ts';
import { ownerClientSchema, ownerCsvSchema, ownerLeadSpamSchema, ownerLeadsSchema, ownerStoreActivitySchema } from '../schemas.ts';

export interface OwnerRoutesOptions {
  store: Store;
}

type ClientParams = { Params: { clientId: string } };

/** The site owner's read-out of leads and per-pop-up figures; registered behind the owner token check (owner-auth.ts). */
export const ownerRoutes: FastifyPluginAsync<OwnerRoutesOptions> = async (app, { store }) => {
  async function knownClient(clientId: string, reply: FastifyReply): Promise<boolean> {
    if (await store.findClient(clientId)) return true;
    await reply.code(404).send(errorBody(404, `Unknown client ${clientId}`));
    return false;
  }

  app.get<ClientParams & { Querystring: { limit?: number; after?: string; spam?: SpamFilter } }>('/:clientId/leads', { schema: ownerLeadsSchema }, async (request, reply) => {
    if (!(await knownClient(request.params.clientId, reply))) return reply;
    const { limit, after, spam } = request.query;
    const cursor = after === undefined ? null : readLeadCursor(after);
    if (after !== undefined && !cursor) {
      return reply.code(400).send(errorBody(400, 'querystring/after must be the "next" of a page of this listing'));
    }
    return leadsListing(store, request.params.clientId, { limit, after: cursor, spam });
  });

  app.patch<{ Params: { clientId: string; leadId: string }; Body: { spam: boolean } }>(
    '/:clientId/leads/:leadId',
    { schema: ownerLeadSpamSchema },
    async (request, reply) => {
      const { clientId, leadId } = request.params;
      if (!(await knownClient(clientId, reply))) return reply;
      const lead = await store.setLeadSpam(clientId, Number(leadId), request.body.spam);
      if (!lead) return reply.code(404).send(errorBody(404, `Client ${clientId} has no lead ${leadId}`));
      return { lead };
    },
  );

  app.get<ClientParams & { Querystring: { spam?: SpamFilter } }>('/:clientId/leads.csv', { schema: ownerCsvSchema }, async (request, reply) => {
    const { clientId } = request.params;
    if (!(await knownClient(clientId, reply))) return reply;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${clientId}-leads.csv"`)
      .send(await leadsCsv(store, clientId, request.query.spam));
  });

  app.get<ClientParams & { Querystring: { kind?: StoreActivityKind } }>('/:clientId/store-activity', { schema: ownerStoreActivitySchema }, async (request, reply) => {
    if (!(await knownClient(request.params.clientId, reply))) return reply;
    return { activity: await store.listStoreActivity(request.params.clientId, request.query.kind) };
  });

  app.get<ClientParams>('/:clientId/stats', { schema: ownerClientSchema }, async (request, reply) => {
    if (!(await knownClient(request.params.clientId, reply))) return reply;
    return { popups: await store.popupStats(request.params.clientId) };
  });
};
