// A site's destinations (/sites/{id}/destinations): each with its status, last success and problem, and its actions
// (edit, send a test lead, open the log, rotate a webhook's secret, delete).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type Destination, deliveryApi, type TestAnswer } from '../api/delivery.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../insights/model.ts';
import { useSession } from '../session.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { Icon } from '../shell/icons.tsx';
import { DestinationForm } from './destination-form.tsx';
import { errorMeaning } from './error-words.ts';
import { destinationsQuery, sitePath } from './queries.ts';

function TestResult({ answer }: { answer: TestAnswer }) {
  const { t } = useLanguage();
  return (
    <div className={answer.delivered ? 'notice' : 'error'}>
      <p>
        <strong>{answer.delivered ? t('testDelivered') : t('testFailed')}</strong> · {t('testStatus')}:{' '}
        {answer.statusCode ?? '-'} · {t('testTime')}: {answer.durationMs} ms
      </p>
      {(answer.response ?? answer.error) && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable answer must be reachable by keyboard (axe's scrollable-region-focusable)
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: its label names what the keyboard reached
        <pre tabIndex={0} aria-label={t('testAnswer')}>
          <code>{answer.response ?? answer.error}</code>
        </pre>
      )}
    </div>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Paused, failing (every try since a moment has failed), working, or waiting for its first lead. */
function DestinationStatus({ destination }: { destination: Destination }) {
  const { t } = useLanguage();
  const [badge, words] = !destination.enabled
    ? ['badge-paused', t('paused')]
    : destination.failingSince
      ? ['badge-danger', t('statusFailing')]
      : destination.lastSuccessAt
        ? ['badge-live', t('statusWorking')]
        : ['badge-draft', t('statusNew')];
  return <span className={`badge ${badge}`}>{words}</span>;
}

function DestinationRow({
  clientId,
  destination,
  onEdit,
  onSecret,
}: {
  clientId: string;
  destination: Destination;
  onEdit(): void;
  onSecret(secret: string): void;
}) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const test = useMutation({ mutationFn: () => deliveryApi.sendTest(clientId, destination.id) });
  const rotate = useMutation({
    mutationFn: () => deliveryApi.rotateSecret(clientId, destination.id),
    onSuccess: (answer) => onSecret(answer.secret),
  });
  const remove = useMutation({
    mutationFn: () => deliveryApi.deleteDestination(clientId, destination.id),
    onSuccess: () => client.invalidateQueries({ queryKey: destinationsQuery(clientId).queryKey }),
  });
  const label = (action: string) => `${action}: ${destination.name}`;
  return (
    <li className="destination">
      <div className="destination-head">
        <h2>{destination.name}</h2>
        <DestinationStatus destination={destination} />
      </div>
      <p>
        {t(`kind_${destination.kind}`)} · {destination.pending} {t('pendingCount')} · {destination.failed}{' '}
        {t('failedCount')}
      </p>
      <dl className="destination-facts">
        <div>
          <dt>{t('lastSuccess')}</dt>
          <dd>{destination.lastSuccessAt ? when(destination.lastSuccessAt) : t('noneYet')}</dd>
        </div>
        <div>
          <dt>{t('deliveredThisWeek')}</dt>
          <dd>{destination.deliveredThisWeek}</dd>
        </div>
        {destination.lastError && (
          <div className="destination-error">
            <dt>{t('lastProblem')}</dt>
            <dd>
              {errorMeaning(destination.lastError) && <strong>{t(errorMeaning(destination.lastError)!)}</strong>}
              <span>
                {destination.lastFailureAt ? `${when(destination.lastFailureAt)}: ` : ''}
                {destination.lastError}
              </span>
            </dd>
          </div>
        )}
      </dl>
      <div className="actions">
        <button type="button" onClick={onEdit} aria-label={label(t('edit'))}>
          {t('edit')}
        </button>
        <button type="button" onClick={() => test.mutate()} disabled={test.isPending} aria-label={label(t('sendTest'))}>
          {t('sendTest')}
        </button>
        <Link href={`${sitePath(clientId)}/destinations/${destination.id}`} aria-label={label(t('deliveryLog'))}>
          {t('deliveryLog')}
        </Link>
        {destination.kind === 'webhook' && (
          <button type="button" onClick={() => setConfirm('rotate')} aria-label={label(t('rotateSecret'))}>
            {t('rotateSecret')}
          </button>
        )}
        <button
          type="button"
          className="btn-danger"
          onClick={() => setConfirm('delete')}
          aria-label={label(t('deleteDestination'))}
        >
          {t('delete')}
        </button>
      </div>
      <div role="status">{test.data && <TestResult answer={test.data.test} />}</div>
      <ErrorText error={test.error ?? rotate.error ?? remove.error} />
      <ConfirmDialog
        open={confirm !== null}
        message={
          confirm === 'rotate' ? t('rotateConfirm') : fill(t('deleteDestinationConfirm'), { name: destination.name })
        }
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === 'rotate' ? rotate.mutate() : remove.mutate())}
      />
    </li>
  );
}

export function DestinationsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const destinations = useQuery(destinationsQuery(clientId));
  const [editing, setEditing] = useState<Destination | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const site = useSession().sites.find((one) => one.clientId === clientId);
  const add = (
    <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
      <Icon name="plus" />
      {t('addDestination')}
    </button>
  );
  const none = destinations.data?.destinations.length === 0;
  return (
    <>
      <div className="page-header">
        <div>
          <PageHeading>{fill(t('destinationsOf'), { site: site?.name || clientId })}</PageHeading>
          <p>{t('destinationsIntro')}</p>
        </div>
        {!none && add}
      </div>
      <ErrorText error={destinations.error} />
      {secret && (
        <div role="status" className="notice">
          <p>{t('secretOnce')}</p>
          <Snippet code={secret} label={t('secret')} />
        </div>
      )}
      {none && (
        <EmptyState icon="delivery" title={t('emptyDestinationsTitle')} action={add}>
          {t('emptyDestinations')}
        </EmptyState>
      )}
      <ul className="destinations">
        {destinations.data?.destinations.map((destination) => (
          <DestinationRow
            key={destination.id}
            clientId={clientId}
            destination={destination}
            onEdit={() => setEditing(destination)}
            onSecret={setSecret}
          />
        ))}
      </ul>
      {editing && (
        <DestinationForm
          clientId={clientId}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      )}
    </>
  );
}
