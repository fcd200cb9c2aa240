// Every public entry point checks what it is given before anything else runs, so a mistake is named where it
// was made ("createClient: the option auth is missing") instead of failing later deep inside.

type Check = 'string' | 'function' | 'object' | 'auth' | 'url' | 'fetch' | 'clock';

const EXPECTED: Record<Check, string> = {
  string: 'a non-empty string',
  function: 'a function',
  object: 'an object',
  auth: 'an auth strategy such as OAuthStrategy({ clientId }), ApiKeyStrategy({ apiKey }) or AppStrategy({ appId })',
  url: 'an absolute URL',
  fetch: 'a fetch function',
  clock: 'a clock with a now() function',
};

function passes(value: unknown, check: Check): boolean {
  switch (check) {
    case 'string':
      return typeof value === 'string' && value.length > 0;
    case 'function':
    case 'fetch':
      return typeof value === 'function';
    case 'object':
      return typeof value === 'object' && value !== null;
    case 'auth':
      return (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { getAuthHeaders?: unknown }).getAuthHeaders === 'function'
      );
    case 'clock':
      return typeof value === 'object' && value !== null && typeof (value as { now?: unknown }).now === 'function';
    case 'url':
      if (typeof value !== 'string') return false;
      try {
        new URL(value);
        return true;
      } catch {
        return false;
      }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string')
    return value ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : 'an empty string';
  return typeof value === 'object' ? 'an object' : String(value);
}

/**
 * Throws a TypeError naming the entry point and the option when `options` is not an object, a required option
 * is missing, or an option (required or given) is of the wrong kind.
 */
export function checkOptions(
  entry: string,
  options: unknown,
  required: Record<string, Check>,
  optional: Record<string, Check> = {},
): void {
  if (typeof options !== 'object' || options === null) {
    const needed = Object.keys(required);
    throw new TypeError(
      `${entry}: expected an options object${needed.length ? ` with ${needed.join(', ')}` : ''}, got ${describe(options)}`,
    );
  }
  const given = options as Record<string, unknown>;
  for (const [name, check] of Object.entries(required)) {
    if (given[name] === undefined || given[name] === null)
      throw new TypeError(`${entry}: the option ${name} is missing (${EXPECTED[check]})`);
    if (!passes(given[name], check))
      throw new TypeError(`${entry}: the option ${name} must be ${EXPECTED[check]}, got ${describe(given[name])}`);
  }
  for (const [name, check] of Object.entries(optional)) {
    if (given[name] !== undefined && !passes(given[name], check))
      throw new TypeError(`${entry}: the option ${name} must be ${EXPECTED[check]}, got ${describe(given[name])}`);
  }
}

/** The same check for one positional argument. */
export function checkArgument(entry: string, name: string, value: unknown, check: Check): void {
  if (value === undefined || value === null)
    throw new TypeError(`${entry}: the argument ${name} is missing (${EXPECTED[check]})`);
  if (!passes(value, check))
    throw new TypeError(`${entry}: the argument ${name} must be ${EXPECTED[check]}, got ${describe(value)}`);
}
