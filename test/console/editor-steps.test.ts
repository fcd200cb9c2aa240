// Steps in the editor (design §2, "Steps"): a Yes/No question put before the form and the form split into an
// e-mail step and a details step, played in the live preview, and the partial-lead option. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, newEditor as newEditorIn, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const newEditor = () => newEditorIn(browser, fake);

const draftOf = (id: string) => fake.popups.get(id)?.draft as Record<string, unknown> | undefined;

async function save(page: Page, id: string, check: (draft: Record<string, unknown>) => boolean): Promise<void> {
  await page.getByRole('button', { name: 'Save draft' }).click();
  const deadline = Date.now() + 10_000;
  while (!check(draftOf(id) ?? {})) {
    if (Date.now() > deadline) throw new Error('the draft was not saved as expected');
    await page.waitForTimeout(100);
  }
}

describe('console: a pop-up in steps', () => {
  it('adds a Yes/No question the preview plays, names it, and keeps partial leads when asked', async () => {
    const { page, id } = await newEditor();
    const steps = page.getByRole('group', { name: 'Steps', exact: true });
    await steps.getByRole('button', { name: 'Ask a Yes/No question first' }).click();
    await steps.getByRole('textbox', { name: 'Question', exact: true }).fill('Do you like shoes?');
    const preview = page.locator('.live-preview');
    await preview.getByRole('heading', { name: 'Do you like shoes?' }).waitFor();
    assert.equal(await preview.getByRole('heading', { name: 'Join our newsletter' }).isVisible(), false);
    // No closes a visitor's pop-up; the preview stays, for the owner to go on.
    await preview.getByRole('button', { name: 'No, thanks' }).click();
    await page.waitForTimeout(500);
    assert.equal(await preview.getByRole('heading', { name: 'Do you like shoes?' }).isVisible(), true);
    await preview.getByRole('button', { name: 'Yes, please' }).click();
    await preview.getByRole('heading', { name: 'Join our newsletter' }).waitFor();
    await steps.getByRole('checkbox', { name: /Keep a partial lead/ }).check();
    assert.deepEqual(await axeViolations(page), []);
    await save(page, id, (draft) => String(draft.poptin).includes('data-poptin-step="question"'));
    const draft = draftOf(id)!;
    const buttons = String(draft.poptin).match(/<button [^>]*data-poptin-step-go="(?:offer|close)"[^>]*>/g) ?? [];
    assert.equal(buttons.length, 2);
    assert.match(buttons[0]!, /data-poptin-step-go="offer" .*name="Do you like shoes\?" value="Yes"/);
    assert.match(buttons[1]!, /data-poptin-step-go="close" .*name="Do you like shoes\?" value="No"/);
    assert.equal((draft.design_properties as Record<string, unknown>).steps_partial_lead, true);
    await page.context().close();
  });

  it('splits the form, e-mail first, once it has another field; Next in the preview checks the e-mail', async () => {
    const { page, id } = await newEditor();
    const steps = page.getByRole('group', { name: 'Steps', exact: true });
    const split = steps.getByRole('button', { name: 'Split the form: e-mail first, then the other fields' });
    assert.equal(await split.isDisabled(), true, 'one field: nothing to split');
    await page.getByRole('button', { name: 'Add a field', exact: true }).click();
    await split.click();
    const preview = page.locator('.live-preview');
    // The e-mail step lines up as the form did: centred in the pop-up, its Next button a gap below the field.
    const email = await preview.getByRole('textbox', { name: 'Email address' }).boundingBox();
    const next = await preview.getByRole('button', { name: 'Next', exact: true }).boundingBox();
    const screen = await preview.locator('[data-poptin-screen="form"]').boundingBox();
    assert.ok(email && next && screen);
    assert.ok(
      Math.abs(email.x + email.width / 2 - (screen.x + screen.width / 2)) <= 1,
      `the e-mail field is centred (its centre ${email.x + email.width / 2}, the pop-up's ${screen.x + screen.width / 2})`,
    );
    assert.ok(
      next.y - (email.y + email.height) >= 8,
      `a gap between the field and Next (${next.y - email.y - email.height} px)`,
    );
    await preview.getByRole('button', { name: 'Next', exact: true }).click();
    await preview.locator('.poptin-error', { hasText: 'This field is required' }).waitFor();
    await preview.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
    await preview.getByRole('button', { name: 'Next', exact: true }).click();
    await preview.getByRole('button', { name: 'Back', exact: true }).waitFor();
    assert.equal(await preview.getByRole('button', { name: 'Subscribe' }).isVisible(), true);
    await save(page, id, (draft) => String(draft.poptin).includes('data-poptin-step="email"'));
    await steps.getByRole('button', { name: 'Put the form back on one step' }).click();
    await save(page, id, (draft) => !String(draft.poptin).includes('data-poptin-step'));
    await page.context().close();
  });
});
