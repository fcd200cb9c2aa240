import { type FieldKind, fieldKindOf } from '../../core/forms/field-kind.ts';
import type { FormField } from '../../core/forms/form-field.ts';

export type FieldControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A form field as `poptin-submit` carries it: the library's FormField, with its basics always filled. */
export interface SubmittedField extends FormField {
  required: boolean;
  placeholder: string;
  validation: string;
}

const NOT_FIELDS = new Set(['submit', 'button', 'reset', 'image', 'file']);

/** The named inputs of a template form, in document order (the widget's own controls carry no name). */
export function formControls(form: ParentNode): FieldControl[] {
  return Array.from(form.querySelectorAll<FieldControl>('input[name], select[name], textarea[name]')).filter(
    (control) => !(control instanceof HTMLInputElement && NOT_FIELDS.has(control.type)) && control.name !== '',
  );
}

/** The type the template gave the control; the widget may have switched it (number and date inputs become text). */
export function originalType(control: FieldControl): string {
  if (control.dataset.poptinType) return control.dataset.poptinType;
  return control instanceof HTMLInputElement ? control.type : control.tagName.toLowerCase();
}

export function kindOf(control: FieldControl): FieldKind {
  return fieldKindOf(control.name, originalType(control));
}

export function isCheckable(control: FieldControl): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
}

export function readField(control: FieldControl): SubmittedField {
  const data = control.dataset;
  const field: SubmittedField = {
    name: control.name,
    type: originalType(control),
    value: control.value,
    required: control.required,
    placeholder: 'placeholder' in control ? control.placeholder : '',
    validation: control.getAttribute('data-validation') ?? '',
  };
  if (isCheckable(control)) {
    field.checked = control.checked;
    const label = control.labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim();
    if (label) field.label = label;
  }
  if (data.phoneCountry) field.phoneCountry = data.phoneCountry;
  // Field record properties of widget §3, when the owner's editor wrote them into the template.
  if (data.fieldId) field.id = data.fieldId;
  if (data.createdAs) field.createdAs = data.createdAs;
  if (data.createdVersion) field.createdVersion = data.createdVersion;
  if (data.propertyName) field.propertyName = data.propertyName;
  return field;
}

/** The controls answering the same question: a checkbox or radio group shares its name within the form. */
export function groupOf(control: FieldControl): FieldControl[] {
  if (!isCheckable(control) || !control.form) return [control];
  return formControls(control.form).filter((other) => other.name === control.name && isCheckable(other));
}
