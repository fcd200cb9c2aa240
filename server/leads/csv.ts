// Cells a spreadsheet would run as a formula (OWASP "CSV injection"): =, +, -, @, and tab or carriage return.
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One CSV cell (RFC 4180 quoting), made inert for spreadsheets by a leading single quote. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
