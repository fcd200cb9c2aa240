/**
 * The fields of a template's form (inside its data-poptin-part="fields" container), named as the widget names them
 * (widget §3, src/core/forms): listed, added, removed, moved, made required, given a validation mode.
 */
import { parse, serialize } from './dom.ts';

export const FIELD_KINDS = ['email', 'name', 'first-name', 'last-name', 'phone', 'date', 'checkbox', 'text'] as const;
export type NewFieldKind = (typeof FIELD_KINDS)[number];

interface FieldShape {
  name: string;
  type: string;
  autocomplete?: string;
  validation?: string;
}

const SHAPES: Record<NewFieldKind, FieldShape> = {
  email: { name: 'Email', type: 'email', autocomplete: 'email', validation: 'check-typos' },
  name: { name: 'Name', type: 'text', autocomplete: 'name' },
  'first-name': { name: 'FirstName', type: 'text', autocomplete: 'given-name' },
  'last-name': { name: 'LastName', type: 'text', autocomplete: 'family-name' },
  phone: { name: 'Phone', type: 'tel', autocomplete: 'tel', validation: 'basic' },
  date: { name: 'Date', type: 'date' },
  checkbox: { name: 'Checkbox', type: 'checkbox' },
  text: { name: 'Text', type: 'text' },
};

/** Validation modes by the field they apply to (widget §5). */
export const VALIDATIONS_FOR: Partial<Record<string, readonly string[]>> = {
  email: ['check-typos', 'business-email', 'typos-business', 'no-validation'],
  tel: ['basic', 'international', 'advanced'],
};

export interface FormField {
  index: number;
  name: string;
  type: string;
  label: string;
  required: boolean;
  validation: string;
  /** The consent checkbox: its words are the consent part. */
  consent: boolean;
}

const CONTROL = 'input[name], select[name], textarea[name]';

function container(fragment: DocumentFragment): HTMLElement | null {
  return (
    Array.from(fragment.querySelectorAll<HTMLElement>('[data-poptin-part="fields"]')).find(
      (element) => element.closest('[data-poptin-screen]')?.getAttribute('data-poptin-screen') !== 'thank-you',
    ) ?? null
  );
}

interface Row {
  /** The nodes that move together: the control's row, or a bare control with its label[for]. */
  nodes: HTMLElement[];
  control: HTMLInputElement;
}

function rowsOf(box: HTMLElement): Row[] {
  const rows: Row[] = [];
  for (const control of Array.from(box.querySelectorAll<HTMLInputElement>(CONTROL))) {
    if (control.type === 'hidden' || control.type === 'submit') continue;
    let top: HTMLElement = control;
    // A form in steps (model/steps.ts) holds its rows in a section per step.
    while (top.parentElement && top.parentElement !== box && !top.parentElement.hasAttribute('data-poptin-step'))
      top = top.parentElement;
    if (rows.some((row) => row.nodes.includes(top))) continue;
    const label = control.id && top === control ? box.querySelector<HTMLElement>(`label[for="${control.id}"]`) : null;
    rows.push({ nodes: label && label.parentElement === top.parentElement ? [label, top] : [top], control });
  }
  return rows;
}

function labelText(row: Row): string {
  const control = row.control;
  const label =
    row.nodes.find((node) => node.tagName === 'LABEL') ?? (control.closest('label') as HTMLElement | null) ?? null;
  const words = label
    ? (label.querySelector('[data-poptin-part="consent"]') ?? label.querySelector('span') ?? label).textContent
    : null;
  return (words ?? control.getAttribute('placeholder') ?? control.getAttribute('aria-label') ?? '').trim();
}

export function readFields(html: string): FormField[] {
  const box = container(parse(html));
  if (!box) return [];
  return rowsOf(box).map((row, index) => ({
    index,
    name: row.control.getAttribute('name') ?? '',
    type: row.control.getAttribute('type') ?? row.control.tagName.toLowerCase(),
    label: labelText(row),
    required: row.control.hasAttribute('required'),
    validation: row.control.getAttribute('data-validation') ?? '',
    consent: row.control.getAttribute('name') === 'consent',
  }));
}

export const hasFieldsPart = (html: string): boolean => container(parse(html)) !== null;

function edit(html: string, change: (box: HTMLElement, rows: Row[]) => boolean): string {
  const fragment = parse(html);
  const box = container(fragment);
  if (!box || !change(box, rowsOf(box))) return html;
  return serialize(fragment);
}

/** A name not yet used in the form: Phone, then Phone2, Phone3… (the widget reads a running index as the same kind). */
function freeName(rows: Row[], name: string): string {
  const taken = new Set(rows.map((row) => row.control.getAttribute('name')));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name}${n}`)) n += 1;
  return `${name}${n}`;
}

/** The look of a new row: a copy of the form's first row of the same family (text-like or checkbox), else plain. */
function newRow(rows: Row[], shape: FieldShape, label: string, name: string): HTMLElement {
  const checkbox = shape.type === 'checkbox';
  const model = rows.find((row) => (row.control.type === 'checkbox') === checkbox && row.nodes.length === 1);
  const row = (model?.nodes[0]?.cloneNode(true) as HTMLElement | undefined) ?? document.createElement('label');
  let control = row.matches(CONTROL) ? row : row.querySelector(CONTROL);
  if (!control) {
    control = document.createElement('input');
    row.append(control);
  }
  const fresh = document.createElement('input');
  for (const attribute of Array.from(control.attributes))
    if (attribute.name === 'style' || attribute.name === 'class') fresh.setAttribute(attribute.name, attribute.value);
  fresh.setAttribute('type', shape.type);
  fresh.setAttribute('name', name);
  if (shape.autocomplete) fresh.setAttribute('autocomplete', shape.autocomplete);
  if (shape.validation) fresh.setAttribute('data-validation', shape.validation);
  control.replaceWith(fresh);
  const words = row.querySelector('[data-poptin-part="consent"]') ?? row.querySelector('span');
  if (words) {
    words.removeAttribute('data-poptin-part');
    words.textContent = label;
  } else if (row !== fresh) {
    const span = document.createElement('span');
    span.textContent = label;
    if (checkbox) fresh.after(' ', span);
    else fresh.before(span);
  }
  return row;
}

export function addField(html: string, kind: NewFieldKind, label: string): string {
  return edit(html, (box, rows) => {
    const shape = SHAPES[kind];
    const row = newRow(rows, shape, label, freeName(rows, shape.name));
    const last = rows.at(-1)?.nodes.at(-1);
    if (last) last.after(row);
    else box.prepend(row);
    return true;
  });
}

/** The consent checkbox, required, its words the consent part. */
export function addConsent(html: string, words: string): string {
  if (readFields(html).some((field) => field.consent)) return html;
  return edit(html, (box, rows) => {
    const row = newRow(rows, { name: 'consent', type: 'checkbox' }, words, 'consent');
    row.querySelector(CONTROL)?.setAttribute('required', '');
    const text = row.querySelector('span');
    text?.setAttribute('data-poptin-part', 'consent');
    const last = rows.at(-1)?.nodes.at(-1);
    if (last) last.after(row);
    else box.append(row);
    return true;
  });
}

export function removeField(html: string, index: number): string {
  return edit(html, (_box, rows) => {
    const row = rows[index];
    if (!row) return false;
    for (const node of row.nodes) node.remove();
    return true;
  });
}

/** Moves a field up (-1) or down (+1), past the neighbouring field's row. */
export function moveField(html: string, index: number, delta: -1 | 1): string {
  return edit(html, (_box, rows) => {
    const row = rows[index];
    const other = rows[index + delta];
    if (!row || !other) return false;
    if (delta < 0) other.nodes[0]?.before(...row.nodes);
    else other.nodes.at(-1)?.after(...row.nodes);
    return true;
  });
}

export function setField(
  html: string,
  index: number,
  change: { required?: boolean; validation?: string; label?: string },
): string {
  return edit(html, (_box, rows) => {
    const row = rows[index];
    if (!row) return false;
    const control = row.control;
    if (change.required !== undefined) control.toggleAttribute('required', change.required);
    if (change.validation !== undefined) {
      if (change.validation) control.setAttribute('data-validation', change.validation);
      else control.removeAttribute('data-validation');
    }
    if (change.label !== undefined) {
      const label = row.nodes.find((node) => node.tagName === 'LABEL') ?? control.closest('label');
      const words = label?.querySelector('[data-poptin-part="consent"]') ?? label?.querySelector('span') ?? null;
      if (words) words.textContent = change.label;
      else if (label && !label.querySelector(CONTROL)) label.textContent = change.label;
      else control.setAttribute('aria-label', change.label);
    }
    return true;
  });
}
