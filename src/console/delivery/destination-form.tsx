// The dialog that adds or edits a destination: the kind, then what that kind asks for, then the mapping of fields.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  DESTINATION_KINDS,
  type Destination,
  type DestinationInput,
  type DestinationKind,
  deliveryApi,
} from '../api/delivery.ts';
import { Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { destinationInput, draftOf, OWN_FORM, VENDORS } from './destination-draft.ts';
import { type Change, CheckField, EmailFields, MappingFields, VendorFields, WebhookFields } from './kind-fields.tsx';
import { KindPicker } from './kind-picker.tsx';
import { destinationKindsQuery, destinationsQuery } from './queries.ts';
import { SecretFields, SettingsFields, settingLabel, type Typed, typedOf } from './settings-fields.tsx';

export function DestinationForm({
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
  const [draft, setDraft] = useState(() => draftOf(editing));
  const change: Change = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  const kinds = useQuery(destinationKindsQuery(clientId));
  const info = kinds.data?.kinds.find((each) => each.kind === kind);
  const [typed, setTyped] = useState<Typed>({});
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const chooseKind = (next: DestinationKind) => {
    setKind(next);
    const nextInfo = kinds.data?.kinds.find((each) => each.kind === next);
    setTyped(nextInfo ? typedOf(nextInfo, editing?.settings ?? {}) : {});
    setSecrets({});
  };
  const described = !OWN_FORM.includes(kind);
  // An edited destination of a described kind shows its stored settings once its kind's description arrives.
  if (info && editing && described && Object.keys(typed).length === 0 && info.settings.length > 0)
    setTyped(typedOf(info, editing.settings));
  const save = useMutation({
    mutationFn: () => {
      const input = destinationInput(kind, draft, described && info ? { info, typed, secrets } : null);
      return editing
        ? deliveryApi.updateDestination(clientId, editing.id, input)
        : deliveryApi.createDestination(clientId, { kind, ...input } as DestinationInput);
    },
    onSuccess: async (answer) => {
      const { secret } = answer as { secret?: string };
      if (secret) onSecret(secret);
      await client.invalidateQueries({ queryKey: destinationsQuery(clientId).queryKey });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const describedLabels = (fields: { name: string }[], prefix: string) =>
    Object.fromEntries(fields.map((field) => [`${prefix}.${field.name}`, settingLabel(t, field.name)]));
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
        {described && info && (
          <>
            <SettingsFields kind={info} typed={typed} onChange={setTyped} />
            <SecretFields kind={info} editing={editing !== null} values={secrets} onChange={setSecrets} />
          </>
        )}
        <label>
          {t('destinationName')}
          <input required maxLength={100} value={draft.name} onChange={(event) => change('name', event.target.value)} />
        </label>
        <CheckField checked={draft.enabled} onChange={(checked) => change('enabled', checked)} label={t('enabled')} />
        {kind === 'webhook' && <WebhookFields draft={draft} change={change} />}
        {kind === 'email' && <EmailFields draft={draft} change={change} />}
        {VENDORS.includes(kind) && (
          <VendorFields kind={kind} editing={editing !== null} draft={draft} change={change} />
        )}
        {kind !== 'email' && kind !== 'visitor_email' && <MappingFields draft={draft} change={change} />}
        {kind !== 'visitor_email' && (
          <CheckField
            checked={draft.confirmedOnly}
            onChange={(checked) => change('confirmedOnly', checked)}
            label={t('confirmedOnly')}
            hint={t('confirmedOnlyHint')}
            hintId="confirmed-only-hint"
          />
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
            ...describedLabels(described && info ? info.settings : [], 'settings'),
            ...describedLabels(info?.secret.type === 'credentials' ? info.secret.fields : [], 'credentials'),
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
