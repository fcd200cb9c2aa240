// A destination as its form edits it, and what the form sends: the owner's text (one recipient per line, tags by
// commas, `email=EMAIL` mapping lines) read into the owner API's input. Kept apart from the view so it reads alone.
import type { Destination, DestinationInput, DestinationKind, DestinationKindInfo } from '../api/delivery.ts';
import { settingsOf, type Typed } from './settings-fields.tsx';

export const VENDORS: readonly DestinationKind[] = ['mailchimp', 'klaviyo', 'hubspot'];
/** The first kinds keep their own form; the others are asked for as their kind declares (settings-fields.tsx). */
export const OWN_FORM: readonly DestinationKind[] = ['webhook', 'email', ...VENDORS];

export interface DestinationDraft {
  name: string;
  enabled: boolean;
  url: string;
  batchLeads: boolean;
  /** One address per line. */
  recipients: string;
  dailyDigest: boolean;
  listId: string;
  /** Empty keeps the stored key when editing. */
  apiKey: string;
  doubleOptIn: boolean;
  /** Comma separated. */
  tags: string;
  marketingPermissionId: string;
  /** `ours=theirs` lines. */
  fieldMap: string;
  consentField: string;
  confirmedOnly: boolean;
}

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

const listOf = (text: string, separator: string) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

export function draftOf(editing: Destination | null): DestinationDraft {
  const settings = editing?.settings;
  return {
    name: editing?.name ?? '',
    enabled: editing?.enabled ?? true,
    url: settings?.url ?? '',
    batchLeads: settings?.batchLeads === true,
    recipients: (settings?.to ?? []).join('\n'),
    dailyDigest: settings?.digest === 'daily',
    listId: settings?.listId ?? '',
    apiKey: '',
    doubleOptIn: settings?.doubleOptIn ?? false,
    tags: (settings?.tags ?? []).join(', '),
    marketingPermissionId: settings?.marketingPermissionId ?? '',
    fieldMap: writeFieldMap(editing?.fieldMap ?? {}),
    consentField: settings?.consentField ?? '',
    confirmedOnly: settings?.confirmedOnly ?? false,
  };
}

/** The settings of the kinds that keep their own form. */
function ownFormSettings(kind: DestinationKind, draft: DestinationDraft): Record<string, unknown> {
  if (kind === 'webhook')
    return {
      url: draft.url,
      ...(draft.batchLeads ? { batchLeads: true } : {}),
      consentField: draft.consentField.trim(),
    };
  if (kind === 'email') return { to: listOf(draft.recipients, '\n'), digest: draft.dailyDigest ? 'daily' : 'each' };
  return {
    ...(kind === 'hubspot' ? {} : { listId: draft.listId }),
    ...(kind === 'mailchimp'
      ? {
          doubleOptIn: draft.doubleOptIn,
          marketingPermissionId: draft.marketingPermissionId.trim(),
          tags: listOf(draft.tags, ','),
        }
      : {}),
    consentField: draft.consentField.trim(),
  };
}

/** A kind described by the server (settings-fields.tsx): its settings as typed, and its secret when one was given. */
function describedKindInput(
  info: DestinationKindInfo,
  draft: DestinationDraft,
  typed: Typed,
  secrets: Record<string, string>,
) {
  const consentField = draft.consentField.trim();
  const given = Object.fromEntries(Object.entries(secrets).filter(([, value]) => value.trim() !== ''));
  const secret =
    info.secret.type === 'apiKey'
      ? secrets.apiKey
        ? { apiKey: secrets.apiKey }
        : {}
      : info.secret.type === 'credentials' && Object.keys(given).length > 0
        ? { credentials: given }
        : {};
  return {
    settings: {
      ...settingsOf(info, typed),
      ...(consentField ? { consentField } : {}),
      ...(draft.confirmedOnly ? { confirmedOnly: true } : {}),
    },
    ...secret,
  };
}

/** What the form sends to create a destination of `kind`, or to update it (the kind then is the stored one's). */
export function destinationInput(
  kind: DestinationKind,
  draft: DestinationDraft,
  described: { info: DestinationKindInfo; typed: Typed; secrets: Record<string, string> } | null,
): Omit<DestinationInput, 'kind'> {
  const common = { name: draft.name, enabled: draft.enabled, fieldMap: readFieldMap(draft.fieldMap) };
  if (!OWN_FORM.includes(kind) && described)
    return { ...common, ...describedKindInput(described.info, draft, described.typed, described.secrets) } as Omit<
      DestinationInput,
      'kind'
    >;
  return {
    ...common,
    settings: {
      ...ownFormSettings(kind, draft),
      ...(draft.confirmedOnly && kind !== 'visitor_email' ? { confirmedOnly: true } : {}),
    },
    ...(VENDORS.includes(kind) && draft.apiKey ? { apiKey: draft.apiKey } : {}),
  } as Omit<DestinationInput, 'kind'>;
}
