// An English template on a Hebrew page: the dialog is right to left, as the page is, and each text of the template
// reads in its own direction (dir="auto"), so that its punctuation stays where it was written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useBrowserAndServer } from './harness.ts';

const HEBREW_PAGE = `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><title>מבצע</title><script type="module" src="/dist/poptin.js?id=demo"></script></head>
<body><main><h1>מבצעים</h1><p><button type="button" data-poptin-id="demospinwheel">שחקו וזכו בהנחה</button></p></main></body>
</html>`;

describe('template text on a page of the other direction', () => {
  const shared = useBrowserAndServer();

  it("an English template in a Hebrew page's dialog: every text and prize reads left to right, the dialog stays right to left", async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    // At the wheel's own page address, which its page targeting asks for (the click call applies it).
    const address = `${shared.server.url}/examples/spin-wheel.html?lang=he`;
    await page.route(address, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: HEBREW_PAGE }));
    await page.goto(address);
    await page.getByRole('button', { name: 'שחקו וזכו בהנחה' }).click();
    const popup = page.locator('poptin-popup[poptin-id="demospinwheel"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByRole('heading', { name: 'Spin to win' }).waitFor();
    const directions = await popup.evaluate((host) => {
      const root = host.shadowRoot!;
      const texts = Array.from(root.querySelectorAll('[data-poptin-screen="play"] :is(h2, p, label, button)'));
      return {
        dialog: getComputedStyle(root.querySelector('dialog')!).direction,
        texts: texts.map((element) => `${element.localName} ${element.matches(':dir(ltr)') ? 'ltr' : 'rtl'}`),
      };
    });
    // The wheel's prizes too: in each label the first letter is drawn left of the last.
    const labels = await popup.locator('poptin-spin-wheel [part~="slice"] text').evaluateAll((texts) =>
      (texts as SVGTextElement[]).map((text) => {
        const last = text.getNumberOfChars() - 1;
        return `${text.textContent} ${text.getStartPositionOfChar(0).x < text.getStartPositionOfChar(last).x ? 'ltr' : 'rtl'}`;
      }),
    );
    assert.ok(labels.length >= 6, labels.join(', '));
    assert.deepEqual(
      labels.filter((label) => !label.endsWith('ltr')),
      [],
    );
    assert.equal(directions.dialog, 'rtl');
    assert.ok(directions.texts.length >= 2, directions.texts.join(', '));
    assert.deepEqual(
      directions.texts.filter((text) => !text.endsWith('ltr')),
      [],
    );
    await context.close();
  });
});
