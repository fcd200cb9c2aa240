// Where a site's leads went: one destination's delivery log with retries, the banner on a site's pages while a
// destination fails, and each lead's deliveries in its detail view.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type Delivery, deliveryApi } from '../api/delivery.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { deliveryLogQuery, deliveryLogsKey, destinationsQuery, leadDeliveriesQuery, sitePath } from './queries.ts';

function DeliveryStatusText({ delivery }: { delivery: Delivery }) {
  const { t } = useLanguage();
  return <span className={`status-${delivery.status}`}>{t(`status_${delivery.status}`)}</span>;
}

export function DeliveryLogPage({ clientId, destinationId }: { clientId: string; destinationId: number }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const [onlyFailed, setOnlyFailed] = useState(false);
  const destinations = useQuery(destinationsQuery(clientId));
  const destination = destinations.data?.destinations.find((each) => each.id === destinationId);
  const log = useQuery(deliveryLogQuery(clientId, destinationId, onlyFailed));
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: deliveryLogsKey(clientId, destinationId) }),
      client.invalidateQueries({ queryKey: destinationsQuery(clientId).queryKey }),
    ]);
  const retryOne = useMutation({
    mutationFn: (deliveryId: number) => deliveryApi.retryDelivery(clientId, deliveryId),
    onSuccess: refresh,
  });
  const retryAll = useMutation({
    mutationFn: () => deliveryApi.retryFailed(clientId, destinationId),
    onSuccess: refresh,
  });
  return (
    <>
      <p>
        <Link href={`${sitePath(clientId)}/destinations`}>{t('destinations')}</Link>
      </p>
      <PageHeading>{`${t('deliveryLog')} · ${destination?.name ?? destinationId}`}</PageHeading>
      <ErrorText error={log.error ?? retryOne.error ?? retryAll.error} />
      <div className="actions">
        <label className="check">
          <input type="checkbox" checked={onlyFailed} onChange={(event) => setOnlyFailed(event.target.checked)} />{' '}
          {t('onlyFailed')}
        </label>
        <button
          type="button"
          onClick={() => retryAll.mutate()}
          disabled={retryAll.isPending || (destination?.failed ?? 0) === 0}
        >
          {t('retryAll')}
        </button>
      </div>
      <p role="status">
        {retryAll.data ? `${t('retried')}: ${retryAll.data.retried}` : retryOne.isSuccess ? t('retried') : ''}
      </p>
      {log.data?.deliveries.length === 0 && <p>{t('noDeliveries')}</p>}
      {log.data && log.data.deliveries.length > 0 && (
        <table aria-busy={log.isPlaceholderData} className="table-cards">
          <thead>
            <tr>
              <th scope="col">{t('lead')}</th>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('attempts')}</th>
              <th scope="col">{t('lastAnswer')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('retry')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td className="cell-wide">#{delivery.leadId}</td>
                <td data-label={t('when')}>{new Date(delivery.createdAt).toLocaleString(language)}</td>
                <td data-label={t('status')}>
                  <DeliveryStatusText delivery={delivery} />
                </td>
                <td data-label={t('attempts')}>{delivery.attempts}</td>
                <td data-label={t('lastAnswer')} dir="auto">
                  {[delivery.lastStatusCode, delivery.lastError ?? delivery.lastResponse]
                    .filter((part) => part !== null && part !== '')
                    .join(' · ')}
                </td>
                <td className="row-actions">
                  {delivery.status === 'failed' && (
                    <button
                      type="button"
                      onClick={() => retryOne.mutate(delivery.id)}
                      aria-label={`${t('retry')}: ${t('lead')} #${delivery.leadId}`}
                    >
                      {t('retry')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** On a site's pages: which destinations fail now (every try since a time) or have deliveries given up, each with its log. */
export function FailingDestinationsBanner({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  // A destination that starts failing is shown within a minute.
  const destinations = useQuery({ ...destinationsQuery(clientId), refetchInterval: 60_000 });
  const failing =
    destinations.data?.destinations.filter((destination) => destination.failed > 0 || destination.failingSince) ?? [];
  if (failing.length === 0) return null;
  return (
    <div role="alert" className="error banner">
      <p>{t('failingBanner')}</p>
      <ul>
        {failing.map((destination) => (
          <li key={destination.id}>
            {destination.name}:{' '}
            {destination.failingSince
              ? `${t('failingSinceWords')
                  .replace('{time}', new Date(destination.failingSince).toLocaleString(language))
                  .replace('{error}', destination.lastError ?? '?')} `
              : ''}
            {destination.failed > 0 ? `${destination.failed} ${t('failedCount')} · ` : ''}
            <Link
              href={`${sitePath(clientId)}/destinations/${destination.id}`}
              aria-label={`${t('openLog')}: ${destination.name}`}
            >
              {t('openLog')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Each destination's delivery of one lead, for the lead's detail view. */
export function LeadDeliveries({ clientId, leadId }: { clientId: string; leadId: number }) {
  const { t } = useLanguage();
  const deliveries = useQuery(leadDeliveriesQuery(clientId, leadId));
  const destinations = useQuery(destinationsQuery(clientId));
  const nameOf = (id: number) =>
    destinations.data?.destinations.find((destination) => destination.id === id)?.name ?? `#${id}`;
  return (
    <section aria-label={t('leadDeliveries')}>
      <h3>{t('leadDeliveries')}</h3>
      <ErrorText error={deliveries.error} />
      {deliveries.data?.deliveries.length === 0 && <p>{t('noDeliveries')}</p>}
      <ul>
        {deliveries.data?.deliveries.map((delivery) => (
          <li key={delivery.id}>
            {nameOf(delivery.destinationId)}: <DeliveryStatusText delivery={delivery} />
            {delivery.lastStatusCode !== null ? ` · ${delivery.lastStatusCode}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
