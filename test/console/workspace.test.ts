// The editor's workspace in Chromium against the fake owner API: kind, format and place chosen from named pictures
// (only the choices that change something), and the room the live preview gets at a laptop's and a phone's width.
// Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import {
  axeViolations,
  newEditor as newEditorIn,
  signInWithKeyboard,
  startFakeConsole,
  stopFakeConsole,
} from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const newEditor = (width?: number, height?: number) => newEditorIn(browser, fake, width, height);

const radioNames = (page: Page, group: string) =>
  page
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.querySelector('span')?.textContent ?? ''));

describe('console: kind, format and place from pictures', () => {
  it('offers a format only where it changes something, each a named picture, chosen with the arrow keys', async () => {
    const { page, id } = await newEditor();
    await page.getByRole('tab', { name: 'Design' }).click();
    const kinds = page.getByRole('group', { name: 'Kind', exact: true });
    // A centred window's formats all draw alike: no numbered styles to choose from. (A person clicks the pictures.)
    await kinds.getByRole('radio', { name: 'Centred window' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: /^Style \d+$/ }).count(), 0);

    await kinds.locator('label', { hasText: 'Social bar' }).click();
    const entrance = page.getByRole('group', { name: 'How it comes in', exact: true });
    assert.deepEqual(await radioNames(page, 'How it comes in'), ['Slides in', 'Appears at once']);
    assert.equal(await entrance.locator('label svg').count(), 2, 'each choice is a picture');
    assert.equal(await entrance.getByRole('radio', { name: 'Slides in' }).isChecked(), true);
    await entrance.getByRole('radio', { name: 'Slides in' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await entrance.getByRole('radio', { name: 'Appears at once' }).isChecked(), true);
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.equal(fake.popups.get(id)?.draft.poptin_format, 'format_3');

    await kinds.locator('label', { hasText: 'Phone bottom sheet' }).click();
    assert.deepEqual(await radioNames(page, 'What its button does'), ['Sends the form', 'Calls your number']);
    await page.locator('label', { hasText: 'Calls your number' }).click();
    // A bar or a phone's sheet runs along an edge: only the top or the bottom is theirs to choose.
    assert.deepEqual(await radioNames(page, 'Position'), ['Top', 'Bottom']);
    await page.getByRole('group', { name: 'Position', exact: true }).locator('label', { hasText: 'Top' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForFunction(async (popup) => {
      const answer = await fetch(`/api/owner/demo/popups/${popup}`).then((response) => response.json());
      return answer.popup.draft.poptin_format === 'format_1';
    }, id);
    const design = fake.popups.get(id)?.draft.design_properties as Record<string, unknown> | undefined;
    assert.match(String(design?.poptin_location), /top/);

    // A full page sits where it is: no place to choose.
    await kinds.locator('label', { hasText: 'Full page' }).click();
    assert.equal(await page.getByRole('group', { name: 'Position', exact: true }).count(), 0);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});

describe('console: the live preview has room', () => {
  it('draws the desktop preview at its width beside the parts at 1280 px', async () => {
    const { page } = await newEditor(1280, 900);
    const desktop = page.locator('[data-preview-width="560"]');
    await desktop.getByRole('heading', { name: 'Join our newsletter' }).waitFor();
    const frame = await desktop.boundingBox();
    const parts = await page.locator('.workspace-edit').boundingBox();
    assert.ok(frame && frame.width >= 540, `the desktop preview is ${frame?.width} px wide`);
    assert.ok(parts && frame.x >= parts.x + parts.width, 'the preview is beside the parts, not under them');
    assert.ok(frame.x + frame.width <= 1280, 'and on the screen');
    await page.context().close();
  });

  it('keeps the preview off the rules at 1280 px when the owner scrolls down to them', async () => {
    const { page } = await newEditor(1280, 900);
    await page.getByRole('link', { name: 'Go to the settings' }).click();
    const rules = page.getByRole('heading', { level: 2, name: 'Settings' });
    await page.waitForFunction(
      () => (document.querySelector('.workspace-rules')?.getBoundingClientRect().top ?? 900) < 300,
    );
    const preview = await page.locator('.workspace-preview').boundingBox();
    const heading = await rules.boundingBox();
    assert.ok(preview && heading, 'both are drawn');
    const visible = (box: { y: number; height: number }) => box.y + box.height > 0 && box.y < 900;
    // The settings begin near the top of the window: the preview above them has scrolled away with the parts.
    assert.ok(
      !visible(preview) || preview.y + preview.height <= heading.y,
      `the preview (${Math.round(preview.y)}–${Math.round(preview.y + preview.height)} px) covers the settings at ${Math.round(heading.y)} px`,
    );
    await page.context().close();
  });

  it('stacks the parts, the preview and the rules at 390 px, nothing wider than the phone', async () => {
    const { page } = await newEditor(390, 844);
    const desktop = page.locator('[data-preview-width="560"]');
    await desktop.getByRole('heading', { name: 'Join our newsletter' }).waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    const [parts, preview, rules] = await Promise.all(
      ['.workspace-edit', '.workspace-preview', '.workspace-rules'].map((selector) =>
        page.locator(selector).boundingBox(),
      ),
    );
    assert.ok(parts && preview && rules && parts.y < preview.y && preview.y < rules.y, 'one above the other');
    const frame = await desktop.boundingBox();
    assert.ok(frame && frame.x >= 0 && frame.x + frame.width <= 390, 'the preview fits the phone');
    await page.context().close();
  });
});

describe('console: amounts in the settings', () => {
  for (const width of [1280, 390]) {
    it(`puts an amount and its unit on one line under the setting's name at ${width} px`, async () => {
      const { page } = await newEditor(width, 900);
      const setting = page.getByRole('checkbox', { name: 'After time on the page' });
      if (!(await setting.isChecked())) await setting.check();
      const amount = page.getByRole('spinbutton', { name: 'After time on the page (seconds)' });
      await amount.fill('12');
      const [name, field, unit] = await Promise.all([
        page.locator('label', { hasText: 'After time on the page' }).boundingBox(),
        amount.boundingBox(),
        amount.evaluate((input) => {
          const box = input.nextElementSibling?.getBoundingClientRect();
          return box && { text: input.nextElementSibling?.textContent, y: box.y, height: box.height, x: box.x };
        }),
      ]);
      assert.ok(name && field && unit, 'the name, the field and the unit are drawn');
      assert.equal(unit.text, 'seconds');
      assert.ok(field.y >= name.y + name.height - 1, 'the amount is under the name');
      const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
      assert.ok(
        Math.abs(middle(field) - middle(unit)) < 4,
        `the unit (${Math.round(middle(unit))}) is on the amount's line (${Math.round(middle(field))})`,
      );
      assert.ok(unit.x > field.x + field.width, 'after the amount');
      await page.context().close();
    });
  }
});

describe("console: a pop-up's screens in the parts", () => {
  it('calls the first screen of a pop-up without a form its main screen, and of one with a form its form', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInWithKeyboard(page, fake);
    const barId = await page.evaluate(async () => {
      const response = await fetch('/api/owner/demo/popups', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          config: {
            poptin_name: 'Free delivery bar',
            poptin_type: 'bar',
            poptin_format: 'format_1',
            poptin_target: 'lead',
            design_properties: {},
            poptin:
              '<div data-poptin-screen="form" style="padding:12px"><h2 data-poptin-part="headline">Free delivery today</h2>' +
              '<a data-poptin-part="button" href="/shop">Shop now</a></div>',
          },
        }),
      });
      return ((await response.json()) as { popup: { id: string } }).popup.id;
    });
    await page.goto(`${fake.url}/console/sites/demo/popups/${barId}`);
    await page.getByRole('textbox', { name: 'Headline' }).waitFor();
    assert.equal(await page.getByRole('group', { name: 'Main screen' }).count(), 1);
    assert.equal(await page.getByRole('group', { name: 'Form', exact: true }).count(), 0);
    await context.close();

    const { page: newsletter } = await newEditor(1280, 900);
    await newsletter.getByRole('group', { name: 'Form', exact: true }).waitFor();
    assert.equal(await newsletter.getByRole('group', { name: 'Main screen' }).count(), 0);
    await newsletter.context().close();
  });
});

describe('console: the click-to-open snippet', () => {
  it('shows the tag to copy whole in the rules, not cut at their edge, at 1280 px', async () => {
    const { page, id } = await newEditor(1280, 900);
    const setting = page.getByRole('checkbox', { name: 'Click to open' });
    if (!(await setting.isChecked())) await setting.check();
    const tag = page.locator('.workspace-rules .snippet pre').filter({ hasText: 'data-poptin-id' });
    assert.equal((await tag.textContent())?.includes(`data-poptin-id="${id}"`), true);
    assert.ok(await tag.evaluate((pre) => pre.scrollWidth <= pre.clientWidth), 'nothing of it is out of sight');
    await page.context().close();
  });
});

describe('console: game prizes', () => {
  for (const width of [1280, 390]) {
    it(`shows each prize's whole label and every field of it inside the prizes' panel at ${width} px`, async () => {
      const { page } = await newEditor(width, 900);
      await page.getByRole('tab', { name: 'Design' }).click();
      const kinds = page.getByRole('group', { name: 'Kind', exact: true });
      await kinds.getByRole('radio', { name: 'Centred window' }).focus();
      // From the first kind, the arrow back wraps to the last: the game.
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('button', { name: 'Add a prize' }).click();
      await page.getByRole('button', { name: 'Add a prize' }).click();
      await page.getByRole('textbox', { name: 'Label 1' }).fill('Free shipping');
      await page.getByRole('textbox', { name: 'Coupon code 1' }).fill('FREESHIP');
      await page.getByRole('textbox', { name: 'Label 2' }).fill('Try again');
      const panel = page.getByRole('group', { name: 'Game prizes' });
      await panel.scrollIntoViewIfNeeded();
      const outside = await panel.evaluate((fieldset) => {
        const box = fieldset.getBoundingClientRect();
        return [...fieldset.querySelectorAll('input, button')]
          .filter((control) => {
            const { left, right } = control.getBoundingClientRect();
            return left < box.left - 0.5 || right > box.right + 0.5;
          })
          .map((control) => control.getAttribute('aria-label') ?? control.textContent);
      });
      assert.deepEqual(outside, [], 'every field and button of the prizes is inside their panel');
      const label = page.getByRole('textbox', { name: 'Label 1' });
      assert.ok(
        await label.evaluate((input) => input.scrollWidth <= input.clientWidth),
        `the label "Free shipping" is seen whole (its field is ${(await label.boundingBox())?.width} px wide)`,
      );
      assert.ok(
        (await page.evaluate(() => document.documentElement.scrollWidth)) <= width,
        'nothing wider than the window',
      );
      assert.deepEqual(await axeViolations(page), []);
      // In Hebrew, a label written in English still reads left to right.
      await page.getByRole('combobox', { name: 'Language' }).selectOption('he');
      await page.getByRole('group', { name: 'פרסי המשחק' }).waitFor();
      assert.equal(
        await page.getByRole('textbox', { name: 'שם 1' }).evaluate((input) => input.matches(':dir(ltr)')),
        true,
      );
      await page.context().close();
    });
  }
});

describe('console: images', () => {
  it("offers the upload as a button in the console's words, not the browser's file control", async () => {
    const { page } = await newEditor(390, 844);
    const upload = page.getByLabel('Upload an image').first();
    await upload.waitFor({ state: 'attached' });
    const box = await upload.boundingBox();
    assert.ok(!box || box.width <= 1, `the browser's control is ${box?.width} px wide`);
    const button = page.locator('label', { has: upload });
    assert.equal(await button.evaluate((label) => label.textContent), 'Upload an image');
    assert.equal(await button.evaluate((label) => getComputedStyle(label).cursor), 'pointer');
    // Reached with the keyboard, the button shows the focus ring.
    await upload.focus();
    await page.keyboard.press('Shift+Tab');
    // Back to it with Tab (a text part focused on the way shows its dynamic-text button first).
    for (
      let presses = 0;
      presses < 4 && !(await upload.evaluate((input) => input === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    assert.notEqual(await button.evaluate((label) => getComputedStyle(label).outlineStyle), 'none');
    await page.context().close();
  });
});

describe('console: design tokens', () => {
  it("tells a pill-shaped template's corners as they are, and lets the owner leave the pill for a size and back", async () => {
    const { page, id } = await newEditor();
    const stored = fake.popups.get(id)!;
    stored.draft = {
      ...stored.draft,
      poptin: String(stored.draft.poptin).replaceAll('--poptin-radius:12px', '--poptin-radius:999px'),
    };
    await page.reload();
    await page.getByRole('tab', { name: 'Design' }).click();
    // The games are three: the gift box is one of them.
    await page
      .getByRole('group', { name: 'Kind', exact: true })
      .getByRole('radio', { name: 'Game: wheel, scratch card or gift box' })
      .waitFor();
    const pill = page.getByRole('checkbox', { name: 'Fully round (pill)' });
    const slider = page.getByRole('slider', { name: 'Corner roundness' });
    assert.equal(await pill.isChecked(), true, 'a 999px corner is a pill');
    assert.equal(await slider.isDisabled(), true, 'the slider does not pretend to hold 999px');
    await pill.uncheck();
    assert.equal(await slider.isDisabled(), false);
    await slider.fill('16');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.match(String(fake.popups.get(id)?.draft.poptin), /--poptin-radius:16px/);
    await pill.check();
    assert.equal(await slider.isDisabled(), true);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForFunction(async (popup) => {
      const answer = await fetch(`/api/owner/demo/popups/${popup}`).then((response) => response.json());
      return String(answer.popup.draft.poptin).includes('--poptin-radius:999px');
    }, id);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});
