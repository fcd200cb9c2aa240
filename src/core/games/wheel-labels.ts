import { sliceDegrees } from './wheel.ts';

/**
 * The wheel face's geometry, in the units of its SVG (a viewBox from -100 to 100): the slices' radius, and the
 * ring their labels may use, between the Spin button at the hub and the pegs at the rim.
 */
export const WHEEL_FACE_RADIUS = 86;
const LABEL_INNER_RADIUS = 27;
const LABEL_OUTER_RADIUS = 80;
const FONT_MAX = 12;
/** The labels of a wheel share one size, the smallest that each fits at, unless that is below this one. */
const SHARED_FONT_FLOOR = 9;
const FONT_MIN = 6.5;
/** A line's height as a share of the font size: the glyphs' box (about 1.16) and a little air. */
export const LABEL_LINE_HEIGHT = 1.2;
const MAX_LINES = 3;
/** A layout of more lines is taken only when its text is this much bigger. */
const MORE_LINES_GAIN = 1.2;

/**
 * A glyph's advance as a share of the font size, on the wide side of the bold sans-serifs a page may have
 * (DejaVu Sans Bold, the widest of the common ones): an estimate that errs wide keeps the label inside its slice
 * without measuring the text in the page.
 */
function advance(character: string): number {
  if (/[\s.,:;!'|ijlIJוזי]/.test(character)) return 0.4;
  if (/[frt()\-/גנ]/.test(character)) return 0.52;
  if (/[mwMW%&@+#]/.test(character)) return 1.12;
  if (/[A-Z0-9$€£]/.test(character)) return 0.86;
  if (/[a-z\u0590-\u05ff]/.test(character)) return 0.76;
  return 1;
}

/** The widths already summed: laying out a label tries the same lines at a dozen sizes. */
const widths = new Map<string, number>();
const MOST_WIDTHS = 500;

/** The width of `text` in font sizes. */
function textWidth(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  let width = 0;
  for (const character of text) width += advance(character);
  if (widths.size >= MOST_WIDTHS) widths.clear();
  widths.set(text, width);
  return width;
}

export interface WheelLabel {
  /** The lines, in reading order. */
  readonly lines: readonly string[];
  readonly fontSize: number;
  /** The label's centre, this far from the hub along the middle of its slice. */
  readonly radius: number;
  /** The label's rotation about the hub, in degrees clockwise from reading left to right. */
  readonly rotation: number;
  /** Its centre sits at -radius along its own x axis: the labels of the left half are turned half a turn to read upright. */
  readonly turned: boolean;
  /** The direction of its first letter: an owner's prize reads in its own language's, whatever the page's. */
  readonly direction: 'ltr' | 'rtl';
}

/** The direction of the first letter of `text` (SVG text does not take it from `unicode-bidi: plaintext`). */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const first = /[\p{L}]/u.exec(text)?.[0] ?? '';
  return /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(first)
    ? 'rtl'
    : 'ltr';
}

/** `words` cut into `count` lines of about the same width, or null when there are fewer words than lines. */
function balancedLines(words: readonly string[], count: number): string[] | null {
  if (words.length < count) return null;
  if (count === 1) return [words.join(' ')];
  let best: string[] | null = null;
  let bestWidest = Number.POSITIVE_INFINITY;
  // Few words: every way to cut them is tried.
  const cuts = (start: number, left: number, lines: string[]) => {
    if (left === 1) {
      const all = [...lines, words.slice(start).join(' ')];
      const widest = Math.max(...all.map(textWidth));
      if (widest < bestWidest) {
        bestWidest = widest;
        best = all;
      }
      return;
    }
    for (let end = start + 1; end <= words.length - left + 1; end++) {
      cuts(end, left - 1, [...lines, words.slice(start, end).join(' ')]);
    }
  };
  if (words.length <= 12) cuts(0, count, []);
  return best;
}

interface Room {
  /** Half the slice's angle, in radians. */
  readonly half: number;
}

/** Whether `lines` at `fontSize` fit in the slice; the radius of their centre, snug to the rim, if they do. */
function fitted(lines: readonly string[], fontSize: number, { half }: Room): number | null {
  const width = Math.max(...lines.map(textWidth)) * fontSize;
  const halfHeight = (lines.length * LABEL_LINE_HEIGHT * fontSize) / 2;
  // The inner corners stay inside the slice's sides, the outer ones inside the ring of pegs.
  const inner = Math.max(LABEL_INNER_RADIUS, half >= Math.PI / 2 ? 0 : halfHeight / Math.tan(half));
  const outerSquared = LABEL_OUTER_RADIUS ** 2 - halfHeight ** 2;
  if (outerSquared <= 0) return null;
  const outer = Math.sqrt(outerSquared);
  return outer - inner >= width ? outer - width / 2 : null;
}

/** The biggest font size, up to the largest, at which `lines` fit; 0 if not even the smallest does. */
function biggestFont(lines: readonly string[], room: Room, largest: number): number {
  if (fitted(lines, FONT_MIN, room) === null) return 0;
  let small = FONT_MIN;
  let big = largest;
  if (fitted(lines, big, room) !== null) return big;
  for (let step = 0; step < 12; step++) {
    const middle = (small + big) / 2;
    if (fitted(lines, middle, room) === null) big = middle;
    else small = middle;
  }
  return Math.floor(small * 4) / 4;
}

/** The longest start of `text` that fits in `room` em with an ellipsis after it. */
function cut(text: string, room: number): string {
  const characters = [...text];
  for (let length = characters.length; length > 0; length--) {
    const start = `${characters.slice(0, length).join('').trimEnd()}…`;
    if (textWidth(start) <= room) return start;
  }
  return '…';
}

/**
 * A label too long for its slice at the smallest font: as many of its words as fill one to three lines there,
 * the last cut with an ellipsis; the layout that keeps the most of it.
 */
function shortened(words: readonly string[], slice: Room): string[] {
  let best: string[] = ['…'];
  let shown = 0;
  for (let count = 1; count <= MAX_LINES; count++) {
    const probe = Array.from({ length: count }, () => 'x');
    const halfHeight = (count * LABEL_LINE_HEIGHT * FONT_MIN) / 2;
    const inner = Math.max(LABEL_INNER_RADIUS, slice.half >= Math.PI / 2 ? 0 : halfHeight / Math.tan(slice.half));
    const room = (Math.sqrt(Math.max(0, LABEL_OUTER_RADIUS ** 2 - halfHeight ** 2)) - inner) / FONT_MIN - 0.01;
    if (fitted(probe, FONT_MIN, slice) === null) break;
    const lines: string[] = [];
    let next = 0;
    while (lines.length < count && next < words.length) {
      let line = words[next]!;
      next++;
      while (next < words.length && textWidth(`${line} ${words[next]}`) <= room) line = `${line} ${words[next++]}`;
      lines.push(line);
    }
    const last = lines.length - 1;
    if (next < words.length || textWidth(lines[last]!) > room)
      lines[last] = cut(next < words.length ? `${lines[last]} ${words[next]}` : lines[last]!, room);
    // A line of one word too long for it is cut as well.
    for (let index = 0; index < last; index++)
      if (textWidth(lines[index]!) > room) lines[index] = cut(lines[index]!, room);
    const length = lines.join('').replaceAll('…', '').length;
    if (length > shown) {
      best = lines;
      shown = length;
    }
  }
  return best;
}

/**
 * How the label of slice `index` of `count` is drawn: on one to three lines at the biggest size that keeps it
 * inside its slice, running along the slice's middle; a label too long even for that is cut with an ellipsis
 * (the full text is in the prize list read to screen readers). Labels of the right half read from the hub
 * outwards, those of the left half from the rim inwards, so that none is upside down when the wheel is still.
 */
export function wheelLabel(label: string, index: number, count: number, shared?: number): WheelLabel {
  const largest = shared ?? FONT_MAX;
  const degrees = sliceDegrees(count);
  // One prize fills the face: its label runs to the right of the hub.
  const centre = count === 1 ? 90 : (index + 0.5) * degrees;
  const room: Room = { half: count === 1 ? Math.PI : (degrees * Math.PI) / 360 };
  const words = label.trim().split(/\s+/).filter(Boolean);
  let lines: string[] = [''];
  let fontSize = 0;
  for (let lineCount = 1; lineCount <= MAX_LINES; lineCount++) {
    const candidate = balancedLines(words, lineCount);
    if (!candidate) break;
    const size = biggestFont(candidate, room, largest);
    // At the wheel's shared size, the fewest lines that reach it.
    if (shared !== undefined && fontSize >= shared) break;
    if (size > fontSize * (lineCount === 1 || shared !== undefined ? 1 : MORE_LINES_GAIN)) {
      lines = candidate;
      fontSize = size;
    }
  }
  if (fontSize === 0) {
    lines = shortened(words, room);
    fontSize = FONT_MIN;
  }
  const radius = fitted(lines, fontSize, room) ?? (LABEL_INNER_RADIUS + LABEL_OUTER_RADIUS) / 2;
  const turned = centre > 180;
  return {
    lines,
    fontSize,
    radius,
    rotation: turned ? centre + 90 : centre - 90,
    turned,
    direction: textDirection(label),
  };
}

/**
 * The labels of a whole wheel: one size for all, as a printed wheel has, the biggest at which every label fits;
 * a label that fits only smaller than a readable size is drawn smaller on its own instead of shrinking the others.
 */
export function wheelLabels(labels: readonly string[]): WheelLabel[] {
  const count = labels.length;
  const fitting = labels.map((label, index) => wheelLabel(label, index, count).fontSize);
  const shared = Math.max(SHARED_FONT_FLOOR, Math.min(FONT_MAX, ...fitting));
  return labels.map((label, index) => wheelLabel(label, index, count, shared));
}
