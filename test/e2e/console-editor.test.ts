// The pop-up editor end to end, on the real display server, as an owner works in it: a template's parts and design
// tokens edited with the preview following, a part clicked in the preview, form fields added, moved by keyboard and
// made required, undo and redo, an image uploaded to the server, the HTML tab round trip, and a pop-up made before
// parts opening in the HTML tab.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { OLD_TEMPLATE_HTML, PARTS_TEMPLATE_HTML } from '../console/parts-template.ts';
import { useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e console editor password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signedIn(): Promise<Page> {
  const { browser, server } = shared;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
  return page;
}

/** A pop-up of the demo site with this HTML, made through the owner API with the page's session; its editor open. */
async function openPopupWith(page: Page, name: string, html: string): Promise<string> {
  const { server } = shared;
  const response = await page.request.post(`${server.url}/api/owner/demo/popups`, {
    headers: { origin: server.url },
    data: {
      config: {
        poptin_name: name,
        poptin_type: 'lightbox',
        poptin_format: 'format_1',
        d_f_r: 'all@display_once_per_session',
        design_properties: { poptin_location: 'center-middle', poptin_design_thank_screen: 'yes' },
        poptin: html,
      },
    },
  });
  assert.equal(response.status(), 201, await response.text());
  const { popup } = (await response.json()) as { popup: { id: string } };
  await page.goto(`${server.url}/console/sites/demo/popups/${popup.id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return popup.id;
}

/** A style of a part as the pop-up drew it in its shadow root. */
function renderedStyle(page: Page, role: string, property: string): Promise<string> {
  return page.evaluate(
    ([part, name]) => {
      const root = document.querySelector('.preview-frame poptin-popup')?.shadowRoot;
      const element = root?.querySelector(`[data-poptin-part="${part}"]`);
      return element ? getComputedStyle(element).getPropertyValue(name) : 'not drawn';
    },
    [role, property],
  );
}

function renderedFieldNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document
        .querySelector('.preview-frame poptin-popup')
        ?.shadowRoot?.querySelectorAll<HTMLInputElement>('[data-poptin-part="fields"] input') ?? [],
    ).map((input) => `${input.name}${input.required ? '*' : ''}`),
  );
}

describe('owner console: the editor', () => {
  it('edits parts and tokens, picks a part in the preview, arranges fields, undoes and redoes, and uploads an image', async () => {
    const page = await signedIn();
    const id = await openPopupWith(page, 'Parts pop-up', PARTS_TEMPLATE_HTML);
    const preview = page.locator('.preview-frame');
    const form = page.getByRole('group', { name: 'Form', exact: true });

    // A headline and the accent colour, from the parts panel; the preview follows.
    await form.getByRole('textbox', { name: 'Headline' }).fill('Ten percent off today');
    await preview.getByRole('heading', { name: 'Ten percent off today' }).waitFor();
    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByLabel('Accent colour', { exact: true }).fill('#e11d48');
    await page.waitForFunction(
      () =>
        getComputedStyle(
          document
            .querySelector('.preview-frame poptin-popup')
            ?.shadowRoot?.querySelector('[data-poptin-part="button"]') ?? document.body,
        ).backgroundColor === 'rgb(225, 29, 72)',
    );

    // A click on the headline in the preview: its field, on the Content tab, has the focus; the part is outlined.
    await preview.getByRole('heading', { name: 'Ten percent off today' }).click();
    assert.equal(await page.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected'), 'true');
    await page.waitForFunction(() => document.activeElement?.id === 'part-form-headline');
    assert.equal(
      await form.getByRole('textbox', { name: 'Headline' }).evaluate((e) => e === document.activeElement),
      true,
    );
    assert.match(await renderedStyle(page, 'headline', 'outline-style'), /solid/);
    // The part stays outlined at the phone width, which draws the pop-up anew.
    await page.getByRole('radio', { name: 'Phone', exact: true }).check();
    await page.locator('[data-preview-width="360"]').getByRole('heading', { name: 'Ten percent off today' }).waitFor();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-preview-width="360"] poptin-popup')
          ?.shadowRoot?.querySelector('[data-poptin-part="headline"]')
          ?.hasAttribute('data-poptin-highlight') === true,
      undefined,
      { timeout: 5000 },
    );
    await page.getByRole('radio', { name: 'Desktop', exact: true }).check();
    // Focus on another part's field outlines that part instead.
    await form.getByRole('textbox', { name: 'Button text' }).focus();
    await page.waitForFunction(
      () =>
        document
          .querySelector('.preview-frame poptin-popup')
          ?.shadowRoot?.querySelector('[data-poptin-part="button"]')
          ?.hasAttribute('data-poptin-highlight') === true,
    );

    // A Phone field: added, moved up with Alt+ArrowUp (announced), made required.
    const fields = page.getByRole('group', { name: 'Form fields' });
    await fields.getByRole('combobox', { name: 'Field to add' }).selectOption({ label: 'Phone' });
    await fields.getByRole('button', { name: 'Add a field' }).click();
    const phone = fields.getByRole('group', { name: 'Phone', exact: true });
    await phone.getByRole('textbox', { name: 'Label' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await fields.getByText('Phone: now 1 of 2').waitFor();
    await page.waitForFunction(() => document.activeElement?.id?.endsWith('-Phone-label'));
    assert.deepEqual(await renderedFieldNames(page).then((names) => names.length), 2);
    await page.waitForFunction(
      () =>
        document
          .querySelector('.preview-frame poptin-popup')
          ?.shadowRoot?.querySelector('[data-poptin-part="fields"] input')
          ?.getAttribute('name') === 'Phone',
    );
    await phone.getByRole('checkbox', { name: 'Required' }).check();
    await phone.getByRole('combobox', { name: 'Check' }).selectOption({ label: 'International, by country' });
    await eventuallyNames(page, ['Phone*', 'Email*']);

    // Undo and redo, by keyboard and by the buttons.
    await page.keyboard.press('Control+z');
    await page.getByRole('status').filter({ hasText: 'Undone' }).waitFor();
    await page.keyboard.press('Control+z');
    await eventuallyNames(page, ['Phone', 'Email*']);
    assert.equal(await phone.getByRole('checkbox', { name: 'Required' }).isChecked(), false);
    await page.keyboard.press('Control+Shift+z');
    await page.getByRole('button', { name: 'Redo' }).click();
    await eventuallyNames(page, ['Phone*', 'Email*']);
    await page.getByRole('button', { name: 'Undo' }).click();
    assert.equal(await phone.getByRole('combobox', { name: 'Check' }).inputValue(), 'basic');
    await page.getByRole('button', { name: 'Redo' }).click();
    assert.equal(await phone.getByRole('combobox', { name: 'Check' }).inputValue(), 'international');

    // An image uploaded to the server; an SVG refused with the server's reason.
    const image = page.getByRole('group', { name: 'Image' });
    await image.getByLabel('Upload an image').setInputFiles({ name: 'cake.png', mimeType: 'image/png', buffer: PNG });
    await image.getByText('Image uploaded.').waitFor();
    const src = await image.getByRole('textbox', { name: /image address/ }).inputValue();
    assert.match(src, new RegExp(`^${shared.server.url}/images/[a-z0-9]{24}$`));
    const served = await page.request.get(src);
    assert.equal(served.headers()['content-type'], 'image/png');
    assert.equal(served.headers()['x-content-type-options'], 'nosniff');
    await page.waitForFunction(
      (address) =>
        document
          .querySelector('.preview-frame poptin-popup')
          ?.shadowRoot?.querySelector('[data-poptin-part="image"]')
          ?.getAttribute('src') === address,
      src,
    );
    await image.getByLabel('Upload an image').setInputFiles({
      name: 'x.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    });
    await image.getByText(/Unsupported Media Type|not a|unsupported/i).waitFor();
    await image.getByRole('textbox', { name: /image address/ }).fill('http://insecure.example/a.png');
    await image.getByText('The address must start with https://').waitFor();

    // The HTML tab: the parts' changes are there; a change there is read back by the parts panel.
    await page.getByRole('tab', { name: 'HTML' }).click();
    const code = page.getByRole('textbox', { name: 'HTML' });
    const text = (await code.textContent()) ?? '';
    assert.match(text, /data-poptin-part="headline"[^>]*>Ten percent off today</);
    assert.match(text, /--poptin-accent:#e11d48/);
    await code.fill(text.replace('Ten percent off today', 'Written in HTML'));
    await page.getByRole('tab', { name: 'Content' }).click();
    assert.equal(await form.getByRole('textbox', { name: 'Headline' }).inputValue(), 'Written in HTML');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    const stored = await page.request.get(`${shared.server.url}/api/owner/demo/popups/${id}`);
    const draft = String(((await stored.json()) as { popup: { draft: { poptin: string } } }).popup.draft.poptin);
    assert.match(draft, /Written in HTML/);
    assert.match(draft, /name="Phone"[^>]*required/);
    assert.match(draft, new RegExp(`src="${src}"`));
    await page.context().close();
  });

  it('opens a pop-up made before parts in the HTML tab, saying why', async () => {
    const page = await signedIn();
    await openPopupWith(page, 'Old pop-up', OLD_TEMPLATE_HTML);
    assert.equal(await page.getByRole('tab', { name: 'HTML' }).getAttribute('aria-selected'), 'true');
    await page.getByText(/made before templates named their parts/).waitFor();
    assert.match((await page.getByRole('textbox', { name: 'HTML' }).textContent()) ?? '', /An old pop-up/);
    await page.locator('.preview-frame').getByRole('heading', { name: 'An old pop-up' }).waitFor();
    await page.context().close();
  });
});

async function eventuallyNames(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (names) =>
      JSON.stringify(
        Array.from(
          document
            .querySelector('.preview-frame poptin-popup')
            ?.shadowRoot?.querySelectorAll<HTMLInputElement>('[data-poptin-part="fields"] input') ?? [],
        ).map((input) => `${input.name}${input.required ? '*' : ''}`),
      ) === JSON.stringify(names),
    expected,
  );
}
