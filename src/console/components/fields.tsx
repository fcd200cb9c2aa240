import { type ReactNode, useId } from 'react';

/** A setting that is off or a whole number: a checkbox turns it on, the number says how much. */
export function AmountSetting({
  label,
  unit,
  value,
  onChange,
  min = 1,
  max = 100_000,
  fallback = 1,
}: {
  label: string;
  unit: string;
  value: number | null;
  onChange(value: number | null): void;
  min?: number;
  max?: number;
  fallback?: number;
}) {
  const id = useId();
  const invalid = value !== null && (!Number.isInteger(value) || value < min || value > max);
  return (
    <div className="amount">
      <input
        type="checkbox"
        id={`${id}-on`}
        checked={value !== null}
        onChange={(e) => onChange(e.target.checked ? fallback : null)}
      />
      <label htmlFor={`${id}-on`}>{label}</label>
      {value !== null && (
        <>
          <input
            type="number"
            id={`${id}-n`}
            min={min}
            max={max}
            step={1}
            value={Number.isFinite(value) ? value : ''}
            aria-label={`${label} (${unit})`}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-e` : undefined}
            onChange={(e) => onChange(e.target.value === '' ? NaN : Number(e.target.value))}
          />
          <span aria-hidden="true">{unit}</span>
          {invalid && <span id={`${id}-e`} className="field-error">{`${min}–${max}`}</span>}
        </>
      )}
    </div>
  );
}

export function Toggle({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="toggle">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange(value: T): void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TextSetting({
  label,
  value,
  onChange,
  max = 2000,
  ltr = false,
  hint,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  max?: number;
  ltr?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="text-setting">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        maxLength={max}
        dir={ltr ? 'ltr' : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}
