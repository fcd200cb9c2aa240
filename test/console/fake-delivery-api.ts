// The lead delivery calls of the owner API, in memory, for the fake owner API (fake-owner-api.ts): destinations with a
// webhook secret shown once, test sends that answer as the real server does, delivery logs and retries.
import { randomUUID } from 'node:crypto';
import { destinationKinds } from '../../server/delivery/routes.ts';
import type { Delivery, Destination, DestinationInput } from '../../src/core/api/delivery-contract.ts';

type Json = Record<string, unknown>;
/** A destination as the owner API answers it, without the site it belongs to. */
type FakeDestination = Omit<Destination, 'clientId'>;

export interface FakeDeliveryApi {
  destinations: FakeDestination[];
  deliveries: Delivery[];
  /** Answers the call when it is one of lead delivery's: the status and body, else null. */
  answer(
    method: string,
    area: string,
    id: string | undefined,
    action: string | undefined,
    body: unknown,
    search?: URLSearchParams,
  ): { status: number; body?: unknown } | null;
}

const failure = (status: number, message: string, fields?: { field: string; message: string }[]) => ({
  statusCode: status,
  error: 'Error',
  message,
  ...(fields ? { fields } : {}),
});

export function fakeDeliveryApi(): FakeDeliveryApi {
  const destinations: FakeDestination[] = [];
  const deliveries: Delivery[] = [];
  let nextId = 1;
  const counted = (destination: FakeDestination): FakeDestination => ({
    ...destination,
    pending: deliveries.filter((each) => each.destinationId === destination.id && each.status === 'pending').length,
    failed: deliveries.filter((each) => each.destinationId === destination.id && each.status === 'failed').length,
  });
  const retry = (delivery: Delivery) =>
    Object.assign(delivery, { status: 'pending', nextAttemptAt: new Date().toISOString() });

  function answer(
    method: string,
    area: string,
    id: string | undefined,
    action: string | undefined,
    body: unknown,
    search?: URLSearchParams,
  ): { status: number; body?: unknown } | null {
    if (area === 'deliveries' && id && action === 'retry' && method === 'POST') {
      const delivery = deliveries.find((each) => each.id === Number(id));
      if (!delivery) return { status: 404, body: failure(404, 'No such delivery') };
      if (delivery.status !== 'failed')
        return { status: 409, body: failure(409, `Delivery ${id} is ${delivery.status}`) };
      return { status: 200, body: { delivery: retry(delivery) } };
    }
    if (area === 'leads' && id && action === 'deliveries')
      return { status: 200, body: { deliveries: deliveries.filter((each) => each.leadId === Number(id)) } };
    if (area === 'destination-kinds' && method === 'GET')
      return {
        status: 200,
        body: { kinds: destinationKinds({ mail: { smtpUrl: 'smtp://fake.example', from: 'fake@example.com' } }) },
      };
    if (area !== 'destinations') return null;
    if (!id && method === 'GET') return { status: 200, body: { destinations: destinations.map(counted) } };
    if (!id && method === 'POST') {
      const input = body as Partial<DestinationInput> & Pick<DestinationInput, 'kind' | 'name' | 'settings'>;
      if (input.kind === 'webhook' && !String(input.settings.url ?? '').startsWith('https://')) {
        return {
          status: 400,
          body: failure(400, 'Some fields are not valid', [{ field: 'settings.url', message: 'must be an https URL' }]),
        };
      }
      const now = new Date().toISOString();
      const destination: FakeDestination = {
        id: nextId++,
        kind: input.kind,
        name: input.name,
        enabled: input.enabled ?? true,
        settings: input.settings,
        fieldMap: input.fieldMap ?? {},
        hasSecret: input.kind === 'webhook' || Boolean(input.apiKey),
        createdAt: now,
        updatedAt: now,
        pending: 0,
        failed: 0,
        deliveredThisWeek: 0,
        lastSuccessAt: null,
        lastFailureAt: null,
        lastError: null,
        failingSince: null,
      };
      destinations.push(destination);
      return {
        status: 201,
        body: {
          destination: counted(destination),
          ...(input.kind === 'webhook' ? { secret: `whsec_${randomUUID().replaceAll('-', '')}` } : {}),
        },
      };
    }
    const destination = destinations.find((each) => each.id === Number(id));
    if (!destination) return { status: 404, body: failure(404, 'No such destination') };
    if (!action && method === 'PATCH') {
      const { apiKey: _apiKey, ...changes } = body as Json;
      Object.assign(destination, changes, { updatedAt: new Date().toISOString() });
      return { status: 200, body: { destination: counted(destination) } };
    }
    if (!action && method === 'DELETE') {
      destinations.splice(destinations.indexOf(destination), 1);
      return { status: 204 };
    }
    if (action === 'secret')
      return {
        status: 200,
        body: { destination: counted(destination), secret: `whsec_${randomUUID().replaceAll('-', '')}` },
      };
    if (action === 'test') {
      return {
        status: 200,
        body: {
          test: { delivered: true, statusCode: 200, response: '{"received":true}', error: null, durationMs: 42 },
        },
      };
    }
    if (action === 'deliveries') {
      const status = search?.get('status');
      const log = deliveries
        .filter((each) => each.destinationId === destination.id && (!status || each.status === status))
        .reverse();
      return { status: 200, body: { deliveries: log, next: null } };
    }
    if (action === 'retry') {
      const failed = deliveries.filter((each) => each.destinationId === destination.id && each.status === 'failed');
      failed.forEach(retry);
      return { status: 200, body: { retried: failed.length } };
    }
    return null;
  }
  return { destinations, deliveries, answer };
}

/** A delivery of lead `leadId` to the destination, in the state given, as the worker would have left it. */
export function fakeDeliveryOf(
  destinationId: number,
  leadId: number,
  status: 'delivered' | 'failed',
  id: number,
): Delivery {
  const failed = status === 'failed';
  return {
    id,
    destinationId,
    leadId,
    status,
    attempts: failed ? 5 : 1,
    nextAttemptAt: null,
    lastStatusCode: failed ? 410 : 200,
    lastError: null,
    lastResponse: failed ? 'gone' : 'ok',
    createdAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
  };
}
