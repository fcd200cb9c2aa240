// A pop-up in steps through the real server (design §2, "Steps"): a Yes/No question, then the e-mail, then the name
// and phone; the lead arrives once with every step's answers, and the pop-up's stats count the answer. A visitor who
// closes after the e-mail step leaves a partial lead when the owner keeps them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import type { StatsReport } from '../../src/core/api/insights-contract.ts';
import { eventually, FIXTURES_ENV, ownerGet, ownerLeads, requireProofOfWork, useBrowserAndServer } from './harness.ts';

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
    assert.deepEqual(report.by_choice, [{ question: 'Wants discount', answer: 'Yes', leads: 1, without_lead: 0 }]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('No closes the pop-up with no lead: its answer is counted in the stats all the same', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/steps.html`);
    await page.getByRole('button', { name: 'Open the offer' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixturestep01"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByRole('button', { name: 'No' }).click();
    await popup.locator('dialog[open]').waitFor({ state: 'detached' });
    const today = new Date().toISOString().slice(0, 10);
    const answers = await eventually('the answer in the stats', async () => {
      const report = await ownerGet<StatsReport>(
        shared.server,
        `/api/owner/widget/stats/report?from=${today}&to=${today}&popup=fixturestep01`,
      );
      return report.by_choice.find((row) => row.answer === 'No');
    });
    assert.deepEqual(answers, { question: 'Wants discount', answer: 'No', leads: 0, without_lead: 1 });
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

  /** The partial-leads pop-up, opened and taken through its question and e-mail steps to the name and phone. */
  async function atDetailsStep(page: Page, email: string) {
    await page.goto(`${shared.server.url}/examples/steps-partial.html`);
    await page.getByRole('button', { name: 'Open the offer' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixturestep02"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByRole('button', { name: 'Yes' }).click();
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Next' }).click();
    await popup.getByRole('heading', { name: 'Almost there' }).waitFor();
    return popup;
  }
  const leadsOf = async (email: string) =>
    (await ownerLeads(shared.server, 'widget')).filter((found) => found.email === email);

  /**
   * The visitor past the e-mail step goes to another page: the partial lead, sent as the page goes, reaches the owner.
   * `challengeHeldBack`: the first page's call for its proof-of-work challenge never answers.
   */
  async function leavesAfterEmailStep(email: string, { challengeHeldBack = false } = {}) {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    let holdChallenges = challengeHeldBack;
    const challengesAsked: string[] = [];
    await context.route('**/api/display/challenge/**', (route) => {
      challengesAsked.push(route.request().url());
      if (!holdChallenges) return route.continue();
    });
    await atDetailsStep(page, email);
    if (challengeHeldBack)
      await eventually('the first keystroke asks for a challenge', async () => challengesAsked.length === 1);
    holdChallenges = false;
    await page.goto(`${shared.server.url}/examples/steps.html`);
    const lead = await eventually('the partial lead in the owner API', async () => (await leadsOf(email))[0]);
    assert.equal(lead.partial, true);
    await context.close();
  }

  it('left for another page after the e-mail step: a partial lead, sent as the page goes', async () => {
    await leavesAfterEmailStep('leaving.visitor@example.com');
  });

  it('left for another page on a site that takes leads only with a proof of work: the partial lead still arrives', async () => {
    // The proof starts at the visitor's first keystroke; the partial lead, sent as the page goes, carries it.
    await requireProofOfWork(shared.server, 'widget', true);
    try {
      await leavesAfterEmailStep('hurried.visitor@example.com');
    } finally {
      await requireProofOfWork(shared.server, 'widget', false);
    }
  });

  it('left before its proof of work is found: the lead waits in the outbox, and the next page proves and sends it', async () => {
    await requireProofOfWork(shared.server, 'widget', true);
    try {
      await leavesAfterEmailStep('unproven.visitor@example.com', { challengeHeldBack: true });
    } finally {
      await requireProofOfWork(shared.server, 'widget', false);
    }
  });

  it('back from the back-forward cache and finished: one whole lead, the partial one made whole', async () => {
    // Playwright turns the back-forward cache off unless told not to.
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const popup = await atDetailsStep(page, 'returning.visitor@example.com');
    await page.evaluate(() =>
      addEventListener('pageshow', (event) => {
        (window as { restored?: boolean }).restored = event.persisted;
      }),
    );
    await page.goto(`${shared.server.url}/examples/steps.html`);
    const partial = await eventually(
      'the partial lead while the visitor is away',
      async () => (await leadsOf('returning.visitor@example.com'))[0],
    );
    assert.equal(partial.partial, true);
    // A page restored from the cache fires no load.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { restored?: boolean }).restored !== undefined);
    assert.equal(await page.evaluate(() => (window as { restored?: boolean }).restored), true, 'restored from bfcache');
    await popup.getByLabel('Name').fill('Grace Hopper');
    await popup.getByLabel('Phone').fill('050 765 4321');
    await popup.getByRole('button', { name: 'Get my code' }).click();
    await popup.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const whole = await eventually('the lead made whole', async () =>
      (await leadsOf('returning.visitor@example.com')).find((found) => !found.partial),
    );
    assert.equal(whole.name, 'Grace Hopper');
    assert.equal(whole.phone, '050 765 4321');
    await page.waitForTimeout(500);
    assert.equal((await leadsOf('returning.visitor@example.com')).length, 1, 'one lead');
    await browser.close();
  });

  it('another tab for a while, then finished: one whole lead', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const popup = await atDetailsStep(page, 'tabbing.visitor@example.com');
    // Headless Chromium keeps every tab visible: the page hears what a switch of tabs tells it, hidden then visible.
    const switchTab = (state: 'hidden' | 'visible') =>
      page.evaluate(`Object.defineProperty(document, 'visibilityState', { configurable: true, value: '${state}' });
        Object.defineProperty(document, 'hidden', { configurable: true, value: ${state === 'hidden'} });
        document.dispatchEvent(new Event('visibilitychange'));`);
    await switchTab('hidden');
    await page.waitForTimeout(1_000);
    await switchTab('visible');
    await popup.getByLabel('Name').fill('Ada Lovelace');
    await popup.getByRole('button', { name: 'Get my code' }).click();
    await popup.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const lead = await eventually('the lead', async () => (await leadsOf('tabbing.visitor@example.com'))[0]);
    assert.equal(lead.partial, false);
    assert.equal(lead.name, 'Ada Lovelace');
    await page.waitForTimeout(500);
    assert.equal((await leadsOf('tabbing.visitor@example.com')).length, 1, 'one lead');
    await context.close();
  });
});
