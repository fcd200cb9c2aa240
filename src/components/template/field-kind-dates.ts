// Date and birthday fields (widget §5): dd/mm/yyyy with a picker; a chunk of their own (field-kinds.ts).

import { birthdayRule } from '../../core/forms/birthday.ts';
import type { DateBounds } from '../../core/forms/calendar.ts';
import { addDays, calendarDateOf, dateRule, formatDayMonthYear, parseFieldDate } from '../../core/forms/date.ts';
import { kindOf } from './field-dom.ts';
import { addonKey, type FieldAddon, setType, slotIn, wrap } from './field-enhance.ts';
import type { FieldKindModule } from './field-kind-module.ts';

export const DATE_PLACEHOLDER = 'dd/mm/yyyy';

function dateBounds(input: HTMLInputElement): DateBounds {
  const read = (value: string | undefined) => (value ? parseFieldDate(value) : null);
  return { min: read(input.dataset.min ?? input.min), max: read(input.dataset.max ?? input.max) };
}

function datePicker(input: HTMLInputElement, bounds: DateBounds, readOnly: boolean): FieldAddon {
  const iso = parseFieldDate(input.value);
  setType(input, 'text');
  if (iso) input.value = formatDayMonthYear(iso);
  input.readOnly = readOnly;
  input.autocomplete = 'off';
  input.placeholder ||= DATE_PLACEHOLDER;
  input.setAttribute('aria-haspopup', 'dialog');
  const wrapper = wrap(input, 'poptin-date');
  return { key: addonKey(), kind: 'date-picker', input, slot: slotIn(wrapper, 'end'), bounds };
}

export const datesKind: FieldKindModule = {
  rules: { date: dateRule, birthday: birthdayRule },
  enhance(controls, { now }) {
    const today = calendarDateOf(now());
    return controls.flatMap((input) => {
      if (!(input instanceof HTMLInputElement)) return [];
      const bounds = dateBounds(input);
      // A birthday is typed or picked, and lies before today (widget §5).
      return kindOf(input) === 'birthday'
        ? [datePicker(input, { min: bounds.min, max: addDays(today, -1) }, false)]
        : [datePicker(input, bounds, true)];
    });
  },
};
