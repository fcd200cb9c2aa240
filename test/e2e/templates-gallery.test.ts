// Every template an owner starts from, drawn by the built widget as a visitor's browser draws it, at a desktop and a
// phone width, in English and Hebrew: accessible (axe-core), nothing wider than the screen or its box, one panel (no
// card drawn inside the pop-up's card), the parts the console edits in place, and no promise the product cannot keep.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeGalleryTemplate,
  type GalleryLanguage,
  type GalleryTemplate,
  galleryPoptinId,
  routeGallery,
  showGalleryTemplate,
} from '../../scripts/template-gallery.ts';
import { TEMPLATE_GOALS, TEMPLATE_TOKENS, type TemplateSummary } from '../../server/owner/template-contract.ts';
import { TEMPLATE_RULES } from '../../src/core/sanitize.ts';
import { ownerGet, useBrowserAndServer } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PURIFY_SOURCE = readFileSync(createRequire(import.meta.url).resolve('dompurify/dist/purify.min.js'), 'utf8');
const LANGUAGES: GalleryLanguage[] = ['en', 'he'];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const KINDS_REQUIRED = ['lightbox', 'bar', 'sside', 'bside', 'fullpage', 'embedded', 'mobile', 'social', 'content'];
const GAMES_REQUIRED = ['wheel', 'scratch card', 'gift box'];

/**
 * Words that promise a message the product does not send: it shows a code on screen, thanks, or links to the
 * owner's download, and sends the visitor nothing (no email or text to visitors yet). Kept short on purpose: each
 * entry is a phrase such copy uses, in English or Hebrew.
 */
const PROMISES =
  /\binbox\b|\be-?mailed\b|we['’]ll (send|email|text)|sent to your|on (its|the) way|check your (e-?mail|phone)|נשלח (אליכם|לכם|למייל)|בדרך אליכם|תיבת הדואר/i;

interface Problem {
  template: string;
  problem: string;
}

async function templatesIn(url: string, language: GalleryLanguage, list: TemplateSummary[]) {
  return Promise.all(
    list.map(async (summary): Promise<GalleryTemplate> => {
      const { template } = await ownerGet<{ template: { config: Record<string, unknown> } }>(
        { url },
        `/api/owner/templates/${summary.id}?language=${language}`,
      );
      return { id: summary.id, kind: summary.kind, game: summary.game, config: template.config };
    }),
  );
}

/** What is wrong with the pop-up on screen, each of its screens shown in turn. */
function layoutProblems(page: Page, id: string): Promise<string[]> {
  return page.evaluate((poptinId) => {
    const problems: string[] = [];
    const root = document.querySelector(`poptin-popup[poptin-id="${poptinId}"]`)!.shadowRoot!;
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    const screens = Array.from(root.querySelectorAll<HTMLElement>('.content > [data-poptin-screen]'));
    const first = screens.find((screen) => !screen.hidden)!;
    const describe = (element: Element) =>
      `${element.localName}${element.getAttribute('data-poptin-part') ? `[${element.getAttribute('data-poptin-part')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const screen of screens) {
      for (const other of screens) other.hidden = other !== screen;
      const name = screen.getAttribute('data-poptin-screen');
      const box = panel.getBoundingClientRect();
      if (document.documentElement.scrollWidth > innerWidth + 1)
        problems.push(`${name}: the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
      if (box.left < -1 || box.right > innerWidth + 1)
        problems.push(`${name}: the panel runs off the screen (${Math.round(box.left)}…${Math.round(box.right)})`);
      if (panel.scrollWidth > panel.clientWidth + 1)
        problems.push(
          `${name}: the panel's content is wider than the panel (${panel.scrollWidth} > ${panel.clientWidth})`,
        );
      const own = screen.getBoundingClientRect();
      if (Math.abs(own.left - box.left) > 1 || Math.abs(own.right - box.right) > 1 || Math.abs(own.top - box.top) > 1)
        problems.push(`${name}: the screen does not fill the panel, a card drawn inside the card`);
      const roles = Array.from(screen.querySelectorAll('[data-poptin-part]')).map((part) =>
        part.getAttribute('data-poptin-part'),
      );
      for (const role of new Set(roles))
        if (roles.filter((other) => other === role).length > 1) problems.push(`${name}: the part ${role} twice`);
      for (const element of Array.from(screen.querySelectorAll<HTMLElement>('*'))) {
        // Drawings, fields and the spam trap (off-screen on purpose) are not text boxes.
        if (
          element.closest('svg, .poptin-trap') ||
          ['input', 'textarea', 'select', 'option'].includes(element.localName)
        )
          continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        // A game's inside is its own drawing (a gift box's lid overhangs its box); its box stays in the panel.
        const text = !element.localName.includes('-');
        if (text && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
          problems.push(
            `${name}: text overflows ${describe(element)} (${element.scrollWidth} > ${element.clientWidth})`,
          );
        if (rect.left < box.left - 1 || rect.right > box.right + 1)
          problems.push(`${name}: ${describe(element)} sticks out of the panel`);
      }
    }
    for (const other of screens) other.hidden = other !== first;
    return problems;
  }, id);
}

/** axe-core's WCAG 2.1 A/AA and best-practice rules over the pop-up on screen, its shadow DOM included. */
function axeProblems(page: Page, id: string): Promise<string[]> {
  return page.evaluate(async (poptinId) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [[`poptin-popup[poptin-id="${poptinId}"]`]] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    );
    return result.violations.map(
      (violation) =>
        `axe ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 2)
          .map((node) => JSON.stringify(node.target))
          .join(', ')})`,
    );
  }, id);
}

// The four drawings run side by side: much of each template's time is spent waiting on the page, not working.
describe('the template gallery', { concurrency: 4 }, () => {
  const shared = useBrowserAndServer();
  let list: TemplateSummary[] = [];
  const configs = {} as Record<GalleryLanguage, GalleryTemplate[]>;
  before(async () => {
    ({ templates: list } = await ownerGet<{ templates: TemplateSummary[] }>(shared.server, '/api/owner/templates'));
    for (const language of LANGUAGES) configs[language] = await templatesIn(shared.server.url, language, list);
  });

  it('offers 40 templates or more, each in English and Hebrew, for every goal, kind and game', async () => {
    assert.ok(list.length >= 40, `${list.length} templates`);
    for (const template of list) {
      assert.ok(template.name.en && template.name.he, `${template.id} is named in both languages`);
      assert.ok(template.description.en && template.description.he, `${template.id} is described in both`);
      for (const language of LANGUAGES)
        assert.deepEqual(Object.keys(template.tokens[language] ?? {}).sort(), [...TEMPLATE_TOKENS].sort());
    }
    assert.deepEqual(
      TEMPLATE_GOALS.filter((goal) => !list.some((template) => template.goal === goal)),
      [],
      'a template for every goal',
    );
    assert.deepEqual(
      KINDS_REQUIRED.filter((kind) => !configs.en.some((template) => template.config.poptin_type === kind)),
      [],
      'a template of every kind',
    );
    assert.deepEqual(
      GAMES_REQUIRED.filter((game) => !list.some((template) => template.game === game)),
      [],
      'a template of every game',
    );
  });

  it('lists the pictures the build made of each, served from the console', async () => {
    assert.deepEqual(
      list.filter((template) => !template.thumbnails.en || !template.thumbnails.he).map((template) => template.id),
      [],
      'every template pictured in both languages (npm run build makes them)',
    );
    const wheel = list.find((template) => template.id === 'wheel')!;
    assert.equal(wheel.thumbnail, '/console/templates/wheel.en.png');
    const picture = await fetch(`${shared.server.url}${wheel.thumbnails.he}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/png');
    const png = new Uint8Array(await picture.arrayBuffer());
    assert.equal(new DataView(png.buffer).getUint32(16), 480, 'the picture is 480 px wide');
  });

  it('promises only what the product does, in words read in their own direction', async () => {
    const problems: Problem[] = [];
    for (const language of LANGUAGES)
      for (const template of configs[language]) {
        const html = String(template.config.poptin);
        const words = html.replace(/<[^>]+>/g, ' ');
        const promise = PROMISES.exec(words);
        if (promise) problems.push({ template: `${template.id}.${language}`, problem: `promises "${promise[0]}"` });
        const roots = html.match(/<div data-poptin-screen="[^"]+"[^>]*>/g) ?? [];
        for (const root of roots)
          if (!root.includes(language === 'he' ? 'dir="rtl" lang="he"' : 'dir="ltr" lang="en"'))
            problems.push({
              template: `${template.id}.${language}`,
              problem: `a screen without its direction: ${root.slice(0, 60)}`,
            });
      }
    assert.deepEqual(problems, []);
  });

  it("passes the widget's sanitiser whole, so the editor has nothing to warn about in a fresh template", async () => {
    const page = await shared.browser.newPage();
    await page.addScriptTag({ content: PURIFY_SOURCE });
    const { CUSTOM_ELEMENT_HANDLING: elements = {}, ...rules } = TEMPLATE_RULES;
    const problems: Problem[] = [];
    for (const language of LANGUAGES)
      for (const template of configs[language]) {
        const removed = await page.evaluate(
          ({ html, rules, tagNames, attributeNames }) => {
            const purifier = (
              window as unknown as {
                DOMPurify: {
                  sanitize(html: string, rules: object): string;
                  removed: { element?: Element; attribute?: Attr | null; from?: Element }[];
                };
              }
            ).DOMPurify;
            purifier.sanitize(html, {
              ...rules,
              CUSTOM_ELEMENT_HANDLING: {
                tagNameCheck: new RegExp(tagNames),
                attributeNameCheck: new RegExp(attributeNames),
                allowCustomizedBuiltInElements: false,
              },
            });
            return purifier.removed.map((entry) =>
              entry.attribute ? `<${entry.from?.localName}> ${entry.attribute.name}` : `<${entry.element?.localName}>`,
            );
          },
          {
            html: String(template.config.poptin),
            rules,
            tagNames: (elements.tagNameCheck as RegExp).source,
            attributeNames: (elements.attributeNameCheck as RegExp).source,
          },
        );
        for (const removal of new Set(removed))
          problems.push({ template: `${template.id}.${language}`, problem: `the sanitiser removes ${removal}` });
      }
    await page.close();
    assert.deepEqual(problems, []);
  });

  for (const language of LANGUAGES)
    for (const viewport of WIDTHS)
      it(`every template at ${viewport.width} px in ${language === 'en' ? 'English' : 'Hebrew'}: accessible, inside its box, its parts in place`, async () => {
        const templates = configs[language];
        const context = await shared.browser.newContext({ viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.goto(await routeGallery(page, { templates, language, origin: shared.server.url }));
        await page.evaluate(AXE_SOURCE);
        const problems: Problem[] = [];
        for (const [index, template] of templates.entries()) {
          const id = galleryPoptinId(index);
          await showGalleryTemplate(page, index, template);
          const parts = await page.evaluate(
            (poptinId) =>
              Array.from(
                document
                  .querySelector(`poptin-popup[poptin-id="${poptinId}"]`)!
                  .shadowRoot!.querySelectorAll('.content > [data-poptin-screen]:not([hidden]) [data-poptin-part]'),
              ).map((part) => part.getAttribute('data-poptin-part')),
            id,
          );
          const missing = ['headline', ...(parts.includes('prizes') ? [] : ['button'])].filter(
            (role) => !parts.includes(role),
          );
          const found = [
            ...missing.map((role) => `no ${role} part on its first screen`),
            ...(await axeProblems(page, id)),
            ...(await layoutProblems(page, id)),
          ];
          problems.push(...found.map((problem) => ({ template: template.id, problem })));
          await closeGalleryTemplate(page, index);
        }
        await context.close();
        assert.deepEqual(problems, []);
        assert.deepEqual(errors, []);
      });
});
