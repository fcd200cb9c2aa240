/**
 * newExtraFields as a lead stores it (widget §3): a JSON list of field records, as text in a form-encoded body or a
 * list in a JSON one; the records that are objects, nothing of a text that is not JSON.
 */
export function readExtraFieldRecords(value: unknown): Record<string, unknown>[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}
