/** The lead delivery calls of the owner API (docs/integrations.md): destinations, test sends, delivery logs, retries. */
import { call } from './client.ts';

export const DESTINATION_KINDS = ['webhook', 'email', 'mailchimp', 'klaviyo', 'hubspot'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DestinationSettings {
  url?: string;
  to?: string[];
  listId?: string;
  doubleOptIn?: boolean;
  tags?: string[];
  consentField?: string;
  digest?: 'each' | 'daily';
}
export interface Destination {
  id: number;
  kind: DestinationKind;
  name: string;
  enabled: boolean;
  settings: DestinationSettings;
  fieldMap: Record<string, string>;
  hasSecret: boolean;
  createdAt: string;
  updatedAt: string;
  pending: number;
  failed: number;
}
export interface DestinationInput {
  kind: DestinationKind;
  name: string;
  enabled: boolean;
  settings: DestinationSettings;
  fieldMap: Record<string, string>;
  apiKey?: string;
}
export interface TestAnswer {
  delivered: boolean;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
}
export interface Delivery {
  id: number;
  destinationId: number;
  leadId: number;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const site = (clientId: string) => `/api/owner/${encodeURIComponent(clientId)}`;
const destination = (clientId: string, id: number) => `${site(clientId)}/destinations/${id}`;

export const deliveryApi = {
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
