// The codes of an uploaded list: a CSV file (RFC 4180) with one code per row in its first column, or a plain list
// with one per line; a first row that says "code" is its header. Every problem names its line.
import { BadRequestError } from '../platform/errors.ts';

/** A list holds at most this many codes. */
export const MAX_LIST_CODES = 100_000;
/** A code is 1 to 64 letters, digits, "-" or "_" (what shops take as discount codes). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The CSV text itself: 100,000 codes of 64 characters with quotes, a few columns beside them. */
export const MAX_LIST_BYTES = 8 * 1024 * 1024;
/** An answer names at most this many problems (and how many more there were). */
const SHOWN_PROBLEMS = 10;

export class CodeListError extends BadRequestError {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `The list of codes cannot be used: ${problems[0]}`
        : `The list of codes cannot be used: ${problems.join('; ')}`,
    );
  }
}

/** The rows of a CSV text, each with its first line number; quoted cells may hold commas, quotes and line breaks. */
function csvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (char === ',' || char === ';' || char === '\t') {
      cells.push(cell);
      cell = '';
      cellStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      cellStarted = false;
      line++;
      rowLine = line;
    } else {
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new CodeListError([`line ${rowLine}: a quoted cell is never closed (a " is missing)`]);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

/** The codes of a list in their order, or a CodeListError naming the lines that are not codes. */
export function readCodeList(text: string): string[] {
  if (text.length > MAX_LIST_BYTES)
    throw new CodeListError([`the file is larger than ${MAX_LIST_BYTES / 1024 / 1024} MB`]);
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const codes: string[] = [];
  for (const [index, { line, cells }] of rows.entries()) {
    const code = (cells[0] ?? '').trim();
    if (code === '' && cells.every((cell) => cell.trim() === '')) continue;
    if (index === 0 && /^(coupon[ _-]?)?codes?$/i.test(code)) continue;
    if (!CODE_PATTERN.test(code)) {
      problems.push(
        code.length > 64
          ? `line ${line}: a code may be at most 64 characters long (this one has ${code.length})`
          : `line ${line}: "${code.slice(0, 64)}" is not a code: use letters, digits, "-" and "_" only`,
      );
    } else {
      const first = seen.get(code.toUpperCase());
      if (first !== undefined) problems.push(`line ${line}: ${code} is already on line ${first}`);
      else {
        seen.set(code.toUpperCase(), line);
        codes.push(code);
      }
    }
    if (problems.length > SHOWN_PROBLEMS) break;
  }
  if (problems.length > SHOWN_PROBLEMS)
    throw new CodeListError([...problems.slice(0, SHOWN_PROBLEMS), 'and more: fix these and upload it again']);
  if (problems.length > 0) throw new CodeListError(problems);
  if (codes.length === 0) throw new CodeListError(['it holds no codes (one code per line, in the first column)']);
  if (codes.length > MAX_LIST_CODES)
    throw new CodeListError([`it holds ${codes.length} codes; a list holds at most ${MAX_LIST_CODES}`]);
  return codes;
}
