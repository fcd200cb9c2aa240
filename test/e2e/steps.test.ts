// A pop-up in steps through the real server (design §2, "Steps"): a Yes/No question, then the e-mail, then the name
// and phone; the lead arrives once with every step's answers, and the pop-up's stats count the answer. A visitor who
// closes after the e-mail step leaves a partial lead when the owner keeps them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatsReport } from '../../src/core/api/insights-contract.ts';
import { eventually, FIXTURES_ENV, ownerGet, ownerLeads, useBrowserAndServer } from './harness.ts';

const extraFields = (fields: Record<string, unknown>) =>
  JSON.parse(String(fields.newExtraFields ?? '[]')) as { name: string; value: string; created_as: string }[];

describe('a pop-up in steps', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  it('Yes, the e-mail, then name and phone: one lead with every answer, the answer counted in the stats', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/steps.html`);
    await page.getByRole('button', { name: 'Open the offer' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixturestep01"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByRole('heading', { name: 'Want 10% off?' }).waitFor();
    assert.equal(await popup.getByLabel('Email').isVisible(), false, 'one step at a time');

    await popup.getByRole('button', { name: 'Yes' }).click();
    const emailHeading = popup.getByRole('heading', { name: 'Where shall we send it?' });
    await emailHeading.waitFor();
    assert.equal(
      await emailHeading.evaluate(
        (heading) =>
          heading.getRootNode() instanceof ShadowRoot &&
          (heading.getRootNode() as ShadowRoot).activeElement === heading,
      ),
      true,
    );
    await popup.getByRole('button', { name: 'Next' }).click();
    assert.equal(await emailHeading.isVisible(), true, 'an empty e-mail keeps the step');
    await popup.getByLabel('Email').fill('steps.visitor@example.com');
    await popup.getByLabel('Email').press('Enter');
    await popup.getByRole('heading', { name: 'Almost there' }).waitFor();
    await popup.getByLabel('Name').fill('Ada Lovelace');
    await popup.getByRole('button', { name: 'Back' }).click();
    assert.equal(await popup.getByLabel('Email').inputValue(), 'steps.visitor@example.com');
    await popup.getByRole('button', { name: 'Next' }).click();
    assert.equal(await popup.getByLabel('Name').inputValue(), 'Ada Lovelace');
    await popup.getByLabel('Phone').fill('050 123 4567');
    await popup.getByRole('button', { name: 'Get my code' }).click();
    await popup.getByRole('heading', { name: 'Thank you!' }).waitFor();

    const lead = await eventually('the lead in the owner API', async () =>
      (await ownerLeads(shared.server, 'widget')).find((found) => found.email === 'steps.visitor@example.com'),
    );
    assert.equal(lead.name, 'Ada Lovelace');
    assert.equal(lead.phone, '050 123 4567');
    assert.equal(lead.partial, false);
    const answer = extraFields(lead.fields).find((field) => field.name === 'Wants discount');
    assert.deepEqual([answer?.value, answer?.created_as], ['Yes', 'step-choice']);
    await page.waitForTimeout(500);
    const all = await ownerLeads(shared.server, 'widget');
    assert.equal(all.filter((found) => found.email === 'steps.visitor@example.com').length, 1, 'sent once');

    const today = new Date().toISOString().slice(0, 10);
    const report = await ownerGet<StatsReport>(
      shared.server,
      `/api/owner/widget/stats/report?from=${today}&to=${today}&popup=fixturestep01`,
    );
    assert.deepEqual(report.by_choice, [{ question: 'Wants discount', answer: 'Yes', leads: 1 }]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('closed after the e-mail step: a partial lead, marked, when the owner keeps them', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/steps-partial.html`);
    await page.getByRole('button', { name: 'Open the offer' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixturestep02"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByLabel('Email').fill('partial.visitor@example.com');
    await popup.getByRole('button', { name: 'Next' }).click();
    await popup.getByRole('heading', { name: 'Almost there' }).waitFor();
    await popup.locator('[part~="close-button"]').click();
    await popup.locator('dialog[open]').waitFor({ state: 'detached' });
    const lead = await eventually('the partial lead in the owner API', async () =>
      (await ownerLeads(shared.server, 'widget')).find((found) => found.email === 'partial.visitor@example.com'),
    );
    assert.equal(lead.partial, true);
    assert.equal(lead.fields.partial, 'yes');
    await context.close();
  });
});
