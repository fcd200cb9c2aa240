// Writes templates/<id>.<en|he>.json from the catalogue: `node --import tsx scripts/templates/build-templates.ts`.
// The files are committed; scripts/templates/templates.test.ts checks that they are what the catalogue makes.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG, FIELDS, type TemplateSpec } from './catalog.ts';
import { contrastProblems, type Language, type PaletteName, TOKEN_NAMES, tokensOf } from './design.ts';
import { type GameTag, templateHtml } from './layouts.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TEMPLATES_DIR = path.join(ROOT, 'templates');
export const EXAMPLE_POPUPS_DIR = path.join(ROOT, 'examples', 'popups');
export const EXAMPLES_PAGE = path.join(ROOT, 'examples', 'templates.html');
export const LANGUAGES: Language[] = ['en', 'he'];

const GAME_TAGS: Record<NonNullable<TemplateSpec['game']>, GameTag> = {
  wheel: 'poptin-spin-wheel',
  'scratch card': 'poptin-scratch-card',
  'gift box': 'poptin-gift-box',
};

const PRIZES: Record<Language, [string, string, string, number][]> = {
  en: [
    ['p10', '10% off', 'WIN10', 30],
    ['p20', '20% off', 'WIN20', 10],
    ['ship', 'Free shipping', 'SHIPFREE', 25],
    ['gift', 'A free gift', 'GIFT4U', 5],
    ['none', 'Next time', '', 30],
  ],
  he: [
    ['p10', '10% הנחה', 'WIN10', 30],
    ['p20', '20% הנחה', 'WIN20', 10],
    ['ship', 'משלוח חינם', 'SHIPFREE', 25],
    ['gift', 'מתנה', 'GIFT4U', 5],
    ['none', 'בפעם הבאה', '', 30],
  ],
};

function prizesOf(language: Language): Record<string, unknown> {
  return Object.fromEntries(
    PRIZES[language].map(([key, label, code, chances]) => [
      key,
      {
        label,
        code,
        prize_id: `prize-${key}`,
        is_winner: code ? 1 : 0,
        loosing_option: code ? 0 : 1,
        chances,
      },
    ]),
  );
}

function triggerSettings(spec: TemplateSpec): Record<string, string> {
  const { trigger } = spec;
  return {
    display_after_sec_active: typeof trigger === 'object' && 'seconds' in trigger ? String(trigger.seconds) : 'no',
    display_after_sec_active_on: 'page',
    display_after_scroll_active: typeof trigger === 'object' && 'scroll' in trigger ? String(trigger.scroll) : 'no',
    display_after_page_click_number_active: 'no',
    display_after_visit_page_active: 'no',
    display_after_inactive_seconds_active: 'no',
    display_after_exit_website_active: trigger === 'exit' ? 'yes' : 'no',
    display_if_adblock_active: 'no',
  };
}

/**
 * The form screen behind a Yes/No question step (design §2, "Steps"), as the console's editor writes it
 * (src/console/editor/model/steps.ts): Yes shows what the screen held, No closes; the buttons look like the form's.
 */
/** The No button of a question: the form's button outlined, so that Yes stays the one that stands out. */
function quiet(style: string): string {
  return style
    .replace(/(^|;)color:[^;]*/, '$1color:var(--poptin-accent)')
    .replace(/(^|;)background:[^;]*/, '$1background:transparent')
    .replace(/(^|;)border:[^;]*/, '$1border:2px solid var(--poptin-accent)');
}

function withQuestion(html: string, words: { question: string; yes: string; no: string }): string {
  const open = /<div data-poptin-screen="form"[^>]*>/.exec(html);
  const thanks = html.indexOf('<div data-poptin-screen="thank-you"');
  if (!open || thanks < 0) throw new Error('a question step needs a form screen and a thank-you screen');
  const start = open.index + open[0].length;
  const end = html.lastIndexOf('</div>', thanks);
  const style = /<button type="submit"[^>]*?style="([^"]*)"/.exec(html)?.[1];
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const button = (label: string, value: string, go: string) =>
    `<button${style ? ` style="${go === 'close' ? quiet(style) : style}"` : ''} type="button" data-poptin-step-go="${go}" name="${attribute(words.question)}" value="${value}" data-poptin-step-answer="">${text(label)}</button>`;
  const headline = /<h2 data-poptin-part="headline"[^>]*?style="([^"]*)"/.exec(html)?.[1];
  // Room on both sides for the × in the corner, which stays on every step.
  const headingStyle = headline && `${headline};padding-inline:40px`;
  const question =
    `<section data-poptin-step="question" class="poptin-step"><h2${headingStyle ? ` style="${headingStyle}"` : ''} data-poptin-step-question="">${text(words.question)}</h2>` +
    `<div class="poptin-step-choices" style="display:grid;gap:8px">${button(words.yes, 'Yes', 'offer')}${button(words.no, 'No', 'close')}</div></section>`;
  // The × in the corner stays on every step.
  const corner = /^<button type="button" data-poptin-close[^>]*>.*?<\/button>/.exec(html.slice(start, end))?.[0] ?? '';
  const offer = html.slice(start + corner.length, end);
  return `${html.slice(0, start)}${corner}${question}<section data-poptin-step="offer" class="poptin-step">${offer}</section>${html.slice(end)}`;
}

/**
 * The form over two steps (design §2, "Steps"), as the console's editor splits it (src/console/editor/model/steps.ts):
 * the e-mail field with Next, then the other fields with Back and the form's own button. Each step starts with where
 * the visitor is ("Step 1 of 2"), a heading that takes the focus as the step shows, so a screen reader says it.
 */
function withSteps(html: string, words: { next: string; back: string; step: string }): string {
  const open = /<div data-poptin-part="fields" style="([^"]*)">/.exec(html);
  if (!open) throw new Error('a form in steps needs a fields box');
  const start = open.index + open[0].length;
  const end = html.indexOf('</div>', start);
  const rows = html.slice(start, end).match(/<label[\s\S]*?<\/label>/g) ?? [];
  if (rows.join('') !== html.slice(start, end)) throw new Error('a form in steps needs fields that are labels');
  const email = rows.find((row) => row.includes('type="email"'));
  if (!email || rows.length < 2) throw new Error('a form in steps needs an e-mail field and another one');
  const submit = /<button type="submit"[^>]*?style="([^"]*)"/.exec(html)?.[1] ?? '';
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const where = (n: number) =>
    `<p role="heading" aria-level="3" style="margin:0;font-size:12px;line-height:16px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:var(--poptin-muted)">${text(words.step.replace('{n}', String(n)))}</p>`;
  const back = `<button type="button" data-poptin-step-go="back" style="box-sizing:border-box;min-height:44px;margin:-10px -8px;padding:4px 8px;font-family:inherit;font-size:14px;line-height:20px;font-weight:600;color:var(--poptin-accent);background:transparent;border:0;border-radius:var(--poptin-radius);cursor:pointer">‹ ${text(words.back)}</button>`;
  const head = (n: number, extra = '') =>
    `<div style="display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:24px">${where(n)}${extra}</div>`;
  const step = (name: string, ...parts: string[]) =>
    `<section data-poptin-step="${name}" class="poptin-step" style="${open[1]}">${parts.join('')}</section>`;
  const steps =
    step(
      'email',
      head(1),
      email,
      `<button type="button" data-poptin-step-go="details" style="${submit}">${text(words.next)}</button>`,
    ) + step('details', head(2, back), ...rows.filter((row) => row !== email));
  return html.slice(0, start) + steps + html.slice(end);
}

export function templateFile(spec: TemplateSpec, language: Language): Record<string, unknown> {
  const copy = spec[language];
  const tokens = tokensOf(spec.palette, spec.font ?? 'sans', spec.radius ?? 'soft', language);
  const inPage = spec.type === 'embedded' || spec.type === 'content';
  const fields = (spec.fields ?? []).map((name) => FIELDS[name][language]);
  const lead = fields.length > 0;
  const withoutQuestion = templateHtml(
    { language, tokens },
    {
      layout: spec.layout,
      copy,
      fields,
      image: spec.image,
      countdownMinutes: spec.countdownMinutes,
      href: spec.href,
      downloadHref: spec.downloadHref,
      coupon: spec.coupon,
      game: spec.game ? GAME_TAGS[spec.game] : undefined,
      closable: !inPage && !spec.contentLock,
    },
  );
  const split = spec.steps ? withSteps(withoutQuestion, spec.steps[language]) : withoutQuestion;
  const html = spec.question ? withQuestion(split, spec.question[language]) : split;
  // A thank-you screen that holds a code or a download stays until the visitor closes it.
  const keepsThanks = Boolean(spec.coupon || spec.downloadHref);
  const design: Record<string, string> = {
    poptin_design_entry_effect: 'form-fadeIn',
    poptin_design_exit_effect: 'form-fadeOut',
    poptin_design_thank_screen: lead && spec.type !== 'gamified' ? 'yes' : 'no',
    ...(lead && spec.type !== 'gamified'
      ? {
          poptin_design_thank_screen_auto_close: keepsThanks ? 'no' : 'yes',
          poptin_design_thank_screen_auto_close_sec: '5',
        }
      : {}),
    ...(inPage ? {} : { poptin_location: spec.location ?? 'center-middle' }),
    ...(spec.contentLock ? { poptin_design_content_lock: 'yes' } : {}),
    ...(spec.design ?? {}),
  };
  const config: Record<string, unknown> = {
    poptin_name: copy.name,
    poptin_type: spec.type,
    poptin_format: spec.format ?? 'format_1',
    poptin_target: lead ? 'lead' : 'click',
    ...triggerSettings(spec),
    d_f_r: inPage ? 'all@display_everytime_everypage' : 'all@display_once_per_session',
    x_close_button: 'no',
    if_poptin_credit: 'no',
    is_teasers_on: spec.design?.teaser_show_mode ? 'yes' : 'no',
    stop_showing_to_converted_users: lead ? 'yes' : 'no',
    design_properties: {
      ...design,
      ...(spec.design?.teaser_show_mode ? { teaser_text: copy.eyebrow ?? copy.name } : {}),
    },
    poptin_url: '',
    poptin: html,
    ...(spec.game ? { gamified_prize: prizesOf(language), wheel_has_coupon: 1 } : {}),
  };
  return {
    name: copy.name,
    kind: spec.kind ?? spec.type,
    ...(spec.game ? { game: spec.game } : {}),
    goal: spec.goal,
    description: copy.description,
    language,
    tokens: Object.fromEntries(TOKEN_NAMES.map((name) => [`--poptin-${name}`, tokens[name]])),
    config,
  };
}

/** Every file the catalogue makes, by file name. */
export function allTemplateFiles(): Map<string, string> {
  const problems = [...new Set(CATALOG.map((spec) => spec.palette))].flatMap((name) =>
    contrastProblems(name as PaletteName),
  );
  if (problems.length) throw new Error(`colours under 4.5:1: ${problems.join('; ')}`);
  const files = new Map<string, string>();
  for (const spec of CATALOG)
    for (const language of LANGUAGES)
      files.set(`${spec.id}.${language}.json`, `${JSON.stringify(templateFile(spec, language), null, 2)}\n`);
  return files;
}

// ---- examples/templates.html: each template as a demo pop-up of the example server ----

/** The demo pop-ups' ids the page had before the catalogue grew, kept so that links to them still work. */
const EXAMPLE_IDS: Record<string, string> = {
  lightbox: 'tpllightbox',
  bar: 'tplbar00000',
  'slide-in': 'tplslidein0',
  'full-page': 'tplfullpage',
  mobile: 'tplmobile00',
  social: 'tplsocial00',
  wheel: 'tplwheel000',
  'scratch-card': 'tplscratchc',
  'gift-box': 'tplgiftbox0',
  embedded: 'tplembedded',
  content: 'tplcontent0',
};

export function examplePoptinId(id: string, language: Language): string {
  const stem = EXAMPLE_IDS[id] ?? `t${createHash('sha1').update(id).digest('hex').slice(0, 10)}`;
  return `${stem}${language}`;
}

const inPage = (spec: TemplateSpec) => spec.type === 'embedded' || spec.type === 'content';

/** A demo pop-up file per template and language, opened by a click on the templates page (in-page kinds in place). */
export function examplePopupFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const spec of CATALOG)
    for (const language of LANGUAGES) {
      const file = {
        client_id: 'demo',
        poptin_id: examplePoptinId(spec.id, language),
        template: `${spec.id}.${language}`,
        ...(inPage(spec) ? {} : { on_click: 'yes' }),
        display_after_sec_active: 'no',
        display_after_scroll_active: 'no',
        display_after_page_click_number_active: 'no',
        display_after_visit_page_active: 'no',
        display_after_inactive_seconds_active: 'no',
        display_after_exit_website_active: 'no',
        d_f_r: 'all@display_everytime_everypage',
        stop_showing_to_converted_users: 'no',
        page_targeting: [{ operator: 'contain', value: '/examples/templates.html', show: 'show' }],
      };
      files.set(`template-${spec.id}-${language}.json`, `${JSON.stringify(file, null, 2)}\n`);
    }
  return files;
}

const LIST_START = '<!-- templates: written by scripts/templates/build-templates.ts -->';
const LIST_END = '<!-- /templates -->';

/** The page with its list of templates written between the markers. */
export function examplesPage(page: string): string {
  const at = page.indexOf(LIST_START);
  const end = page.indexOf(LIST_END);
  if (at < 0 || end < 0) throw new Error(`${EXAMPLES_PAGE} lacks the markers ${LIST_START} … ${LIST_END}`);
  const line = (spec: TemplateSpec) =>
    `      <li>${spec.en.name}${spec.type === 'mobile' ? ' (phones only)' : ''}: <button type="button" data-poptin-id="${examplePoptinId(spec.id, 'en')}">English</button> <button type="button" data-poptin-id="${examplePoptinId(spec.id, 'he')}" lang="he">${spec.he.name}</button></li>`;
  const places = (spec: TemplateSpec) =>
    LANGUAGES.map(
      (language) =>
        `    <h3${language === 'he' ? ' lang="he"' : ''}>${spec[language].name}</h3>\n    <poptin-embed poptin-id="${examplePoptinId(spec.id, language)}"></poptin-embed>`,
    ).join('\n');
  const list = [
    LIST_START,
    '    <ul class="demos">',
    ...CATALOG.filter((spec) => !inPage(spec)).map(line),
    '    </ul>',
    '    <h2>In the page</h2>',
    ...CATALOG.filter(inPage).map(places),
    `    ${LIST_END}`,
  ].join('\n');
  return page.slice(0, at) + list + page.slice(end + LIST_END.length);
}

async function writeFolder(dir: string, files: Map<string, string>, owns: (file: string) => boolean) {
  for (const old of await readdir(dir)) if (owns(old) && !files.has(old)) await rm(path.join(dir, old));
  for (const [name, text] of files) await writeFile(path.join(dir, name), text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = allTemplateFiles();
  await writeFolder(TEMPLATES_DIR, files, (file) => file.endsWith('.json'));
  await writeFolder(EXAMPLE_POPUPS_DIR, examplePopupFiles(), (file) => /^template-.*\.json$/.test(file));
  await writeFile(EXAMPLES_PAGE, examplesPage(await readFile(EXAMPLES_PAGE, 'utf8')));
  console.log(`${files.size} template files written to ${TEMPLATES_DIR}, their demos to examples/`);
}
