// The owner API of lead delivery, under /api/owner/{clientId}/: destinations (CRUD, test send, secret rotation,
// delivery log, retry) and each lead's deliveries. Registered in the owner scope, whose access check has already
// made sure that the caller may see {clientId}; every query also names the client, so an id of another site's
// destination, delivery or lead is answered 404.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type {
  DeliveryStatus,
  DestinationInput,
  DestinationKind,
  DestinationSettings,
} from '../../src/core/api/delivery-contract.ts';
import { errorBody } from '../errors.ts';
import { CLIENT_ID_PATTERN } from '../ids.ts';
import { emailProblem, type FieldError, fieldErrors } from '../owner/fields.ts';
import { urlProblem } from './addresses.ts';
import type { LeadDelivery } from './index.ts';
import { testLead } from './payload.ts';
import { VENDOR_KINDS, type VendorKind } from './vendors.ts';
import { newWebhookSecret } from './webhook.ts';

export interface DeliveryRoutesOptions {
  delivery: LeadDelivery;
}

/** The kinds this server can send to. */
const AVAILABLE_KINDS: readonly DestinationKind[] = ['webhook', 'email', ...VENDOR_KINDS];
const MAX_RECIPIENTS = 10;
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
  settings: {
    type: 'object',
    additionalProperties: false,
    properties: {
      url: { type: 'string', maxLength: 2000 },
      to: { type: 'array', maxItems: MAX_RECIPIENTS, items: { type: 'string', maxLength: 254 } },
      listId: { type: 'string', minLength: 1, maxLength: 100 },
      doubleOptIn: { type: 'boolean' },
      tags: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 100 } },
      // The form field that holds the consent checkbox, when it is not one of the usual names (payload.ts).
      consentField: { type: 'string', maxLength: 100 },
      // An e-mail destination: a message per lead ('each', the default) or one a day with the day's leads.
      digest: { type: 'string', enum: ['each', 'daily'] },
      // Only leads the visitor confirmed by double opt-in, once confirmed.
      confirmedOnly: { type: 'boolean' },
      // Mailchimp: the audience's GDPR marketing permission that a ticked consent box enables.
      marketingPermissionId: { type: 'string', maxLength: 100 },
    },
  },
  // A vendor's API key: written, never read back (sealed like a webhook's secret).
  apiKey: { type: 'string', minLength: 1, maxLength: 300 },
  fieldMap: {
    type: 'object',
    maxProperties: 50,
    propertyNames: { maxLength: 100 },
    additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
  },
};

type DestinationParams = { Params: { clientId: string; destinationId: number } };

export const deliveryRoutes: FastifyPluginAsync<DeliveryRoutesOptions> = async (app, { delivery }) => {
  const { store } = delivery;
  const targets = delivery.senders.targets;

  function settingsProblems(kind: DestinationKind, settings: DestinationSettings): FieldError[] {
    if (kind === 'webhook') {
      const problem = settings.url === undefined ? 'is required' : urlProblem(settings.url, targets);
      return problem ? [{ field: 'settings.url', message: problem }] : [];
    }
    if ((VENDOR_KINDS as readonly string[]).includes(kind)) {
      return kind !== 'hubspot' && !settings.listId
        ? [{ field: 'settings.listId', message: `is required: the ${kind} list the leads join` }]
        : [];
    }
    if (!settings.to || settings.to.length === 0)
      return [{ field: 'settings.to', message: 'must list at least one e-mail address' }];
    return settings.to.flatMap((address, index) => emailProblem(`settings.to.${index}`, address) ?? []);
  }

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
      if (!AVAILABLE_KINDS.includes(kind)) {
        return fieldErrors(reply, [{ field: 'kind', message: `must be one of ${AVAILABLE_KINDS.join(', ')}` }]);
      }
      const problems = settingsProblems(kind, settings);
      if (kind === 'email' && !delivery.senders.mail)
        problems.unshift({
          field: 'kind',
          message:
            'e-mail needs the server to send mail, and it has no SMTP server: set SMTP_URL (and SMTP_FROM) where the server runs, restart it, then add this destination',
        });
      if (name.trim() === '') problems.push({ field: 'name', message: 'is required' });
      const vendor = (VENDOR_KINDS as readonly string[]).includes(kind);
      if (vendor && !request.body.apiKey)
        problems.push({ field: 'apiKey', message: `is required: the ${kind as VendorKind} API key` });
      if (problems.length > 0) return fieldErrors(reply, problems);
      const secret = kind === 'webhook' ? newWebhookSecret() : null;
      const sealed = secret ?? (vendor ? request.body.apiKey! : null);
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
      const { name, settings, apiKey, ...changes } = request.body;
      const problems = settings ? settingsProblems(existing.kind, settings) : [];
      if (name !== undefined && name.trim() === '') problems.push({ field: 'name', message: 'is required' });
      if (apiKey !== undefined && !(VENDOR_KINDS as readonly string[]).includes(existing.kind))
        problems.push({ field: 'apiKey', message: 'is only for Mailchimp, Klaviyo and HubSpot' });
      if (problems.length > 0) return fieldErrors(reply, problems);
      const destination = await store.updateDestination(
        clientId,
        destinationId,
        { ...changes, settings, name: name?.trim() },
        apiKey === undefined ? undefined : await delivery.box.seal(apiKey),
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
      const answer = await delivery.sendTest(clientId, destinationId, testLead(clientId));
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
