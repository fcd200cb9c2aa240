import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { StatsQuery } from '../../src/core/api/insights-contract.ts';
import { type AbTestStorage, changeAbTestSettings, declareWinner, listAbTests } from '../ab-testing/ab-tests.ts';
import type { ConfigurationRepository, StoreActivityKind } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import type { EventRepository } from '../insights/events-repository.ts';
import { checkRange, popupsCovered, statsReport } from '../insights/stats.ts';
import type { LeadFilter } from '../leads/contract.ts';
import { leadDetail, leadsCsv, leadsListing, readLeadCursor } from '../leads/leads.ts';
import { erasePerson, exportPerson, listErasures } from '../leads/people.ts';
import { type LeadRepository, leadRangeBounds } from '../leads/repository.ts';
import { errorBody } from '../platform/errors.ts';
import {
  ownerAbSettingsSchema,
  ownerAbWinnerSchema,
  ownerClientSchema,
  ownerCsvSchema,
  ownerErasuresSchema,
  ownerLeadSchema,
  ownerLeadSpamSchema,
  ownerLeadsSchema,
  ownerPeopleSchema,
  ownerStatsReportSchema,
  ownerStoreActivitySchema,
} from '../platform/schemas.ts';
import { revenueReport } from '../store-platform/revenue/revenue-store.ts';
import { actorOf } from './owner-auth.ts';

/** Where the owner's heavy reads go: the leads pages, their search, the CSV export and the stats reports. */
export interface OwnerReads {
  db: Database;
  leads: LeadRepository;
  insights: Pick<EventRepository, 'popupStats'>;
}

export interface OwnerRoutesOptions extends OwnerReads {
  configuration: Pick<ConfigurationRepository, 'findClient' | 'listStoreActivity'>;
  /** The A/B tests of the site, read and changed. */
  abTests: AbTestStorage;
  /** A standby's, or by default the same as the writes'. */
  reads?: OwnerReads;
}

type ClientParams = { Params: { clientId: string } };

/** The site owner's read-out of leads and per-pop-up figures; registered behind the owner token check (owner-auth.ts). */
export const ownerRoutes: FastifyPluginAsync<OwnerRoutesOptions> = async (app, options) => {
  const { db, configuration, leads, abTests, reads = options } = options;
  async function knownClient(clientId: string, reply: FastifyReply): Promise<boolean> {
    if (await configuration.findClient(clientId)) return true;
    await reply.code(404).send(errorBody(404, `Unknown client ${clientId}`));
    return false;
  }

  /** The filter, or false once the answer (400) is sent: its range's ends are days or instants, in order. */
  async function checkedFilter(filter: LeadFilter, reply: FastifyReply): Promise<LeadFilter | false> {
    const bounds = leadRangeBounds(filter);
    const ends = (['from', 'to'] as const).filter((end) => filter[end] !== undefined);
    const error =
      ends
        .map((end) =>
          checkRange(filter[end]!.slice(0, 10), filter[end]!.slice(0, 10)) || Number.isNaN(bounds[end])
            ? `querystring/${end} must be a day (YYYY-MM-DD) or an instant with its zone, not ${filter[end]}`
            : null,
        )
        .find(Boolean) ??
      (bounds.from !== null && bounds.to !== null && bounds.to <= bounds.from
        ? 'querystring/to must not be before querystring/from'
        : null);
    if (!error) return filter;
    await reply.code(400).send(errorBody(400, error));
    return false;
  }

  app.get<ClientParams & { Querystring: LeadFilter & { limit?: number; after?: string } }>(
    '/:clientId/leads',
    { schema: ownerLeadsSchema },
    async (request, reply) => {
      if (!(await knownClient(request.params.clientId, reply))) return reply;
      const { limit, after, ...query } = request.query;
      const cursor = after === undefined ? null : readLeadCursor(after);
      if (after !== undefined && !cursor) {
        return reply.code(400).send(errorBody(400, 'querystring/after must be the "next" of a page of this listing'));
      }
      const filter = await checkedFilter(query, reply);
      if (!filter) return reply;
      return leadsListing(reads.leads, request.params.clientId, { limit, after: cursor, filter });
    },
  );

  app.get<{ Params: { clientId: string; leadId: string } }>(
    '/:clientId/leads/:leadId',
    { schema: ownerLeadSchema },
    async (request, reply) => {
      const { clientId, leadId } = request.params;
      if (!(await knownClient(clientId, reply))) return reply;
      const detail = await leadDetail(leads, clientId, Number(leadId));
      if (!detail) return reply.code(404).send(errorBody(404, `Client ${clientId} has no lead ${leadId}`));
      return detail;
    },
  );

  app.patch<{ Params: { clientId: string; leadId: string }; Body: { spam: boolean } }>(
    '/:clientId/leads/:leadId',
    { schema: ownerLeadSpamSchema },
    async (request, reply) => {
      const { clientId, leadId } = request.params;
      if (!(await knownClient(clientId, reply))) return reply;
      const lead = await leads.setLeadSpam(clientId, Number(leadId), request.body.spam);
      if (!lead) return reply.code(404).send(errorBody(404, `Client ${clientId} has no lead ${leadId}`));
      return { lead };
    },
  );

  app.get<ClientParams & { Querystring: LeadFilter }>(
    '/:clientId/leads.csv',
    { schema: ownerCsvSchema },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await knownClient(clientId, reply))) return reply;
      const filter = await checkedFilter(request.query, reply);
      if (!filter) return reply;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${clientId}-leads.csv"`)
        .send(await leadsCsv(reads.leads, clientId, filter));
    },
  );

  app.get<ClientParams & { Querystring: { email: string } }>(
    '/:clientId/people',
    { schema: ownerPeopleSchema },
    async (request, reply) => {
      if (!(await knownClient(request.params.clientId, reply))) return reply;
      return exportPerson(db, request.params.clientId, request.query.email);
    },
  );

  app.delete<ClientParams & { Querystring: { email: string } }>(
    '/:clientId/people',
    { schema: ownerPeopleSchema },
    async (request, reply) => {
      if (!(await knownClient(request.params.clientId, reply))) return reply;
      return {
        erasure: await erasePerson(
          db,
          leads.erasureHashes,
          request.params.clientId,
          request.query.email,
          actorOf(request.ownerAccess),
        ),
      };
    },
  );

  app.get<ClientParams & { Querystring: { email?: string } }>(
    '/:clientId/erasures',
    { schema: ownerErasuresSchema },
    async (request, reply) => {
      if (!(await knownClient(request.params.clientId, reply))) return reply;
      const { clientId } = request.params;
      return { erasures: await listErasures(db, leads.erasureHashes, clientId, request.query.email) };
    },
  );

  app.get<ClientParams & { Querystring: StatsQuery }>(
    '/:clientId/stats/report',
    { schema: ownerStatsReportSchema },
    async (request, reply) => {
      const client = await configuration.findClient(request.params.clientId);
      if (!client) return reply.code(404).send(errorBody(404, `Unknown client ${request.params.clientId}`));
      const error = checkRange(request.query.from, request.query.to);
      if (error) return reply.code(400).send(errorBody(400, error));
      const timeZone = client.time_zone ?? 'UTC';
      const report = await statsReport(reads.db, client.client_id, request.query, timeZone);
      if (!client.store) return { ...report, revenue: null };
      const popups = await popupsCovered(reads.db, client.client_id, request.query);
      const revenue = await revenueReport(
        reads.db,
        client.client_id,
        client.store.currency,
        popups,
        {
          current: [report.range.from, report.range.to],
          previous: [report.previous_range.from, report.previous_range.to],
        },
        timeZone,
        {
          current: report.totals.views,
          previous: report.previous_totals.views,
          byPopup: new Map(report.by_popup.map((row) => [row.poptin_id, row.views])),
        },
      );
      return { ...report, revenue };
    },
  );

  app.get<ClientParams>('/:clientId/ab-tests', { schema: ownerClientSchema }, async (request, reply) => {
    if (!(await knownClient(request.params.clientId, reply))) return reply;
    return { tests: await listAbTests(abTests, request.params.clientId) };
  });

  app.post<{ Params: { clientId: string; testId: string }; Body: { poptin_id: string } }>(
    '/:clientId/ab-tests/:testId/winner',
    { schema: ownerAbWinnerSchema },
    async (request, reply) => {
      const { clientId, testId } = request.params;
      if (!(await knownClient(clientId, reply))) return reply;
      const test = await declareWinner(abTests, clientId, testId, request.body.poptin_id);
      if (!test)
        return reply
          .code(404)
          .send(errorBody(404, `Site ${clientId} has no A/B test ${testId} with a variant ${request.body.poptin_id}`));
      return { test };
    },
  );

  app.patch<{
    Params: { clientId: string; testId: string };
    Body: { auto_apply?: boolean; control_percent?: number };
  }>('/:clientId/ab-tests/:testId', { schema: ownerAbSettingsSchema }, async (request, reply) => {
    const { clientId, testId } = request.params;
    if (!(await knownClient(clientId, reply))) return reply;
    const test = await changeAbTestSettings(abTests, clientId, testId, request.body);
    if (!test) return reply.code(404).send(errorBody(404, `Site ${clientId} has no A/B test ${testId}`));
    return { test };
  });

  app.get<ClientParams & { Querystring: { kind?: StoreActivityKind } }>(
    '/:clientId/store-activity',
    { schema: ownerStoreActivitySchema },
    async (request, reply) => {
      if (!(await knownClient(request.params.clientId, reply))) return reply;
      return { activity: await configuration.listStoreActivity(request.params.clientId, request.query.kind) };
    },
  );

  app.get<ClientParams>('/:clientId/stats', { schema: ownerClientSchema }, async (request, reply) => {
    if (!(await knownClient(request.params.clientId, reply))) return reply;
    return { popups: await reads.insights.popupStats(request.params.clientId) };
  });
};
