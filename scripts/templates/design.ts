// The one design system every template of templates/ is drawn in (docs/templates.md): a type scale of 12/14/16/20/28/36
// px, spacing in steps of 4 and 8, the colours, font and radius as the design tokens of each screen's root, and the
// parts the console edits marked with data-poptin-part.

export type Language = 'en' | 'he';

export const TOKEN_NAMES = ['accent', 'accent-text', 'bg', 'text', 'muted', 'font', 'radius'] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];
export type Tokens = Record<TokenName, string>;

export const PART_ROLES = [
  'eyebrow',
  'headline',
  'body',
  'image',
  'button',
  'decline',
  'fields',
  'consent',
  'coupon',
  'countdown',
  'prizes',
  'thank-you-headline',
  'thank-you-body',
  'note',
] as const;
export type PartRole = (typeof PART_ROLES)[number];

const SANS: Record<Language, string> = {
  en: "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif",
  he: "'Assistant','Rubik','Segoe UI',system-ui,Arial,sans-serif",
};
const SERIF: Record<Language, string> = {
  en: "Georgia,'Times New Roman',serif",
  he: "'Frank Ruhl Libre','David',Georgia,serif",
};

/** Colour schemes; each pair a text is drawn in is checked for a contrast of at least 4.5:1 (see contrastProblems). */
export const PALETTES = {
  indigo: { accent: '#4338ca', 'accent-text': '#ffffff', bg: '#ffffff', text: '#0f172a', muted: '#475569' },
  forest: { accent: '#166534', 'accent-text': '#ffffff', bg: '#fbfaf7', text: '#1c1917', muted: '#57534e' },
  midnight: { accent: '#fbbf24', 'accent-text': '#111827', bg: '#111827', text: '#f9fafb', muted: '#cbd5e1' },
  rose: { accent: '#be123c', 'accent-text': '#ffffff', bg: '#fff1f2', text: '#1f1f1f', muted: '#52525b' },
  ocean: { accent: '#0369a1', 'accent-text': '#ffffff', bg: '#f0f9ff', text: '#0c2d48', muted: '#3f5f75' },
  sunset: { accent: '#c2410c', 'accent-text': '#ffffff', bg: '#fff7ed', text: '#431407', muted: '#7c2d12' },
  plum: { accent: '#f0abfc', 'accent-text': '#3b0764', bg: '#2e1065', text: '#faf5ff', muted: '#e9d5ff' },
  mono: { accent: '#111111', 'accent-text': '#ffffff', bg: '#ffffff', text: '#111111', muted: '#525252' },
  mint: { accent: '#047857', 'accent-text': '#ffffff', bg: '#ecfdf5', text: '#064e3b', muted: '#1f6f58' },
  berry: { accent: '#9d174d', 'accent-text': '#ffffff', bg: '#fdf2f8', text: '#3b0a24', muted: '#6b2145' },
  slate: { accent: '#38bdf8', 'accent-text': '#0f172a', bg: '#0f172a', text: '#f8fafc', muted: '#cbd5e1' },
} as const satisfies Record<string, Omit<Tokens, 'font' | 'radius'>>;
export type PaletteName = keyof typeof PALETTES;

export type FontName = 'sans' | 'serif';
export const RADII = { sharp: '0px', soft: '8px', round: '12px', pill: '999px' } as const;
export type RadiusName = keyof typeof RADII;

export function tokensOf(palette: PaletteName, font: FontName, radius: RadiusName, language: Language): Tokens {
  return {
    ...PALETTES[palette],
    font: (font === 'serif' ? SERIF : SANS)[language],
    radius: RADII[radius],
  };
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The pairs of a palette that fall under 4.5:1: text, muted and accent on the background, accent-text on accent. */
export function contrastProblems(name: PaletteName): string[] {
  const p = PALETTES[name];
  const pairs: [string, string, string][] = [
    ['text on bg', p.text, p.bg],
    ['muted on bg', p.muted, p.bg],
    ['accent on bg', p.accent, p.bg],
    ['accent-text on accent', p['accent-text'], p.accent],
  ];
  return pairs
    .filter(([, fg, bg]) => contrast(fg, bg) < 4.5)
    .map(([what, fg, bg]) => `${name}: ${what} ${contrast(fg, bg).toFixed(2)}`);
}

// ---- markup ----

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Attributes = Record<string, string | boolean | undefined>;

export function tag(name: string, attributes: Attributes, ...children: string[]): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${escapeHtml(String(value))}"`))
    .join('');
  const VOID = new Set(['input', 'img', 'br']);
  return VOID.has(name) ? `<${name}${attrs}>` : `<${name}${attrs}>${children.join('')}</${name}>`;
}

/** A style attribute from a list of declarations, with the empty ones left out. */
export function css(...declarations: (string | false | undefined)[]): string {
  return declarations.filter(Boolean).join(';');
}

export function tokenDeclarations(tokens: Tokens): string {
  return TOKEN_NAMES.map((name) => `--poptin-${name}:${tokens[name]}`).join(';');
}

/** What every screen of a pop-up's template shares. */
export interface ScreenContext {
  language: Language;
  tokens: Tokens;
}

const WORDS = {
  en: { close: 'Close' },
  he: { close: 'סגירה' },
} as const;

/** A screen's root: its tokens, language and direction, and the base type of the system. */
export function screen(
  context: ScreenContext,
  name: string,
  style: string,
  children: string[],
  { hidden = false }: { hidden?: boolean } = {},
): string {
  return tag(
    'div',
    {
      'data-poptin-screen': name,
      hidden,
      dir: context.language === 'he' ? 'rtl' : 'ltr',
      lang: context.language,
      style: css(
        tokenDeclarations(context.tokens),
        'position:relative;box-sizing:border-box',
        'font-family:var(--poptin-font);font-size:16px;line-height:1.5',
        'color:var(--poptin-text);background:var(--poptin-bg)',
        style,
      ),
    },
    ...children,
  );
}

export function closeButton(context: ScreenContext, { offset = 8 }: { offset?: number } = {}): string {
  return tag(
    'button',
    {
      type: 'button',
      'data-poptin-close': true,
      'aria-label': WORDS[context.language].close,
      // Its own direction, the screen's: without words it would take left to right (dir="auto") and stand at the
      // wrong end of a Hebrew screen.
      dir: context.language === 'he' ? 'rtl' : 'ltr',
      style: css(
        `position:absolute;inset-block-start:${offset}px;inset-inline-end:${offset}px;z-index:1`,
        'display:flex;align-items:center;justify-content:center;width:40px;height:40px;padding:0',
        'border:0;border-radius:50%;color:var(--poptin-text)',
        'background:color-mix(in srgb,var(--poptin-text) 8%,transparent);cursor:pointer',
      ),
    },
    '<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M1 1l12 12M13 1L1 13" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>',
  );
}

export type Size = 'small' | 'medium' | 'large';
const HEADLINE_SIZE: Record<Size, string> = {
  small: 'font-size:20px;line-height:28px',
  medium: 'font-size:28px;line-height:36px',
  large: 'font-size:36px;line-height:44px',
};

export function eyebrow(context: ScreenContext, text: string): string {
  return tag(
    'p',
    {
      'data-poptin-part': 'eyebrow',
      style: css(
        'margin:0 0 8px;font-size:12px;line-height:16px;font-weight:700;color:var(--poptin-accent)',
        context.language === 'en' && 'letter-spacing:.08em;text-transform:uppercase',
      ),
    },
    escapeHtml(text),
  );
}

export function headline(text: string, size: Size = 'medium', role: PartRole = 'headline', margin = '0 0 8px'): string {
  return tag(
    'h2',
    {
      'data-poptin-part': role,
      style: css(`margin:${margin};${HEADLINE_SIZE[size]};font-weight:800;color:var(--poptin-text)`),
    },
    text,
  );
}

export function body(text: string, { role = 'body', margin = '0 0 24px' }: { role?: PartRole; margin?: string } = {}) {
  return tag(
    'p',
    { 'data-poptin-part': role, style: `margin:${margin};font-size:16px;line-height:24px;color:var(--poptin-muted)` },
    text,
  );
}

export function note(text: string, margin = '16px 0 0'): string {
  return tag(
    'p',
    { 'data-poptin-part': 'note', style: `margin:${margin};font-size:12px;line-height:16px;color:var(--poptin-muted)` },
    escapeHtml(text),
  );
}

/** The controls' look: 48 px tall, the radius token, the accent for the main action. */
const CONTROL = 'box-sizing:border-box;min-height:48px;font-family:inherit;font-size:16px;line-height:24px';
export const BUTTON_STYLE = css(
  CONTROL,
  'display:inline-flex;align-items:center;justify-content:center;gap:8px;padding:12px 24px',
  'font-weight:700;color:var(--poptin-accent-text);background:var(--poptin-accent)',
  'border:0;border-radius:var(--poptin-radius);text-decoration:none;cursor:pointer',
);

export function submitButton(text: string, { full = true }: { full?: boolean } = {}): string {
  return tag(
    'button',
    { type: 'submit', 'data-poptin-part': 'button', style: css(BUTTON_STYLE, full && 'width:100%') },
    escapeHtml(text),
  );
}

/** A main call to action that goes somewhere: a link the owner points at a page or a file. */
export function linkButton(
  text: string,
  href: string,
  { full = true, close = false, newTab = false }: { full?: boolean; close?: boolean; newTab?: boolean } = {},
): string {
  return tag(
    'a',
    {
      href,
      target: newTab ? '_blank' : undefined,
      rel: newTab ? 'noopener' : undefined,
      'data-poptin-close': close,
      'data-poptin-part': 'button',
      style: css(BUTTON_STYLE, full && 'width:100%'),
    },
    escapeHtml(text),
  );
}

export function declineButton(text: string): string {
  return tag(
    'button',
    {
      type: 'button',
      'data-poptin-close': true,
      'data-poptin-part': 'decline',
      style: css(
        'margin:8px 0 0;min-height:32px;padding:4px 8px;font-family:inherit;font-size:14px;line-height:20px',
        'color:var(--poptin-muted);background:none;border:0;text-decoration:underline;text-underline-offset:3px;cursor:pointer',
      ),
    },
    escapeHtml(text),
  );
}

export interface Field {
  name: string;
  type: 'email' | 'text' | 'tel' | 'textarea' | 'radio';
  /** A radio group's choices: the value sent and the words shown. */
  options?: string[];
  label: string;
  placeholder?: string;
  autocomplete?: string;
  validation?: string;
  required?: boolean;
}

const INPUT_STYLE = css(
  CONTROL,
  'width:100%;padding:12px 16px;font-weight:400;color:var(--poptin-text)',
  'background:var(--poptin-bg);border:1px solid var(--poptin-muted);border-radius:var(--poptin-radius)',
);

function input(context: ScreenContext, field: Field, labelled: 'visible' | 'aria'): string {
  // An address or a number reads left to right in a Hebrew form too; it sits at the form's start edge all the same.
  const ltr = context.language === 'he' && (field.type === 'email' || field.type === 'tel');
  const attributes = {
    name: field.name,
    required: field.required !== false,
    autocomplete: field.autocomplete,
    placeholder: field.placeholder,
    'data-validation': field.validation,
    'aria-label': labelled === 'aria' ? field.label : undefined,
    dir: ltr ? 'ltr' : undefined,
    style: css(INPUT_STYLE, ltr && 'text-align:right', field.type === 'textarea' && 'min-height:96px;resize:vertical'),
  };
  if (field.type === 'textarea') return tag('textarea', { ...attributes, rows: '3' });
  return tag('input', { type: field.type, ...attributes });
}

/** The form's fields, each labelled (a visible label, or an aria-label in a compact bar). */
export function fields(
  context: ScreenContext,
  list: Field[],
  {
    labelled = 'visible',
    style = 'display:flex;flex-direction:column;gap:12px',
  }: { labelled?: 'visible' | 'aria'; style?: string } = {},
): string {
  const items = list.map((field) =>
    field.type === 'radio'
      ? choices(field)
      : labelled === 'aria'
        ? input(context, field, 'aria')
        : tag(
            'label',
            {
              style:
                'display:flex;flex-direction:column;gap:4px;font-size:14px;line-height:20px;font-weight:600;text-align:start',
            },
            tag('span', {}, escapeHtml(field.label)),
            input(context, field, 'visible'),
          ),
  );
  return tag('div', { 'data-poptin-part': 'fields', style }, ...items);
}

/** A radio group as a row of chips, named by its legend. */
function choices(field: Field): string {
  const chip = (option: string) =>
    tag(
      'label',
      {
        style: css(
          'display:inline-flex;align-items:center;gap:4px;min-height:44px;padding:8px 12px;font-size:14px;line-height:20px',
          'border:1px solid var(--poptin-muted);border-radius:var(--poptin-radius);cursor:pointer',
        ),
      },
      tag('input', {
        type: 'radio',
        name: field.name,
        value: option,
        required: field.required !== false,
        style: 'margin:0;accent-color:var(--poptin-accent)',
      }),
      tag('span', {}, escapeHtml(option)),
    );
  return tag(
    'fieldset',
    { style: 'margin:0;padding:0;border:0;min-width:0' },
    tag(
      'legend',
      { style: 'padding:0;margin:0 0 8px;font-size:14px;line-height:20px;font-weight:600' },
      escapeHtml(field.label),
    ),
    tag(
      'div',
      { style: 'display:flex;flex-wrap:wrap;justify-content:center;gap:8px' },
      ...(field.options ?? []).map(chip),
    ),
  );
}

/** A consent checkbox (never ticked beforehand); its words are the consent part. */
export function consent(text: string): string {
  return tag(
    'label',
    {
      style:
        'display:flex;align-items:flex-start;gap:8px;margin:0;font-size:14px;line-height:20px;color:var(--poptin-muted);text-align:start',
    },
    tag('input', {
      type: 'checkbox',
      name: 'consent',
      style: 'flex:none;width:20px;height:20px;margin:0;accent-color:var(--poptin-accent)',
    }),
    tag('span', { 'data-poptin-part': 'consent' }, text),
  );
}

export function form(style: string, ...children: string[]): string {
  return tag('form', { style: css('margin:0', style) }, ...children);
}

/** A coupon the visitor sees (and copies with a click) on the screen after the form. */
export function coupon(code: string): string {
  return tag(
    'button',
    {
      type: 'button',
      'data-poptin-coupon': true,
      'data-poptin-part': 'coupon',
      style: css(
        'display:inline-block;min-height:48px;margin:0 0 8px;padding:8px 24px',
        "font:700 20px/28px ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;letter-spacing:.08em",
        'color:var(--poptin-text);background:color-mix(in srgb,var(--poptin-accent) 10%,var(--poptin-bg))',
        'border:2px dashed var(--poptin-accent);border-radius:var(--poptin-radius);cursor:copy',
      ),
    },
    escapeHtml(code),
  );
}

/** A live countdown; `center` in a centred layout, its size one of the type scale's. */
export function countdown(minutes: number, { center = true, size = 28, style = '' } = {}): string {
  return tag('poptin-countdown', {
    'data-poptin-part': 'countdown',
    minutes: String(minutes),
    'timer-ver': '1',
    style: css(
      'display:block;width:fit-content;max-width:100%;margin-block:0 24px',
      center ? 'margin-inline:auto' : 'margin-inline:0',
      `--poptin-countdown-font-size:clamp(16px,5vw,${size}px)`,
      '--poptin-countdown-color:var(--poptin-text);--poptin-countdown-font-family:var(--poptin-font)',
      '--poptin-countdown-box-background:color-mix(in srgb,var(--poptin-accent) 12%,var(--poptin-bg))',
      '--poptin-countdown-box-radius:var(--poptin-radius)',
      style,
    ),
  });
}

/** An illustration drawn in the tokens' colours, so that it follows a new accent; an owner may put an <img> here. */
export function image(kind: Illustration, { size = 96, style = '' }: { size?: number; style?: string } = {}): string {
  return tag(
    'div',
    { 'data-poptin-part': 'image', style: css('display:flex;justify-content:center', style) },
    `<svg width="${size}" height="${size}" viewBox="0 0 96 96" aria-hidden="true">${ILLUSTRATIONS[kind]}</svg>`,
  );
}

const SOFT = 'style="fill:var(--poptin-accent);opacity:.14"';
const FULL = 'style="fill:var(--poptin-accent)"';
const LINE = 'style="fill:none;stroke:var(--poptin-accent);stroke-width:4;stroke-linecap:round;stroke-linejoin:round"';
const ON_ACCENT = 'style="fill:var(--poptin-accent-text)"';

const ILLUSTRATIONS = {
  envelope: `<circle cx="48" cy="48" r="46" ${SOFT}/><rect x="20" y="30" width="56" height="38" rx="6" ${LINE}/><path d="M22 34l26 18 26-18" ${LINE}/>`,
  tag: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M50 20h22a4 4 0 014 4v22L46 76 20 50z" ${FULL}/><circle cx="64" cy="32" r="5" ${ON_ACCENT}/><path d="M40 56l16-16" style="stroke:var(--poptin-accent-text);stroke-width:4;stroke-linecap:round"/>`,
  book: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M48 30c-8-6-18-6-26-4v42c8-2 18-2 26 4 8-6 18-6 26-4V26c-8-2-18-2-26 4z" ${LINE}/><path d="M48 30v42" ${LINE}/>`,
  cart: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M18 26h10l8 32h32l6-22H32" ${LINE}/><circle cx="40" cy="68" r="4" ${FULL}/><circle cx="64" cy="68" r="4" ${FULL}/>`,
  megaphone: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M24 42v12h10l24 14V28L34 42z" ${LINE}/><path d="M66 40c4 4 4 12 0 16M36 56l4 14" ${LINE}/>`,
  clock: `<circle cx="48" cy="48" r="46" ${SOFT}/><circle cx="48" cy="50" r="24" ${LINE}/><path d="M48 36v14l10 6M42 20h12" ${LINE}/>`,
  chat: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M22 30a6 6 0 016-6h40a6 6 0 016 6v26a6 6 0 01-6 6H42l-12 10V62h-2a6 6 0 01-6-6z" ${FULL}/><circle cx="36" cy="43" r="4" ${ON_ACCENT}/><circle cx="48" cy="43" r="4" ${ON_ACCENT}/><circle cx="60" cy="43" r="4" ${ON_ACCENT}/>`,
  star: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M48 20l8 17 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" ${FULL}/>`,
  lock: `<circle cx="48" cy="48" r="46" ${SOFT}/><rect x="28" y="42" width="40" height="30" rx="6" ${FULL}/><path d="M36 42v-8a12 12 0 0124 0v8" ${LINE}/><circle cx="48" cy="56" r="4" ${ON_ACCENT}/>`,
  gift: `<circle cx="48" cy="48" r="46" ${SOFT}/><rect x="24" y="40" width="48" height="32" rx="4" ${FULL}/><rect x="20" y="32" width="56" height="12" rx="3" ${FULL}/><path d="M48 32v40" style="stroke:var(--poptin-accent-text);stroke-width:4"/><path d="M48 32c-4-10-16-12-16-4s12 4 16 4c4 0 16 4 16-4s-12-6-16 4" ${LINE}/>`,
  truck: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M16 34h36v26H16zM52 42h14l10 10v8H52z" ${FULL}/><circle cx="30" cy="64" r="6" ${ON_ACCENT} stroke-width="4"/><circle cx="30" cy="64" r="4" ${FULL}/><circle cx="64" cy="64" r="4" ${FULL}/>`,
  check: `<circle cx="48" cy="48" r="46" ${SOFT}/><circle cx="48" cy="48" r="26" ${FULL}/><path d="M36 48l8 8 16-16" style="fill:none;stroke:var(--poptin-accent-text);stroke-width:5;stroke-linecap:round;stroke-linejoin:round"/>`,
  phone: `<circle cx="48" cy="48" r="46" ${SOFT}/><rect x="32" y="18" width="32" height="60" rx="6" ${LINE}/><path d="M44 70h8" ${LINE}/><rect x="38" y="28" width="20" height="6" rx="3" ${FULL}/><rect x="38" y="40" width="14" height="6" rx="3" ${FULL}/>`,
  calendar: `<circle cx="48" cy="48" r="46" ${SOFT}/><rect x="22" y="26" width="52" height="46" rx="6" ${LINE}/><path d="M22 38h52M36 20v12M60 20v12" ${LINE}/><rect x="32" y="46" width="10" height="8" rx="2" ${FULL}/><rect x="54" y="56" width="10" height="8" rx="2" ${FULL}/>`,
  sparkle: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M48 18l6 22 22 8-22 8-6 22-6-22-22-8 22-8z" ${FULL}/>`,
  heart: `<circle cx="48" cy="48" r="46" ${SOFT}/><path d="M48 72S22 56 22 38a13 13 0 0126-4 13 13 0 0126 4c0 18-26 34-26 34z" ${FULL}/>`,
} as const;
export type Illustration = keyof typeof ILLUSTRATIONS;
