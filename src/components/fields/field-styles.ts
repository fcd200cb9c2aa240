// The phone country list and the date picker, drawn under their field. The styles load with them (addon-views.ts).
import { useLayoutEffect } from 'react';
import { adoptStyles } from '../../core/adopted-styles.ts';

export const fieldStyles = `
.poptin-country-button, .poptin-date-button, .poptin-calendar-step {
  font: inherit; color: inherit; background: transparent; border: 1px solid #b9bcc6; border-radius: 8px; cursor: pointer;
}
.poptin-country-button { display: inline-flex; align-items: center; gap: 4px; padding: 0 10px; white-space: nowrap; }
.poptin-date-button { flex: 0 0 44px; margin-inline-start: -44px; border-color: transparent; display: inline-flex; align-items: center; justify-content: center; }
/* In the flow under their field, not floating: the panel scrolls, and would clip anything positioned out of it. */
.poptin-country-popup, .poptin-calendar {
  flex-basis: 100%; margin-block-start: 4px; box-sizing: border-box;
  background: var(--poptin-popover-background); color: var(--poptin-panel-color); border: 1px solid #b9bcc6; border-radius: 10px;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.18); padding: 8px; text-align: start;
}
.poptin-country-popup [role="listbox"] { list-style: none; margin: 6px 0 0; padding: 0; max-height: 220px; overflow: auto; }
.poptin-country-popup [role="option"] { display: flex; gap: 8px; padding: 8px; border-radius: 6px; cursor: pointer; font-size: 14px; }
.poptin-country-popup [role="option"].is-active { background: rgba(79, 70, 229, 0.12); outline: 2px solid var(--poptin-accent); outline-offset: -2px; }
.poptin-country-popup [role="option"][aria-selected="true"] { font-weight: 700; }
.poptin-country-code { opacity: 0.75; }
.poptin-country-empty { margin: 8px; font-size: 14px; }
.poptin-calendar { max-width: 320px; margin-inline-start: auto; }
.poptin-calendar-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 6px; }
.poptin-calendar-title { font-weight: 700; }
.poptin-calendar-step { width: 36px; height: 36px; }
.poptin-calendar table { width: 100%; border-collapse: collapse; table-layout: fixed; }
.poptin-calendar th { font-size: 12px; font-weight: 600; padding: 4px 0; opacity: 0.7; }
.poptin-calendar td { text-align: center; padding: 6px 0; border-radius: 6px; cursor: pointer; font-size: 14px; }
.poptin-calendar td.is-outside { opacity: 0.45; }
.poptin-calendar td[aria-current="date"] { font-weight: 700; }
.poptin-calendar td[aria-selected="true"] { background: var(--poptin-accent); color: #fff; }
.poptin-calendar td[aria-disabled="true"] { opacity: 0.3; cursor: not-allowed; }
.poptin-calendar td:focus { outline: 3px solid var(--poptin-accent); outline-offset: -3px; }
`;

/** Adds the field styles, once, to the shadow root the field is drawn in. */
export function useFieldStyles(input: HTMLElement): void {
  useLayoutEffect(() => {
    const root = input.getRootNode();
    if (root instanceof ShadowRoot) adoptStyles(root, fieldStyles);
  }, [input]);
}
