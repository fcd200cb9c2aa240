/** The lead delivery calls of the owner API (docs/integrations.md): destinations, test sends, delivery logs, retries. */

import type {
  Delivery,
  DeliveryStatus,
  Destination,
  DestinationInput,
  DestinationKindInfo,
  TestAnswer,
} from '../../core/api/delivery-contract.ts';
import { call } from './client.ts';

export {
  DESTINATION_KINDS,
  type Delivery,
  type DeliveryStatus,
  type Destination,
  type DestinationInput,
  type DestinationKind,
  type DestinationKindInfo,
  type DestinationSettings,
  type TestAnswer,
} from '../../core/api/delivery-contract.ts';

const site = (clientId: string) => `/api/owner/${encodeURIComponent(clientId)}`;
const destination = (clientId: string, id: number) => `${site(clientId)}/destinations/${id}`;

export const deliveryApi = {
  kinds: (clientId: string) => call<{ kinds: DestinationKindInfo[] }>('GET', `${site(clientId)}/destination-kinds`),
  destinations: (clientId: string) => call<{ destinations: Destination[] }>('GET', `${site(clientId)}/destinations`),
  createDestination: (clientId: string, input: DestinationInput) =>
    call<{ destination: Destination; secret?: string }>('POST', `${site(clientId)}/destinations`, input),
  updateDestination: (clientId: string, id: number, changes: Partial<Omit<DestinationInput, 'kind'>>) =>
    call<{ destination: Destination }>('PATCH', destination(clientId, id), changes),
  deleteDestination: (clientId: string, id: number) => call<void>('DELETE', destination(clientId, id)),
  rotateSecret: (clientId: string, id: number) =>
    call<{ destination: Destination; secret: string }>('POST', `${destination(clientId, id)}/secret`),
  sendTest: (clientId: string, id: number) => call<{ test: TestAnswer }>('POST', `${destination(clientId, id)}/test`),
  deliveries: (clientId: string, id: number, status?: DeliveryStatus) =>
    call<{ deliveries: Delivery[]; next: number | null }>(
      'GET',
      `${destination(clientId, id)}/deliveries${status ? `?status=${status}` : ''}`,
    ),
  retryFailed: (clientId: string, id: number) =>
    call<{ retried: number }>('POST', `${destination(clientId, id)}/retry`),
  retryDelivery: (clientId: string, deliveryId: number) =>
    call<{ delivery: Delivery }>('POST', `${site(clientId)}/deliveries/${deliveryId}/retry`),
  leadDeliveries: (clientId: string, leadId: number) =>
    call<{ deliveries: Delivery[] }>('GET', `${site(clientId)}/leads/${leadId}/deliveries`),
};
