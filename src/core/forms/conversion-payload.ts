import { type FieldKind, fieldKindOf } from './field-kind.ts';
import {
  type FieldGroup,
  type FormField,
  groupFields,
  groupValue,
  isChoiceKind,
  isGroupEmpty,
  isTicked,
} from './form-field.ts';

/** A field record as newExtraFields carries it (widget §3). */
export interface ExtraFieldRecord {
  id: string;
  type: string;
  name: string;
  placeholder: string;
  value: string;
  created_as: string;
  created_version: string;
  property_name: string;
}

/** The form part of the conversion body (widget §7 `POST /api/display/conversion/{viewer_id}`). */
export interface ConversionFormFields {
  email: string;
  name: string;
  phone: string;
  message: string;
  /** Ticked values of the Checkbox group, comma-separated. */
  checkbox: string;
  /** Whether the consent box is ticked. */
  checkbox_checked: 'yes' | 'no';
  /**
   * Sent when the form has a consent box: its `checkbox_checked: 'no'` then says the visitor left it unticked, where
   * without it (a form with no box) it says nothing of consent.
   */
  consent_shown?: 'yes';
  /** The consent box's label as the visitor read it, for the owner's consent record. */
  consent_text?: string;
  /** JSON list of ExtraFieldRecord for every other field. */
  newExtraFields: string;
}

// The first field of each of these kinds is sent as its own raw value; later ones are extra fields.
const RAW_KINDS = ['email', 'name', 'phone', 'message', 'checkbox'] as const;
type RawKind = (typeof RAW_KINDS)[number];

function isRawKind(kind: FieldKind): kind is RawKind {
  return (RAW_KINDS as readonly string[]).includes(kind);
}

function extraFieldRecord(group: FieldGroup): ExtraFieldRecord {
  const field = group.fields[0];
  return {
    id: field.id ?? field.name,
    type: field.type,
    name: field.name,
    placeholder: field.placeholder ?? '',
    value: groupValue(group),
    created_as: field.createdAs ?? '',
    created_version: field.createdVersion ?? '',
    property_name: field.propertyName ?? field.name,
  };
}

/** Splits the form into the raw values and newExtraFields of the conversion body. */
export function buildConversionFields(fields: readonly FormField[]): ConversionFormFields {
  const raw: Record<RawKind, string | null> = { email: null, name: null, phone: null, message: null, checkbox: null };
  const extra: ExtraFieldRecord[] = [];
  let consentTicked = false;
  let consentShown = false;
  let consentText: string | undefined;
  for (const group of groupFields(fields)) {
    if (group.kind === 'consent') {
      consentShown = true;
      consentText ??= group.fields[0].label;
      consentTicked ||= !isGroupEmpty(group);
    } else if (isRawKind(group.kind) && raw[group.kind] === null) {
      raw[group.kind] = groupValue(group).trim();
    } else {
      extra.push(extraFieldRecord(group));
    }
  }
  return {
    email: raw.email ?? '',
    name: raw.name ?? '',
    phone: raw.phone ?? '',
    message: raw.message ?? '',
    checkbox: raw.checkbox ?? '',
    checkbox_checked: consentTicked ? 'yes' : 'no',
    ...(consentShown ? { consent_shown: 'yes' as const } : {}),
    ...(consentText ? { consent_text: consentText } : {}),
    newExtraFields: JSON.stringify(extra),
  };
}

/**
 * The name/value pairs a redirect carries when poptin_design_redirect_send_form_data is on: every filled
 * field, and each ticked box of a group under the group's name. Feed them to appendFormData.
 */
export function redirectFormData(fields: readonly FormField[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const field of fields) {
    if (field.name === '') continue;
    if (isChoiceKind(fieldKindOf(field.name, field.type))) {
      if (isTicked(field)) pairs.push([field.name, field.value || 'yes']);
    } else if (field.value.trim() !== '') {
      pairs.push([field.name, field.value.trim()]);
    }
  }
  return pairs;
}
