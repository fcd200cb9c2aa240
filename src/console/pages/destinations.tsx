// Lead delivery in the console: a site's destinations (add, edit, test, rotate a webhook's secret), the delivery log of
// each with retries, the banner on a site's pages when deliveries failed, and each lead's delivery status.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import {
  DESTINATION_KINDS,
  type Delivery,
  type Destination,
  type DestinationInput,
  type DestinationKind,
  deliveryApi,
  type TestAnswer,
} from '../api/delivery.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { errorMeaning } from '../destinations/error-words.ts';
import { KindPicker } from '../destinations/kind-picker.tsx';
import {
  SecretFields,
  SettingsFields,
  settingLabel,
  settingsOf,
  type Typed,
  typedOf,
} from '../destinations/settings-fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../model/insights.ts';
import { useSession } from '../session.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { Icon } from '../shell/icons.tsx';
import { PageHeading } from './heading.tsx';

const VENDORS: readonly DestinationKind[] = ['mailchimp', 'klaviyo', 'hubspot'];
/** The first kinds keep their own form; the others are asked for as their kind declares (settings-fields.tsx). */
const OWN_FORM: readonly DestinationKind[] = ['webhook', 'email', ...VENDORS];
const kindsKey = (clientId: string) => ['destination-kinds', clientId];
const sitePath = (clientId: string) => `/sites/${encodeURIComponent(clientId)}`;
const destinationsKey = (clientId: string) => ['destinations', clientId];

/** `email=EMAIL` lines to a mapping, and back (our names are docs/integrations.md's "Field names"). */
export function readFieldMap(text: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    const ours = line.slice(0, at).trim();
    const theirs = line.slice(at + 1).trim();
    if (at > 0 && ours && theirs) map[ours] = theirs;
  }
  return map;
}
const writeFieldMap = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([ours, theirs]) => `${ours}=${theirs}`)
    .join('\n');

function DestinationForm({
  clientId,
  editing,
  onClose,
  onSecret,
}: {
  clientId: string;
  editing: Destination | null;
  onClose(): void;
  onSecret(secret: string): void;
}) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const [kind, setKind] = useState<DestinationKind>(editing?.kind ?? 'webhook');
  const [name, setName] = useState(editing?.name ?? '');
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [url, setUrl] = useState(editing?.settings.url ?? '');
  const [batchLeads, setBatchLeads] = useState(editing?.settings.batchLeads === true);
  const [recipients, setRecipients] = useState((editing?.settings.to ?? []).join('\n'));
  const [listId, setListId] = useState(editing?.settings.listId ?? '');
  const [apiKey, setApiKey] = useState('');
  const [doubleOptIn, setDoubleOptIn] = useState(editing?.settings.doubleOptIn ?? false);
  const [tags, setTags] = useState((editing?.settings.tags ?? []).join(', '));
  const [fieldMap, setFieldMap] = useState(writeFieldMap(editing?.fieldMap ?? {}));
  const [consentField, setConsentField] = useState(editing?.settings.consentField ?? '');
  const [dailyDigest, setDailyDigest] = useState(editing?.settings.digest === 'daily');
  const kinds = useQuery({ queryKey: kindsKey(clientId), queryFn: () => deliveryApi.kinds(clientId) });
  const info = kinds.data?.kinds.find((each) => each.kind === kind);
  const [typed, setTyped] = useState<Typed>({});
  const [secretValues, setSecretValues] = useState<Record<string, string>>({});
  const chooseKind = (next: DestinationKind) => {
    setKind(next);
    const nextInfo = kinds.data?.kinds.find((each) => each.kind === next);
    setTyped(nextInfo ? typedOf(nextInfo, editing?.settings ?? {}) : {});
    setSecretValues({});
  };
  if (info && editing && Object.keys(typed).length === 0 && info.settings.length > 0 && !OWN_FORM.includes(kind))
    setTyped(typedOf(info, editing.settings));
  const [marketingPermissionId, setMarketingPermissionId] = useState(editing?.settings.marketingPermissionId ?? '');
  const [confirmedOnly, setConfirmedOnly] = useState(editing?.settings.confirmedOnly ?? false);
  const vendor = VENDORS.includes(kind);
  const generic = !OWN_FORM.includes(kind);
  const genericSecret = () => {
    if (!info) return {};
    if (info.secret.type === 'apiKey') return secretValues.apiKey ? { apiKey: secretValues.apiKey } : {};
    const given = Object.fromEntries(Object.entries(secretValues).filter(([, value]) => value.trim() !== ''));
    return info.secret.type === 'credentials' && Object.keys(given).length > 0 ? { credentials: given } : {};
  };
  const save = useMutation({
    mutationFn: () => {
      if (generic && info) {
        const input = {
          name,
          enabled,
          settings: {
            ...settingsOf(info, typed),
            ...(consentField.trim() ? { consentField: consentField.trim() } : {}),
            ...(confirmedOnly ? { confirmedOnly } : {}),
          },
          fieldMap: readFieldMap(fieldMap),
          ...genericSecret(),
        };
        return editing
          ? deliveryApi.updateDestination(clientId, editing.id, input)
          : deliveryApi.createDestination(clientId, { kind, ...input } as DestinationInput);
      }
      const settings =
        kind === 'webhook'
          ? { url, ...(batchLeads ? { batchLeads } : {}) }
          : kind === 'email'
            ? {
                to: recipients
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean),
                digest: dailyDigest ? ('daily' as const) : ('each' as const),
              }
            : {
                ...(kind === 'hubspot' ? {} : { listId }),
                ...(kind === 'mailchimp'
                  ? {
                      doubleOptIn,
                      marketingPermissionId: marketingPermissionId.trim(),
                      tags: tags
                        .split(',')
                        .map((tag) => tag.trim())
                        .filter(Boolean),
                    }
                  : {}),
                consentField: consentField.trim(),
              };
      const input = {
        name,
        enabled,
        settings: {
          ...settings,
          ...(kind === 'webhook' ? { consentField: consentField.trim() } : {}),
          ...(confirmedOnly && kind !== 'visitor_email' ? { confirmedOnly } : {}),
        },
        fieldMap: readFieldMap(fieldMap),
        ...(vendor && apiKey ? { apiKey } : {}),
      };
      return editing
        ? deliveryApi.updateDestination(clientId, editing.id, input)
        : deliveryApi.createDestination(clientId, { kind, ...input } as DestinationInput);
    },
    onSuccess: async (answer) => {
      const { secret } = answer as { secret?: string };
      if (secret) onSecret(secret);
      await client.invalidateQueries({ queryKey: destinationsKey(clientId) });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open title={editing ? t('editDestination') : t('addDestination')} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        {!editing && kinds.data && <KindPicker kinds={kinds.data.kinds} value={kind} onChange={chooseKind} />}
        {!editing && !kinds.data && (
          <label>
            {t('destinationKind')}
            <select value={kind} onChange={(event) => chooseKind(event.target.value as DestinationKind)}>
              {DESTINATION_KINDS.map((each) => (
                <option key={each} value={each}>
                  {t(`kind_${each}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {generic && info && (
          <>
            <SettingsFields kind={info} typed={typed} onChange={setTyped} />
            <SecretFields kind={info} editing={editing !== null} values={secretValues} onChange={setSecretValues} />
          </>
        )}
        <label>
          {t('destinationName')}
          <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
          {t('enabled')}
        </label>
        {kind === 'webhook' && (
          <label>
            {t('webhookUrl')}
            <input
              required
              type="url"
              maxLength={2000}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              dir="ltr"
            />
          </label>
        )}
        {kind === 'webhook' && (
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                checked={batchLeads}
                aria-describedby="batch-leads-hint"
                onChange={(event) => setBatchLeads(event.target.checked)}
              />{' '}
              {t('batchLeads')}
            </label>
            <p className="hint" id="batch-leads-hint">
              {t('batchLeadsHint')}
            </p>
          </div>
        )}
        {kind === 'email' && (
          <>
            <label>
              {t('recipients')}
              <textarea
                required
                rows={3}
                value={recipients}
                onChange={(event) => setRecipients(event.target.value)}
                dir="ltr"
              />
            </label>
            <label className="check">
              <input type="checkbox" checked={dailyDigest} onChange={(event) => setDailyDigest(event.target.checked)} />{' '}
              {t('dailyDigest')}
            </label>
          </>
        )}
        {vendor && kind !== 'hubspot' && (
          <label>
            {t('listId')}
            <input
              required
              maxLength={100}
              value={listId}
              onChange={(event) => setListId(event.target.value)}
              dir="ltr"
            />
          </label>
        )}
        {vendor && (
          <label>
            {editing ? t('apiKeyKept') : t('apiKey')}
            <input
              type="password"
              autoComplete="off"
              required={!editing}
              maxLength={300}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              dir="ltr"
            />
          </label>
        )}
        {kind === 'mailchimp' && (
          <>
            <label className="check">
              <input type="checkbox" checked={doubleOptIn} onChange={(event) => setDoubleOptIn(event.target.checked)} />{' '}
              {t('doubleOptIn')}
            </label>
            <label>
              {t('tags')}
              <input maxLength={500} value={tags} onChange={(event) => setTags(event.target.value)} />
            </label>
            <label>
              {t('marketingPermissionId')}
              <input
                maxLength={100}
                dir="ltr"
                value={marketingPermissionId}
                onChange={(event) => setMarketingPermissionId(event.target.value)}
              />
            </label>
          </>
        )}
        {kind !== 'email' && kind !== 'visitor_email' && (
          <>
            <label>
              {t('fieldMapping')}
              <textarea
                rows={3}
                value={fieldMap}
                onChange={(event) => setFieldMap(event.target.value)}
                aria-describedby="field-map-help"
                placeholder={'email=EMAIL\nfirst_name=FNAME'}
                dir="ltr"
              />
            </label>
            <small id="field-map-help">{t('fieldMappingHelp')}</small>
            <label>
              {t('consentField')}
              <input
                maxLength={100}
                value={consentField}
                onChange={(event) => setConsentField(event.target.value)}
                dir="ltr"
              />
            </label>
          </>
        )}
        {kind !== 'visitor_email' && (
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                checked={confirmedOnly}
                aria-describedby="confirmed-only-hint"
                onChange={(event) => setConfirmedOnly(event.target.checked)}
              />{' '}
              {t('confirmedOnly')}
            </label>
            <p className="hint" id="confirmed-only-hint">
              {t('confirmedOnlyHint')}
            </p>
          </div>
        )}
        <ErrorText
          error={save.error}
          labels={{
            kind: t('destinationKind'),
            name: t('destinationName'),
            'settings.url': t('webhookUrl'),
            'settings.to': t('recipients'),
            'settings.listId': t('listId'),
            'settings.tags': t('tags'),
            'settings.consentField': t('consentField'),
            apiKey: t('apiKey'),
            fieldMap: t('fieldMapping'),
            ...Object.fromEntries(
              (generic && info ? info.settings : []).map((field) => [
                `settings.${field.name}`,
                settingLabel(t, field.name),
              ]),
            ),
            ...Object.fromEntries(
              (info?.secret.type === 'credentials' ? info.secret.fields : []).map((field) => [
                `credentials.${field.name}`,
                settingLabel(t, field.name),
              ]),
            ),
          }}
        />
        <div className="actions">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={save.isPending}>
            {t('saveDestination')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

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
    onSuccess: () => client.invalidateQueries({ queryKey: destinationsKey(clientId) }),
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
        message={confirm === 'rotate' ? t('rotateConfirm') : t('deleteDestinationConfirm')}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === 'rotate' ? rotate.mutate() : remove.mutate())}
      />
    </li>
  );
}

export function DestinationsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const destinations = useQuery({
    queryKey: destinationsKey(clientId),
    queryFn: () => deliveryApi.destinations(clientId),
  });
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

function DeliveryStatusText({ delivery }: { delivery: Delivery }) {
  const { t } = useLanguage();
  return <span className={`status-${delivery.status}`}>{t(`status_${delivery.status}`)}</span>;
}

export function DeliveryLogPage({ clientId, destinationId }: { clientId: string; destinationId: number }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const [onlyFailed, setOnlyFailed] = useState(false);
  const destinations = useQuery({
    queryKey: destinationsKey(clientId),
    queryFn: () => deliveryApi.destinations(clientId),
  });
  const destination = destinations.data?.destinations.find((each) => each.id === destinationId);
  const logKey = ['deliveries', clientId, destinationId, onlyFailed];
  const log = useQuery({
    queryKey: logKey,
    queryFn: () => deliveryApi.deliveries(clientId, destinationId, onlyFailed ? 'failed' : undefined),
    // The log stays on screen, marked busy, while the other filter loads: no flash of an empty page.
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['deliveries', clientId, destinationId] }),
      client.invalidateQueries({ queryKey: destinationsKey(clientId) }),
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
                <td data-label={t('when')}>{new Date(delivery.createdAt).toLocaleString()}</td>
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
  const { t } = useLanguage();
  const destinations = useQuery({
    queryKey: destinationsKey(clientId),
    queryFn: () => deliveryApi.destinations(clientId),
    // A destination that starts failing is shown within a minute.
    refetchInterval: 60_000,
  });
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
                  .replace('{time}', new Date(destination.failingSince).toLocaleString())
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
  const deliveries = useQuery({
    queryKey: ['lead-deliveries', clientId, leadId],
    queryFn: () => deliveryApi.leadDeliveries(clientId, leadId),
  });
  const destinations = useQuery({
    queryKey: destinationsKey(clientId),
    queryFn: () => deliveryApi.destinations(clientId),
  });
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
