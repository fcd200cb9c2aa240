// The settings and secret of a kind, as GET …/destination-kinds declares them: the vendors added after the first
// five are asked for this way, each field under its own label.
import type { DestinationKindInfo } from '../api/delivery.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';

/** A setting's value as the owner types it (lists comma-separated), and back. */
export type Typed = Record<string, string | boolean>;

export function typedOf(kind: DestinationKindInfo, settings: Record<string, unknown>): Typed {
  return Object.fromEntries(
    kind.settings.map((field) => {
      const value = settings[field.name];
      if (field.type === 'boolean') return [field.name, value === true];
      return [field.name, Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value)];
    }),
  );
}

export function settingsOf(kind: DestinationKindInfo, typed: Typed): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of kind.settings) {
    const value = typed[field.name];
    if (field.type === 'boolean') {
      if (value === true) settings[field.name] = true;
      continue;
    }
    const text = String(value ?? '').trim();
    if (text === '') continue;
    const list = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (field.type === 'strings') settings[field.name] = list;
    else if (field.type === 'integers') settings[field.name] = list.map(Number);
    else if (field.type === 'integer') settings[field.name] = Number(text);
    else settings[field.name] = text;
  }
  return settings;
}

/** The label of a setting or credential: its own words, else its name. */
export const settingLabel = (t: (key: StringKey) => string, name: string): string =>
  (t(`setting_${name}` as StringKey) as string | undefined) ?? name;

export function SettingsFields({
  kind,
  typed,
  onChange,
}: {
  kind: DestinationKindInfo;
  typed: Typed;
  onChange(typed: Typed): void;
}) {
  const { t } = useLanguage();
  return (
    <>
      {kind.settings
        .filter((field) => field.name !== 'consentField')
        .map((field) =>
          field.type === 'boolean' ? (
            <label key={field.name} className="check">
              <input
                type="checkbox"
                checked={typed[field.name] === true}
                onChange={(event) => onChange({ ...typed, [field.name]: event.target.checked })}
              />{' '}
              {settingLabel(t, field.name)}
            </label>
          ) : (
            <label key={field.name}>
              {settingLabel(t, field.name)}
              <input
                required={field.required}
                inputMode={field.type === 'integer' || field.type === 'integers' ? 'numeric' : undefined}
                value={String(typed[field.name] ?? '')}
                onChange={(event) => onChange({ ...typed, [field.name]: event.target.value })}
                dir="ltr"
              />
            </label>
          ),
        )}
    </>
  );
}

/** The secret a kind takes: one key (or Slack's webhook URL), or several credentials; written, never shown. */
export function SecretFields({
  kind,
  editing,
  values,
  onChange,
}: {
  kind: DestinationKindInfo;
  editing: boolean;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const { t } = useLanguage();
  const { secret } = kind;
  if (secret.type === 'apiKey')
    return (
      <label>
        {editing ? t('apiKeyKept') : kind.kind === 'slack' ? t('setting_webhookUrl') : t('apiKey')}
        <input
          type="password"
          autoComplete="off"
          required={!editing}
          maxLength={2000}
          value={values.apiKey ?? ''}
          onChange={(event) => onChange({ ...values, apiKey: event.target.value })}
          dir="ltr"
        />
      </label>
    );
  if (secret.type !== 'credentials') return null;
  return (
    <fieldset className="stack">
      <legend>{editing ? t('credentialsKept') : t('credentials')}</legend>
      {secret.fields.map((field) =>
        field.name === 'private_key' ? (
          <label key={field.name}>
            {settingLabel(t, field.name)}
            <textarea
              required={!editing && field.required}
              rows={3}
              autoComplete="off"
              value={values[field.name] ?? ''}
              onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
              dir="ltr"
            />
          </label>
        ) : (
          <label key={field.name}>
            {settingLabel(t, field.name)}
            <input
              type="password"
              autoComplete="off"
              required={!editing && field.required}
              value={values[field.name] ?? ''}
              onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
              dir="ltr"
            />
          </label>
        ),
      )}
    </fieldset>
  );
}
