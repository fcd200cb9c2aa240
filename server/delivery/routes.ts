// The owner API of lead delivery, under /api/owner/{clientId}/: destinations (CRUD, test send, secret rotation,
// delivery log, retry) and each lead's deliveries. Registered in the owner scope, whose access check has already
// made sure that the caller may see {clientId}; every query also names the client, so an id of another site's
// destination, delivery or lead is answered 404.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type {
  DeliveryStatus,
  DestinationInput,
  DestinationKind,
  DestinationKindInfo,
  DestinationSettings,
} from '../../src/core/api/delivery-contract.ts';
import { type FieldError, fieldErrors } from '../owner/fields.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import type { AdapterEnv, DestinationAdapter } from './adapters/adapter.ts';
import { ADAPTERS, adapterOf } from './adapters/index.ts';
import type { LeadDelivery } from './index.ts';
import { testLead } from './payload.ts';
import { newWebhookSecret } from './webhook.ts';

export interface DeliveryRoutesOptions {
  delivery: LeadDelivery;
}

/** The kinds this server can send to. */
const AVAILABLE_KINDS = Object.keys(ADAPTERS) as DestinationKind[];
const LOG_PAGE = { default: 50, max: 200 };

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const clientId = { type: 'string', pattern: CLIENT_ID_PATTERN };
const params = (...names: string[]) => ({
  type: 'object',
  required: ['clientId', ...names],
  properties: { clientId, ...Object.fromEntries(names.map((name) => [name, id])) },
});
const destinationProperties = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  enabled: { type: 'boolean' },
  // Each kind's own settings, checked by its adapter (settingsProblems).
  settings: { type: 'object', maxProperties: 30 },
  // A vendor's API key or a Slack webhook's URL: written, never read back (sealed like a webhook's secret).
  apiKey: { type: 'string', minLength: 1, maxLength: 2000 },
  // A vendor's several credentials (OAuth2, a service account's key): written, never read back.
  credentials: {
    type: 'object',
    maxProperties: 20,
    propertyNames: { maxLength: 100 },
    additionalProperties: { type: 'string', maxLength: 4000 },
  },
  fieldMap: {
    type: 'object',
    maxProperties: 50,
    propertyNames: { maxLength: 100 },
    additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
  },
};

/** A setting's value against its declaration: the reason it is refused, or null. */
function settingProblem(field: DestinationAdapter['settings'][number], value: unknown): string | null {
  const max = field.max ?? 100;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'integer':
      return Number.isSafeInteger(value) ? null : 'must be a whole number';
    case 'integers':
      return Array.isArray(value) && value.length <= max && value.every((entry) => Number.isSafeInteger(entry))
        ? null
        : `must be a list of at most ${max} whole numbers`;
    case 'strings':
      return Array.isArray(value) &&
        value.length <= max &&
        value.every((entry) => typeof entry === 'string' && entry.length >= 1 && entry.length <= 254)
        ? null
        : `must be a list of at most ${max} texts`;
    case 'string':
      if (typeof value !== 'string') return 'must be a text';
      if (value.length > max) return `must be at most ${max} characters`;
      if (field.oneOf && !field.oneOf.includes(value)) return `must be one of ${field.oneOf.join(', ')}`;
      if (field.pattern && value !== '' && !field.pattern.test(value))
        return field.hint ?? 'is not in the expected form';
      return null;
  }
}

/** Settings every kind takes besides its own: only leads the visitor confirmed by double opt-in, once confirmed. */
const SETTINGS_OF_EVERY_KIND: DestinationAdapter['settings'] = [{ name: 'confirmedOnly', type: 'boolean' }];

/** What the kind's settings lack or get wrong, each named, then its adapter's own checks. */
export function settingsProblems(
  adapter: DestinationAdapter,
  settings: Record<string, unknown>,
  env: AdapterEnv,
): FieldError[] {
  const fields = [...SETTINGS_OF_EVERY_KIND, ...adapter.settings];
  const declared = new Map(fields.map((field) => [field.name, field]));
  const problems: FieldError[] = Object.keys(settings)
    .filter((name) => !declared.has(name))
    .map((name) => ({ field: `settings.${name}`, message: `is not a setting of ${adapter.name}` }));
  for (const field of fields) {
    const value = settings[field.name];
    const blank = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    const problem = blank
      ? field.required
        ? field.name === 'listId'
          ? `is required: the ${adapter.kind} list the leads join`
          : 'is required'
        : null
      : settingProblem(field, value);
    if (problem) problems.push({ field: `settings.${field.name}`, message: problem });
  }
  const named = new Set(problems.map((problem) => problem.field));
  return [...problems, ...(adapter.validate?.(settings, env) ?? []).filter((problem) => !named.has(problem.field))];
}

/** The secret a create or change carries, checked against the kind's: its sealed text, or the problems. */
function secretProblems(
  adapter: DestinationAdapter,
  body: { apiKey?: string; credentials?: Record<string, string> },
  creating: boolean,
): FieldError[] {
  const spec = adapter.secret;
  if (spec.type === 'apiKey') {
    if (body.credentials !== undefined)
      return [{ field: 'credentials', message: `is not taken by ${adapter.name}: send apiKey` }];
    if (body.apiKey === undefined)
      return creating
        ? [{ field: 'apiKey', message: `is required: the ${adapter.kind} ${spec.pattern ? 'address' : 'API key'}` }]
        : [];
    return spec.pattern && !spec.pattern.test(body.apiKey)
      ? [{ field: 'apiKey', message: spec.hint ?? 'is not in the expected form' }]
      : [];
  }
  if (spec.type === 'credentials') {
    if (body.apiKey !== undefined)
      return [{ field: 'apiKey', message: `is not taken by ${adapter.name}: send credentials` }];
    if (body.credentials === undefined)
      return creating ? [{ field: 'credentials', message: `is required: ${adapter.name} needs them` }] : [];
    const given = body.credentials;
    const known = new Set(spec.fields.map((field) => field.name));
    return [
      ...Object.keys(given)
        .filter((name) => !known.has(name))
        .map((name) => ({ field: `credentials.${name}`, message: `is not a credential of ${adapter.name}` })),
      ...spec.fields.flatMap((field) =>
        field.required && !given[field.name]
          ? [{ field: `credentials.${field.name}`, message: 'is required' }]
          : (given[field.name]?.length ?? 0) > field.max
            ? [{ field: `credentials.${field.name}`, message: `must be at most ${field.max} characters` }]
            : [],
      ),
    ];
  }
  const extra = [
    ...(body.apiKey !== undefined ? ['apiKey'] : []),
    ...(body.credentials !== undefined ? ['credentials'] : []),
  ];
  return extra.map((field) => ({
    field,
    message:
      adapter.kind === 'email' || adapter.kind === 'webhook'
        ? 'is only for the vendors that take one'
        : 'is not taken by this kind',
  }));
}

/** The secret to seal, from a body whose secretProblems were none. */
const secretOf = (body: { apiKey?: string; credentials?: Record<string, string> }) =>
  body.apiKey ?? (body.credentials ? JSON.stringify(body.credentials) : undefined);

/** Every kind this server sends to, as GET …/destination-kinds lists them. */
export const destinationKinds = (env: Pick<AdapterEnv, 'mail'>): DestinationKindInfo[] =>
  Object.values(ADAPTERS).map((adapter) => kindInfo(adapter, env));

function kindInfo(adapter: DestinationAdapter, env: Pick<AdapterEnv, 'mail'>): DestinationKindInfo {
  const spec = adapter.secret;
  return {
    kind: adapter.kind as DestinationKind,
    name: adapter.name,
    purpose: adapter.purpose,
    docs: [...adapter.docs],
    settings: adapter.settings.map((field) => ({
      name: field.name,
      type: field.type,
      required: field.required ?? false,
      max: field.max ?? null,
      hint: field.hint ?? null,
      oneOf: field.oneOf ? [...field.oneOf] : null,
    })),
    secret:
      spec.type === 'apiKey'
        ? { type: 'apiKey', hint: spec.hint ?? null }
        : spec.type === 'credentials'
          ? { type: 'credentials', fields: spec.fields.map(({ name, required }) => ({ name, required })) }
          : { type: spec.type },
    unavailable: adapter.unavailable?.(env) ?? null,
    batchMax: adapter.batch?.max ?? null,
  };
}

type DestinationParams = { Params: { clientId: string; destinationId: number } };

export const deliveryRoutes: FastifyPluginAsync<DeliveryRoutesOptions> = async (app, { delivery }) => {
  const { store } = delivery;
  const env = delivery.adapterEnv();

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/destination-kinds',
    { schema: { params: params() } },
    async (request, reply) => {
      if (!(await store.siteExists(request.params.clientId))) return unknownSite(reply, request.params.clientId);
      return { kinds: destinationKinds(env) };
    },
  );

  const unknownDestination = (reply: FastifyReply, clientId: string, destinationId: number) =>
    reply.code(404).send(errorBody(404, `Site ${clientId} has no destination ${destinationId}`));

  const unknownSite = (reply: FastifyReply, clientId: string) =>
    reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/destinations',
    { schema: { params: params() } },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await store.siteExists(clientId))) return unknownSite(reply, clientId);
      return { destinations: await store.listDestinations(clientId) };
    },
  );

  app.post<{
    Params: { clientId: string };
    Body: Partial<DestinationInput> & Pick<DestinationInput, 'kind' | 'name' | 'settings'>;
  }>(
    '/:clientId/destinations',
    {
      schema: {
        params: params(),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'name', 'settings'],
          properties: { kind: { type: 'string', maxLength: 20 }, ...destinationProperties },
        },
      },
    },
    async (request, reply) => {
      const { kind, name, enabled = true, settings, fieldMap = {} } = request.body;
      if (!(await store.siteExists(request.params.clientId))) return unknownSite(reply, request.params.clientId);
      const adapter = adapterOf(kind);
      if (!adapter) {
        return fieldErrors(reply, [{ field: 'kind', message: `must be one of ${AVAILABLE_KINDS.join(', ')}` }]);
      }
      const problems = settingsProblems(adapter, settings, env);
      const unavailable = adapter.unavailable?.(env);
      if (unavailable) problems.unshift({ field: 'kind', message: unavailable });
      if (name.trim() === '') problems.push({ field: 'name', message: 'is required' });
      problems.push(...secretProblems(adapter, request.body, true));
      if (problems.length > 0) return fieldErrors(reply, problems);
      const secret = adapter.secret.type === 'generated' ? newWebhookSecret() : null;
      const sealed = secret ?? secretOf(request.body) ?? null;
      const destination = await store.createDestination(
        request.params.clientId,
        { kind, name: name.trim(), enabled, settings, fieldMap },
        sealed ? await delivery.box.seal(sealed) : null,
      );
      // The signing secret is shown this once; only its sealed form is kept.
      return reply.code(201).send({ destination, ...(secret ? { secret } : {}) });
    },
  );

  app.get<DestinationParams>(
    '/:clientId/destinations/:destinationId',
    { schema: { params: params('destinationId') } },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      const destination = await store.findDestination(clientId, destinationId);
      return destination ? { destination } : unknownDestination(reply, clientId, destinationId);
    },
  );

  app.patch<DestinationParams & { Body: Partial<Omit<DestinationInput, 'kind'>> }>(
    '/:clientId/destinations/:destinationId',
    {
      schema: {
        params: params('destinationId'),
        body: { type: 'object', additionalProperties: false, properties: destinationProperties },
      },
    },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      const existing = await store.findDestination(clientId, destinationId);
      if (!existing) return unknownDestination(reply, clientId, destinationId);
      const { name, settings, apiKey, credentials, ...changes } = request.body;
      const adapter = adapterOf(existing.kind);
      if (!adapter)
        return reply.code(409).send(errorBody(409, `This server cannot send to a ${existing.kind} destination`));
      const problems = settings ? settingsProblems(adapter, settings, env) : [];
      if (name !== undefined && name.trim() === '') problems.push({ field: 'name', message: 'is required' });
      problems.push(...secretProblems(adapter, { apiKey, credentials }, false));
      if (problems.length > 0) return fieldErrors(reply, problems);
      const secret = secretOf({ apiKey, credentials });
      const destination = await store.updateDestination(
        clientId,
        destinationId,
        { ...changes, settings: settings as DestinationSettings | undefined, name: name?.trim() },
        secret === undefined ? undefined : await delivery.box.seal(secret),
      );
      return { destination };
    },
  );

  app.delete<DestinationParams>(
    '/:clientId/destinations/:destinationId',
    { schema: { params: params('destinationId') } },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      if (!(await store.deleteDestination(clientId, destinationId)))
        return unknownDestination(reply, clientId, destinationId);
      return reply.code(204).send();
    },
  );

  app.post<DestinationParams>(
    '/:clientId/destinations/:destinationId/secret',
    { schema: { params: params('destinationId') } },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      const existing = await store.findDestination(clientId, destinationId);
      if (!existing) return unknownDestination(reply, clientId, destinationId);
      if (existing.kind !== 'webhook')
        return reply.code(400).send(errorBody(400, 'Only a webhook has a signing secret'));
      const secret = newWebhookSecret();
      const destination = await store.updateDestination(clientId, destinationId, {}, await delivery.box.seal(secret));
      return { destination, secret };
    },
  );

  app.post<DestinationParams>(
    '/:clientId/destinations/:destinationId/test',
    { schema: { params: params('destinationId') } },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      const access = request.ownerAccess;
      const answer = await delivery.sendTest(
        clientId,
        destinationId,
        testLead(clientId),
        access?.kind === 'owner' ? access.owner.email : null,
      );
      return answer ? { test: answer } : unknownDestination(reply, clientId, destinationId);
    },
  );

  app.get<DestinationParams & { Querystring: { status?: DeliveryStatus; before?: number; limit?: number } }>(
    '/:clientId/destinations/:destinationId/deliveries',
    {
      schema: {
        params: params('destinationId'),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
            before: id,
            limit: { type: 'integer', minimum: 1, maximum: LOG_PAGE.max },
          },
        },
      },
    },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      if (!(await store.findDestination(clientId, destinationId)))
        return unknownDestination(reply, clientId, destinationId);
      const limit = request.query.limit ?? LOG_PAGE.default;
      const deliveries = await store.deliveryLog(clientId, destinationId, {
        status: request.query.status,
        beforeId: request.query.before,
        limit,
      });
      return { deliveries, next: deliveries.length === limit ? deliveries[deliveries.length - 1]!.id : null };
    },
  );

  app.post<DestinationParams>(
    '/:clientId/destinations/:destinationId/retry',
    { schema: { params: params('destinationId') } },
    async (request, reply) => {
      const { clientId, destinationId } = request.params;
      if (!(await store.findDestination(clientId, destinationId)))
        return unknownDestination(reply, clientId, destinationId);
      const retried = await store.retryFailed(clientId, destinationId);
      delivery.worker?.wake();
      return { retried };
    },
  );

  type DeliveryParams = { Params: { clientId: string; deliveryId: number } };
  const unknownDelivery = (reply: FastifyReply, clientId: string, deliveryId: number) =>
    reply.code(404).send(errorBody(404, `Site ${clientId} has no delivery ${deliveryId}`));

  app.get<DeliveryParams>(
    '/:clientId/deliveries/:deliveryId',
    { schema: { params: params('deliveryId') } },
    async (request, reply) => {
      const { clientId, deliveryId } = request.params;
      const found = await store.findDelivery(clientId, deliveryId);
      if (!found) return unknownDelivery(reply, clientId, deliveryId);
      return { delivery: found, attempts: await store.attemptsOf(clientId, deliveryId) };
    },
  );

  app.post<DeliveryParams>(
    '/:clientId/deliveries/:deliveryId/retry',
    { schema: { params: params('deliveryId') } },
    async (request, reply) => {
      const { clientId, deliveryId } = request.params;
      const found = await store.findDelivery(clientId, deliveryId);
      if (!found) return unknownDelivery(reply, clientId, deliveryId);
      if (found.status !== 'failed')
        return reply
          .code(409)
          .send(errorBody(409, `Delivery ${deliveryId} is ${found.status}: only a failed delivery is retried`));
      await store.retryFailed(clientId, found.destinationId, deliveryId);
      delivery.worker?.wake();
      return { delivery: await store.findDelivery(clientId, deliveryId) };
    },
  );

  app.get<{ Params: { clientId: string; leadId: number } }>(
    '/:clientId/leads/:leadId/deliveries',
    { schema: { params: params('leadId') } },
    async (request, reply) => {
      const { clientId, leadId } = request.params;
      const deliveries = await store.deliveriesOfLead(clientId, leadId);
      if (!deliveries) return reply.code(404).send(errorBody(404, `Site ${clientId} has no lead ${leadId}`));
      return { deliveries };
    },
  );
};
