import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  addMonths,
  buildMonthGrid,
  clampDate,
  type DateBounds,
  dayLabel,
  isWithinBounds,
  monthTitle,
  moveCalendarFocus,
  weekdayNames,
} from '../../core/forms/calendar.ts';
import {
  type CalendarDate,
  calendarDateOf,
  formatDayMonthYear,
  formatIsoDate,
  parseFieldDate,
} from '../../core/forms/date.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { listenSafely } from '../../core/safety.ts';
import { useFieldStyles } from './field-styles.ts';

export interface DatePickerProps {
  /** The template's date input; it shows dd/mm/yyyy and opens the calendar. */
  input: HTMLInputElement;
  language: Language;
  bounds: DateBounds;
  rtl: boolean;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** The calendar of a date field (widget §5): a non-modal dialog with a grid, driven by the calendar model. */
export function DatePicker({ input, language, bounds, rtl }: DatePickerProps): React.JSX.Element {
  useFieldStyles(input);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<CalendarDate>(() => calendarDateOf(new Date()));
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const label = translate(language, 'datePickerLabel');

  const openPicker = useCallback(() => {
    const selected = parseFieldDate(input.value);
    setFocused(clampDate(selected ?? calendarDateOf(new Date()), bounds));
    setOpen(true);
  }, [input, bounds]);

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) input.focus();
    },
    [input],
  );

  // The field itself opens the calendar: a click, or Enter, Space or ArrowDown on the keyboard.
  useEffect(() => {
    const onClick = () => {
      if (input.readOnly) openPicker();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key) || (!input.readOnly && event.key === ' ')) return;
      event.preventDefault();
      openPicker();
    };
    const cleanups = [listenSafely(input, 'click', onClick), listenSafely<KeyboardEvent>(input, 'keydown', onKeyDown)];
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [input, openPicker]);

  // Focus follows the focused day (roving tabindex); leaving the field and the calendar closes it.
  useLayoutEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  }, [open, focused]);

  useEffect(() => {
    if (!open) return;
    const wrapper = input.parentElement;
    const root = input.getRootNode() as Document | ShadowRoot;
    const onPointerDown = (event: Event) => {
      if (wrapper && !event.composedPath().includes(wrapper)) close(false);
    };
    return listenSafely(root, 'pointerdown', onPointerDown);
  }, [open, input, close]);

  const month = buildMonthGrid(focused.year, focused.month, {
    ...bounds,
    focused,
    selected: parseFieldDate(input.value),
    today: calendarDateOf(new Date()),
  });
  const shortNames = useMemo(() => weekdayNames(language, 0, 'short'), [language]);
  const longNames = useMemo(() => weekdayNames(language, 0, 'long'), [language]);

  const choose = (date: CalendarDate) => {
    if (!isWithinBounds(date, bounds)) return;
    input.value = formatDayMonthYear(date);
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    close(true);
  };

  const onGridKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(focused);
      return;
    }
    const next = moveCalendarFocus(focused, event.key, { ...bounds, rtl, shiftKey: event.shiftKey });
    if (!next) return;
    event.preventDefault();
    setFocused(next);
  };

  const onDialogKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape closes the calendar only, not the pop-up around it.
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  const step = (months: number) => setFocused(clampDate(addMonths(focused, months), bounds));

  return (
    <>
      <button
        type="button"
        className="poptin-date-button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close(true) : openPicker())}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      {open && (
        <div
          ref={dialogRef}
          className="poptin-calendar"
          role="dialog"
          aria-modal="false"
          aria-label={label}
          onKeyDown={onDialogKeyDown}
        >
          <div className="poptin-calendar-header">
            <button
              type="button"
              className="poptin-calendar-step"
              aria-label={translate(language, 'previousMonth')}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">{rtl ? '›' : '‹'}</span>
            </button>
            <div id={titleId} className="poptin-calendar-title" aria-live="polite">
              {monthTitle(month.year, month.month, language)}
            </div>
            <button
              type="button"
              className="poptin-calendar-step"
              aria-label={translate(language, 'nextMonth')}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">{rtl ? '‹' : '›'}</span>
            </button>
          </div>
          <table role="grid" aria-labelledby={titleId} onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {shortNames.map((name, column) => (
                  <th key={column} scope="col" abbr={longNames[column]}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week) => (
                <tr key={formatIsoDate(week[0].date)}>
                  {week.map((cell) => (
                    <td
                      key={formatIsoDate(cell.date)}
                      role="gridcell"
                      data-date={formatIsoDate(cell.date)}
                      tabIndex={cell.isFocused ? 0 : -1}
                      aria-label={dayLabel(cell.date, language)}
                      aria-selected={cell.isSelected}
                      aria-disabled={cell.isDisabled || undefined}
                      aria-current={cell.isToday ? 'date' : undefined}
                      className={cell.inMonth ? undefined : 'is-outside'}
                      onClick={(event) => {
                        // Inside a <label>, the click would also be forwarded to the input and reopen the calendar.
                        event.preventDefault();
                        choose(cell.date);
                      }}
                    >
                      {cell.date.day}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
