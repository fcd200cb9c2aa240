// What a kind of field's module (field-kind-*.ts, a chunk each) gives the form binding (field-kinds.ts).

import type { FormValidationOptions, KindRules } from '../../core/forms/form-check.ts';
import type { FieldControl, SubmittedField } from './field-dom.ts';
import type { EnhanceOptions, FieldAddon } from './field-enhance.ts';

/** What the forms of one pop-up hold of a kind's module beside its rules: what its rules read, and wait for. */
export interface KindBinding {
  /** What a submit of these fields waits for before the rules run (the phone library, the free-mail list). */
  wait?(controls: readonly FieldControl[]): Promise<unknown> | null;
  /** What its rules read. */
  options?(): FormValidationOptions;
  stop?(): void;
}

/** A kind of field's module: its rules, and what it does to its fields. */
export interface FieldKindModule {
  rules: KindRules;
  /** Prepares the fields of its kinds once (widget §5); the slots where the view draws its controls. */
  enhance?(controls: readonly FieldControl[], options: EnhanceOptions): FieldAddon[];
  /** As the visitor types into one of its fields, presses a key in it, enters it or leaves it. */
  input?(control: HTMLInputElement): void;
  keydown?(control: HTMLInputElement, event: KeyboardEvent): void;
  focusin?(control: HTMLInputElement): void;
  focusout?(control: HTMLInputElement): void;
  /** Its fields as the rules read them: called at a submit, before the rules run. */
  settle?(control: FieldControl): void;
  /** A field as the lead carries it. */
  submitted?(field: SubmittedField, control: FieldControl): SubmittedField;
  /** Bound once for the forms of a pop-up, as they are bound. */
  bind?(apiBase: string): KindBinding;
}
