// What each kind of destination asks for in its form (the kinds that keep their own form: webhook, e-mail, and the
// mailing-list vendors), and the field mapping most kinds share.
import type { DestinationKind } from '../api/delivery.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { DestinationDraft } from './destination-draft.ts';

export type Change = <K extends keyof DestinationDraft>(key: K, value: DestinationDraft[K]) => void;
interface PartProps {
  draft: DestinationDraft;
  change: Change;
}

export function CheckField({
  checked,
  onChange,
  label,
  hint,
  hintId,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  hint?: string;
  hintId?: string;
}) {
  const box = (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {label}
    </label>
  );
  if (!hint) return box;
  return (
    <div className="field">
      {box}
      <p className="hint" id={hintId}>
        {hint}
      </p>
    </div>
  );
}

export function WebhookFields({ draft, change }: PartProps) {
  const { t } = useLanguage();
  return (
    <>
      <label>
        {t('webhookUrl')}
        <input
          required
          type="url"
          maxLength={2000}
          value={draft.url}
          onChange={(event) => change('url', event.target.value)}
          dir="ltr"
        />
      </label>
      <CheckField
        checked={draft.batchLeads}
        onChange={(checked) => change('batchLeads', checked)}
        label={t('batchLeads')}
        hint={t('batchLeadsHint')}
        hintId="batch-leads-hint"
      />
    </>
  );
}

export function EmailFields({ draft, change }: PartProps) {
  const { t } = useLanguage();
  return (
    <>
      <label>
        {t('recipients')}
        <textarea
          required
          rows={3}
          value={draft.recipients}
          onChange={(event) => change('recipients', event.target.value)}
          dir="ltr"
        />
      </label>
      <CheckField
        checked={draft.dailyDigest}
        onChange={(checked) => change('dailyDigest', checked)}
        label={t('dailyDigest')}
      />
    </>
  );
}

export function VendorFields({
  kind,
  editing,
  draft,
  change,
}: PartProps & { kind: DestinationKind; editing: boolean }) {
  const { t } = useLanguage();
  return (
    <>
      {kind !== 'hubspot' && (
        <label>
          {t('listId')}
          <input
            required
            maxLength={100}
            value={draft.listId}
            onChange={(event) => change('listId', event.target.value)}
            dir="ltr"
          />
        </label>
      )}
      <label>
        {editing ? t('apiKeyKept') : t('apiKey')}
        <input
          type="password"
          autoComplete="off"
          required={!editing}
          maxLength={300}
          value={draft.apiKey}
          onChange={(event) => change('apiKey', event.target.value)}
          dir="ltr"
        />
      </label>
      {kind === 'mailchimp' && (
        <>
          <CheckField
            checked={draft.doubleOptIn}
            onChange={(checked) => change('doubleOptIn', checked)}
            label={t('doubleOptIn')}
          />
          <label>
            {t('tags')}
            <input maxLength={500} value={draft.tags} onChange={(event) => change('tags', event.target.value)} />
          </label>
          <label>
            {t('marketingPermissionId')}
            <input
              maxLength={100}
              dir="ltr"
              value={draft.marketingPermissionId}
              onChange={(event) => change('marketingPermissionId', event.target.value)}
            />
          </label>
        </>
      )}
    </>
  );
}

export function MappingFields({ draft, change }: PartProps) {
  const { t } = useLanguage();
  return (
    <>
      <label>
        {t('fieldMapping')}
        <textarea
          rows={3}
          value={draft.fieldMap}
          onChange={(event) => change('fieldMap', event.target.value)}
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
          value={draft.consentField}
          onChange={(event) => change('consentField', event.target.value)}
          dir="ltr"
        />
      </label>
    </>
  );
}
