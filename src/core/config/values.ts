// The display server sends switches as "yes"/"no" (sometimes booleans, "1"/"0", "on"/"off") and numbers
// as numbers or strings. These readers accept every form and never throw.

const TRUE_WORDS = new Set(['yes', 'true', '1', 'on', 'active', 'enabled']);

export function readSwitch(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === '') return fallback;
    return TRUE_WORDS.has(word);
  }
  return fallback;
}

/** A finite number from a number or numeric string; null for "no", "", null and anything else. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A trigger setting that is either off ("no", "", 0, false, null) or a positive amount. */
export function readAmountSetting(value: unknown): number | null {
  if (value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'yes')) return 0;
  const amount = readNumber(value);
  return amount !== null && amount > 0 ? amount : null;
}

export function readString(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}

export function readRecord(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* not JSON: treated as empty */
    }
  }
  return {};
}
