/** Readers of the display API's loose wire values ("yes"/"no", numbers as text), for the editor's form. */

const TRUE_WORDS = new Set(['yes', 'true', '1', 'on']);

export type RawConfig = Record<string, unknown>;

export function isOn(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return typeof value === 'string' && TRUE_WORDS.has(value.trim().toLowerCase());
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A positive amount, or null when the setting is off ("no", "", 0). */
export function amountOf(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

export function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const yesNo = (on: boolean): 'yes' | 'no' => (on ? 'yes' : 'no');

/** An amount as the wire writes it: its digits, or "no" when off. */
export const amountWire = (amount: number | null): string => (amount === null ? 'no' : String(amount));
