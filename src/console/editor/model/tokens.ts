/**
 * The design tokens of a template: CSS custom properties in the style attribute of each screen's root. Only the
 * tokens a template declares are offered; a change is written to every screen that declares it.
 */
import { TEMPLATE_TOKENS } from '../../../../server/owner/template-contract.ts';
import { parse, screenRoots, serialize } from './dom.ts';

/** The tokens every screen root of a template declares (the templates' contract). */
export const TOKENS = TEMPLATE_TOKENS;
export type Token = (typeof TOKENS)[number];
export type Tokens = Partial<Record<Token, string>>;

export const COLOUR_TOKENS: readonly Token[] = [
  '--poptin-accent',
  '--poptin-accent-text',
  '--poptin-bg',
  '--poptin-text',
  '--poptin-muted',
];

/** Font stacks an owner picks from: safe in a style attribute, and present on every system or falling back well. */
export const FONT_STACKS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  inter: "'Inter', 'Segoe UI', system-ui, Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  rounded: "'Nunito', 'Varela Round', 'Segoe UI', system-ui, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

const HEX = /^#[0-9a-f]{6}$/i;
/** The most the corner slider holds; beyond it every corner is fully round, written as the pill value. */
export const RADIUS_MAX = 40;
export const PILL_RADIUS = '999px';
const RADIUS = /^(?:[0-9]|[1-3][0-9]|40|999)px$/;
/** Letters, digits, spaces, commas, hyphens and quotes: nothing that could end the declaration. */
const FONT = /^[\w\s,'"-]{1,200}$/;

export function tokenValueProblem(token: Token, value: string): 'colour' | 'radius' | 'font' | null {
  if (COLOUR_TOKENS.includes(token)) return HEX.test(value) ? null : 'colour';
  if (token === '--poptin-radius') return RADIUS.test(value) ? null : 'radius';
  return FONT.test(value) ? null : 'font';
}

/** Whether a corner value is past the slider: a pill (fully round). */
export const isPillRadius = (value: string) => (Number.parseFloat(value) || 0) > RADIUS_MAX;

function declaration(token: Token): RegExp {
  return new RegExp(`(^|;)(\\s*${token}\\s*:\\s*)([^;]*?)(\\s*(?:;|$))`);
}

function read(style: string, token: Token): string | null {
  const value = declaration(token).exec(style)?.[3];
  return value === undefined ? null : value.trim();
}

/** The tokens the template declares, with their values (the first screen that declares one gives its value). */
export function readTokens(html: string): Tokens {
  const tokens: Tokens = {};
  for (const root of screenRoots(parse(html))) {
    const style = root.getAttribute('style') ?? '';
    for (const token of TOKENS) {
      const value = read(style, token);
      if (value !== null && tokens[token] === undefined) tokens[token] = value;
    }
  }
  return tokens;
}

/** Writes each changed token to every screen root that declares it; values that do not fit their token are refused. */
export function applyTokens(html: string, changes: Tokens): string {
  const fragment = parse(html);
  let changed = false;
  for (const root of screenRoots(fragment)) {
    let style = root.getAttribute('style') ?? '';
    for (const [token, value] of Object.entries(changes) as [Token, string][]) {
      if (tokenValueProblem(token, value) || read(style, token) === null) continue;
      style = style.replace(
        declaration(token),
        (_match, start: string, name: string, _old: string, end: string) => `${start}${name}${value}${end}`,
      );
      changed = true;
    }
    if (changed) root.setAttribute('style', style);
  }
  return changed ? serialize(fragment) : html;
}
