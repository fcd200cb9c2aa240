/**
 * Serialises request parameters the way the platform's gateway reads them: nested objects as dotted
 * names (`paging.limit=50`), arrays as repeated names, objects inside arrays as JSON.
 */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  const add = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === undefined || item === null) continue;
        search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
      return;
    }
    if (value instanceof Date) {
      search.append(name, value.toISOString());
      return;
    }
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) add(name ? `${name}.${key}` : key, inner);
      return;
    }
    search.append(name, String(value));
  };
  add('', params ?? {});
  return search.toString();
}
