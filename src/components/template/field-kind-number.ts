// Number fields (widget §5): a chunk of their own (field-kinds.ts).

import { isAllowedNumberKey, normalizeNumberOnBlur, numberRule } from '../../core/forms/number-input.ts';
import { setType } from './field-enhance.ts';
import type { FieldKindModule } from './field-kind-module.ts';

export const numberKind: FieldKindModule = {
  rules: { number: numberRule },
  enhance(controls) {
    for (const input of controls) {
      if (!(input instanceof HTMLInputElement)) continue;
      // As text, so the rules of widget §5 see what was typed: a number input reports "." as empty.
      setType(input, 'text');
      input.inputMode = 'decimal';
    }
    return [];
  },
  keydown(_input, event) {
    if (!isAllowedNumberKey(event.key, event)) event.preventDefault();
  },
  focusout(input) {
    input.value = normalizeNumberOnBlur(input.value);
  },
};
