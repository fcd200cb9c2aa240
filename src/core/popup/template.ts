/** Field values of a template form, by input name, as the conversion call sends them raw (widget §7). */
export interface CollectedField {
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  required: boolean;
  placeholder: string;
  validation: string;
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function collectFields(form: ParentNode): CollectedField[] {
  const controls = Array.from(form.querySelectorAll<FormControl>('input[name], select[name], textarea[name]'));
  return controls
    .filter((control) => !(control instanceof HTMLInputElement && (control.type === 'submit' || control.type === 'button')))
    .map((control) => ({
      name: control.name,
      type: control instanceof HTMLInputElement ? control.type : control.tagName.toLowerCase(),
      value: control.value,
      checked: control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? control.checked : undefined,
      required: control.required,
      placeholder: 'placeholder' in control ? (control.placeholder ?? '') : '',
      validation: control.getAttribute('data-validation') ?? '',
    }));
}
