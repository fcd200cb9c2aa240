import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PART_ROLES } from '../../scripts/templates/design.ts';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';
import { TEMPLATE_GOALS, TEMPLATE_TOKENS } from './template-contract.ts';
import { TEMPLATES_DIR, Templates } from './templates.ts';
import { validatePopupConfig } from './validate-popup.ts';

const shared = useTestApp();
const templates = new Templates();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };

/** A kind of pop-up or game an owner starts from, with the poptin_type it must have. */
const REQUIRED = [
  ['lightbox', 'lightbox'],
  ['bside', 'bside'],
  ['browsing', 'browsing'],
  ['bar', 'bar'],
  ['slide-in', 'sside'],
  ['fullpage', 'fullpage'],
  ['embedded', 'embedded'],
  ['mobile', 'mobile'],
  ['social', 'social'],
  ['content', 'content'],
  ['wheel', 'gamified'],
  ['scratch card', 'gamified'],
  ['gift box', 'gamified'],
] as const;

describe('templates', () => {
  it('offer every kind and game, each in English and Hebrew', async () => {
    const listed = await templates.list();
    for (const [kind, type] of REQUIRED) {
      const template = listed.find((entry) => (entry.game ?? entry.kind) === kind);
      assert.ok(template, `a ${kind} template`);
      assert.ok(template.name.en && template.name.he, `${kind} is named in both languages`);
      for (const language of ['en', 'he'] as const)
        assert.equal((await templates.config(template.id, language))?.poptin_type, type, `${kind} (${language})`);
    }
  });

  it('are each a configuration the display API accepts, designed to the template convention', async () => {
    for (const { id, kind } of await templates.list()) {
      for (const language of ['en', 'he'] as const) {
        const config = (await templates.config(id, language))!;
        const where = `${id}.${language}`;
        assert.deepEqual(validatePopupConfig(config), [], where);
        assert.doesNotThrow(() => parsePopupConfig({ ...config, poptin_id: 'abcdefghijklm' }), where);
        const html = String(config.poptin);
        assert.match(html, /data-poptin-screen="(form|play)"/, `${where} has a first screen`);
        assert.match(html, /font-family:/, `${where} sets its typography`);
        const locked = (config.design_properties as Record<string, unknown>).poptin_design_content_lock === 'yes';
        if (!['embedded', 'content'].includes(kind) && !locked)
          assert.match(
            html,
            /<button type="button" data-poptin-close aria-label="[^"]+"[^>]*><svg/,
            `${where} has a designed close button`,
          );
        if (language === 'he') assert.match(html, /dir="rtl" lang="he"/, `${where} reads right to left`);
        const fields = (html.match(/<(input|textarea) [^>]*>/g) ?? []).filter(
          (input) => !input.includes('type="hidden"'),
        );
        const labelled =
          (html.match(/<(input|textarea) [^>]*aria-label="[^"]+"/g) ?? []).length +
          (html.match(/<label [^>]*><span>[^<]+<\/span><(input|textarea) /g) ?? []).length +
          (html.match(/<label [^>]*><input type="(radio|checkbox)"[^>]*><span[^>]*>[^<]+<\/span>/g) ?? []).length;
        assert.equal(labelled, fields.length, `${where}: every field is labelled`);
        if (config.poptin_type === 'gamified') {
          const prizes = Object.values(config.gamified_prize as Record<string, { chances: number }>);
          assert.equal(
            prizes.reduce((sum, prize) => sum + prize.chances, 0),
            100,
            `${where}: the chances add up to 100 %`,
          );
          assert.match(html, /data-poptin-screen="win"[\s\S]*data-poptin-coupon/, `${where} shows the code won`);
        }
      }
    }
  });

  it('follow the parts and tokens convention the console edits them by (docs/templates.md)', async () => {
    const roles = new Set<string>(PART_ROLES);
    const listed = await templates.list();
    assert.ok(listed.length >= 40, `${listed.length} templates`);
    assert.deepEqual(
      TEMPLATE_GOALS.filter((goal) => !listed.some((template) => template.goal === goal)),
      [],
      'every goal has a template',
    );
    for (const { id, tokens } of listed) {
      for (const language of ['en', 'he'] as const) {
        const where = `${id}.${language}`;
        const html = String((await templates.config(id, language))!.poptin);
        const declared = Object.entries(tokens[language]!)
          .map(([name, value]) => `${name}:${value}`)
          .join(';');
        const screens = html.match(/<div data-poptin-screen="[^"]+"[^>]*>/g) ?? [];
        assert.ok(screens.length > 0, where);
        for (const root of screens)
          assert.ok(root.includes(`style="${declared};`), `${where}: ${root.slice(0, 50)} declares the tokens`);
        for (const screen of html.split(/(?=<div data-poptin-screen=)/).filter(Boolean)) {
          const parts = [...screen.matchAll(/data-poptin-part="([^"]+)"/g)].map((match) => match[1]!);
          assert.deepEqual(
            parts.filter((part) => !roles.has(part)),
            [],
            `${where}: roles`,
          );
          assert.equal(new Set(parts).size, parts.length, `${where}: a role at most once a screen (${parts})`);
        }
        // Past its tokens, a template names no colour or font of its own: they follow the tokens.
        const styles = [...html.matchAll(/style="([^"]*)"/g)].map((match) =>
          match[1]!.replace(declared, '').replace(/&quot;|'[^']*'/g, ''),
        );
        for (const style of styles) {
          assert.doesNotMatch(
            style,
            /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i,
            `${where}: a colour that is no token: ${style}`,
          );
          assert.doesNotMatch(style, /font-family:(?!var\(--poptin-font\)|inherit)/, `${where}: ${style}`);
        }
      }
    }
  });

  it('carry their goal, description, tokens and, once built, their pictures; a file without them is refused', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'templates-'));
    try {
      const pictures = path.join(dir, 'pictures');
      await writeFile(path.join(dir, 'lightbox.en.json'), await readFile(path.join(TEMPLATES_DIR, 'lightbox.en.json')));
      await writeFile(path.join(dir, 'lightbox.he.json'), await readFile(path.join(TEMPLATES_DIR, 'lightbox.he.json')));
      await mkdir(pictures);
      await writeFile(path.join(pictures, 'lightbox.he.png'), 'png');
      const [summary] = await new Templates(dir, pictures).list();
      assert.equal(summary!.goal, 'first-order-discount');
      assert.ok(summary!.description.en && summary!.description.he);
      assert.deepEqual(Object.keys(summary!.tokens.he!), [...TEMPLATE_TOKENS]);
      // Only the Hebrew picture was built: the English one is left out rather than linked broken.
      assert.deepEqual(summary!.thumbnails, { he: '/console/templates/lightbox.he.png' });
      assert.equal(summary!.thumbnail, '/console/templates/lightbox.he.png');
      assert.equal((await new Templates(dir, path.join(dir, 'none')).list())[0]!.thumbnail, undefined);

      const broken = JSON.parse(await readFile(path.join(TEMPLATES_DIR, 'bar.en.json'), 'utf8'));
      broken.goal = 'world-domination';
      delete broken.tokens['--poptin-accent'];
      await writeFile(path.join(dir, 'bar.en.json'), JSON.stringify(broken));
      await assert.rejects(
        new Templates(dir).list(),
        /bar\.en\.json: "goal" must be one of grow-list.*"tokens" needs --poptin-accent/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are served by the owner API', async () => {
    const list = await shared.app.inject({ method: 'GET', url: '/api/owner/templates', headers: AUTH });
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().templates.length >= 40);
    const wheel = list.json().templates.find((template: { id: string }) => template.id === 'wheel');
    assert.equal(wheel.goal, 'spin-to-win');
    assert.equal(wheel.description.he, 'קודם אימייל, אחר כך סיבוב; קוד הפרס מוצג על המסך.');
    assert.equal(wheel.tokens.en['--poptin-accent'], '#c2410c');
    const one = await shared.app.inject({
      method: 'GET',
      url: '/api/owner/templates/wheel?language=he',
      headers: AUTH,
    });
    assert.equal(one.json().template.id, 'wheel');
    assert.match(one.json().template.config.poptin, /poptin-spin-wheel/);
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/owner/templates/nothing', headers: AUTH })).statusCode,
      404,
    );
  });
});
