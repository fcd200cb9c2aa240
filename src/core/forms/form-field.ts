import { type FieldKind, fieldKindOf } from './field-kind.ts';

/**
 * One input of a pop-up form as the view reads it from the template (widget §3 names, design §2
 * conventions). Checkboxes and radios that share a name are one group: one descriptor per box.
 */
export interface FormField {
  /** `name` attribute: Email, Name, FirstName, LastName, Phone, Checkbox, Website, Date, consent, a base field, or type+index. */
  name: string;
  /** `type` attribute (text, email, tel, number, checkbox, radio, date, url, hidden…), or "textarea"/"select". */
  type: string;
  /** Current value; for checkboxes and radios the box's own value. */
  value: string;
  required?: boolean;
  /** `data-validation`: business-email | check-typos | typos-business | no-validation | basic | international | advanced. */
  validation?: string | null;
  /** Checkboxes and radios: whether this box is ticked. */
  checked?: boolean;
  /** Checkboxes and radios: the text of the box's label, as shown (a consent box's is kept with the lead). */
  label?: string;
  /** International phones: the ISO code of the selected flag. */
  phoneCountry?: string | null;
  /** Field record properties sent in newExtraFields (widget §3); id and property_name default to the name. */
  id?: string;
  placeholder?: string;
  createdAs?: string;
  createdVersion?: string;
  propertyName?: string;
}

export function isTicked(field: FormField): boolean {
  return field.checked === true;
}

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set(['checkbox', 'radio', 'consent']);

/** Boxes that share a name and answer one question; every other field is a group of its own. */
export interface FieldGroup {
  kind: FieldKind;
  fields: FormField[];
  /** Positions of the group's fields in the list given. */
  indexes: number[];
}

/** Checkboxes, radios and consent: answered by ticking, not by typing. */
export function isChoiceKind(kind: FieldKind): boolean {
  return CHOICE_KINDS.has(kind);
}

export function isChoiceGroup(group: FieldGroup): boolean {
  return isChoiceKind(group.kind);
}

/** Empty: no box ticked, or for other fields a blank value. */
export function isGroupEmpty(group: FieldGroup): boolean {
  return isChoiceGroup(group) ? !group.fields.some(isTicked) : group.fields[0].value.trim() === '';
}

/** What a group sends: its value, or a choice group's ticked values, comma-separated. */
export function groupValue(group: FieldGroup): string {
  if (!isChoiceGroup(group)) return group.fields[0].value;
  return group.fields
    .filter(isTicked)
    .map((box) => box.value || 'yes')
    .join(', ');
}

export function groupFields(fields: readonly FormField[]): FieldGroup[] {
  const groups: FieldGroup[] = [];
  const choices = new Map<string, FieldGroup>();
  fields.forEach((field, index) => {
    const kind = fieldKindOf(field.name, field.type);
    const key = `${kind}\u0000${field.name}`;
    const existing = isChoiceKind(kind) ? choices.get(key) : undefined;
    if (existing) {
      existing.fields.push(field);
      existing.indexes.push(index);
      return;
    }
    const group = { kind, fields: [field], indexes: [index] };
    groups.push(group);
    if (isChoiceKind(kind)) choices.set(key, group);
  });
  return groups;
}
