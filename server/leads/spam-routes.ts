// /api/owner/{clientId}/spam-filter: whether the site sets aside leads from throwaway e-mail domains and requires its
// forms' proof of work, and how many leads each spam rule stopped in the last 7 days. Behind registerOwnerAuth, as the site's other settings.
import type { FastifyPluginAsync } from 'fastify';
import type { SpamFilter } from '../../src/core/api/site-contract.ts';
import type { ConfigChanges } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import { PROOF_OF_WORK_RULE, SPAM_RULES } from './spam.ts';

const params = { type: 'object', properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } } };

async function spamFilterOf(db: Database, clientId: string): Promise<SpamFilter | null> {
  const rows = await db.query<{
    refuse_disposable_email: boolean;
    require_proof_of_work: boolean;
    counts: Record<string, number> | null;
    refused: number | null;
  }>(
    `SELECT c.refuse_disposable_email, c.require_proof_of_work, (
       SELECT jsonb_object_agg(reason, n) FROM (
         SELECT spam_reason AS reason, count(*)::int AS n FROM conversions
         WHERE client_id = c.client_id AND spam_reason = ANY($2::text[]) AND created_at >= now() - interval '7 days'
         GROUP BY spam_reason) AS stopped
     ) AS counts, (
       SELECT sum(leads)::int FROM spam_refusals
       WHERE client_id = c.client_id AND reason = $3 AND day > current_date - 7
     ) AS refused
     FROM clients c WHERE c.client_id = $1`,
    [clientId, [...SPAM_RULES], PROOF_OF_WORK_RULE],
  );
  const row = rows[0];
  if (!row) return null;
  const counts = row.counts ?? {};
  return {
    refuseDisposable: row.refuse_disposable_email,
    requireProofOfWork: row.require_proof_of_work,
    stoppedThisWeek: {
      honeypot: counts.honeypot ?? 0,
      'impossible-timing': counts['impossible-timing'] ?? 0,
      'disposable-domain': counts['disposable-domain'] ?? 0,
      'proof-of-work': row.refused ?? 0,
    },
  };
}

export const spamRoutes: FastifyPluginAsync<{ db: Database; configuration: ConfigChanges }> = async (
  app,
  { db, configuration },
) => {
  const unknown = (clientId: string) => errorBody(404, `Unknown site ${clientId}`);

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/spam-filter',
    { schema: { params } },
    async (request, reply) => {
      const filter = await spamFilterOf(db, request.params.clientId);
      return filter ?? reply.code(404).send(unknown(request.params.clientId));
    },
  );

  app.put<{ Params: { clientId: string }; Body: { refuseDisposable?: boolean; requireProofOfWork?: boolean } }>(
    '/:clientId/spam-filter',
    {
      schema: {
        params,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { refuseDisposable: { type: 'boolean' }, requireProofOfWork: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const { refuseDisposable = null, requireProofOfWork = null } = request.body;
      const changed = await db.query(
        `UPDATE clients SET refuse_disposable_email = COALESCE($2, refuse_disposable_email),
           require_proof_of_work = COALESCE($3, require_proof_of_work), updated_at = now()
         WHERE client_id = $1 RETURNING client_id`,
        [clientId, refuseDisposable, requireProofOfWork],
      );
      if (changed.length === 0) return reply.code(404).send(unknown(clientId));
      // The display and lead routes read the client from the configuration cache: every process forgets it now.
      await configuration.configChanged(clientId);
      return spamFilterOf(db, clientId);
    },
  );
};
