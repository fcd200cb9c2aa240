// /api/owner/{clientId}/lead-retention: how long the site keeps its leads, when the deletion runs next and how many
// leads it will delete. For signed-in owners and the owner keys only, as the site's other settings.
import type { FastifyPluginAsync } from 'fastify';
import { LEAD_RETENTION_MONTHS, type LeadRetentionMonths } from '../../src/core/api/coupon-contract.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import type { LeadRetention } from './lead-retention.ts';

const params = { type: 'object', properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } } };

export const retentionRoutes: FastifyPluginAsync<{ leadRetention: LeadRetention }> = async (app, { leadRetention }) => {
  app.get<{ Params: { clientId: string } }>(
    '/:clientId/lead-retention',
    { schema: { params } },
    async (request, reply) => {
      const settings = await leadRetention.settingsOf(request.params.clientId);
      return settings ?? reply.code(404).send(errorBody(404, `Unknown site ${request.params.clientId}`));
    },
  );

  app.put<{ Params: { clientId: string }; Body: { months: LeadRetentionMonths | null } }>(
    '/:clientId/lead-retention',
    {
      schema: {
        params,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['months'],
          properties: { months: { type: ['integer', 'null'], enum: [...LEAD_RETENTION_MONTHS, null] } },
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await leadRetention.setMonths(clientId, request.body.months)))
        return reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
      return leadRetention.settingsOf(clientId);
    },
  );
};
