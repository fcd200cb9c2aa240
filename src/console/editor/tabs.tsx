import { type KeyboardEvent, type ReactNode, useId } from 'react';

/**
 * Tabs with the ARIA tabs pattern: the chosen tab is the one Tab stop, arrows move between tabs (mirrored in right to
 * left), Home and End go to the first and last.
 */
export function Tabs<T extends string>({
  label,
  value,
  onChange,
  tabs,
  children,
}: {
  label: string;
  value: T;
  onChange(value: T): void;
  tabs: readonly (readonly [T, string])[];
  children: ReactNode;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex(([key]) => key === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next = index;
    if (step) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const [key] = tabs[next]!;
    onChange(key);
    document.getElementById(`${id}-tab-${key}`)?.focus();
  };
  return (
    <div className="tabs-box">
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map(([key, name]) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={value === key}
            aria-controls={`${id}-panel`}
            tabIndex={value === key ? 0 : -1}
            onClick={() => onChange(key)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
