import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';
import { Templates } from './templates.ts';
import { validatePopupConfig } from './validate-popup.ts';

const shared = useTestApp();
const templates = new Templates();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };

/** A kind of pop-up or game an owner starts from, with the poptin_type it must have. */
const REQUIRED = [
  ['lightbox', 'lightbox'],
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
        if (!['embedded', 'content'].includes(kind))
          assert.match(
            html,
            /<button type="button" data-poptin-close aria-label="[^"]+"[^>]*><svg/,
            `${where} has a designed close button`,
          );
        if (language === 'he') assert.match(html, /dir="rtl" lang="he"/, `${where} reads right to left`);
        const fields = (html.match(/<input [^>]*>/g) ?? []).filter((input) => !input.includes('type="hidden"'));
        const labelled =
          (html.match(/<input [^>]*aria-label="[^"]+"/g) ?? []).length +
          (html.match(/<label [^>]*><span>[^<]+<\/span><input /g) ?? []).length;
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

  it('are served by the owner API', async () => {
    const list = await shared.app.inject({ method: 'GET', url: '/api/owner/templates', headers: AUTH });
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().templates.length >= REQUIRED.length);
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
