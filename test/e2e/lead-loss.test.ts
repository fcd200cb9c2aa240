// The lead-loss rig (design §5): a chaos proxy in front of the real server fails a seeded 30% of the widget's
// write calls; in Chromium, visitors submit 200 leads, many leaving or reloading 0–50 ms after the submit.
// Afterwards every lead is stored exactly once, and at least 99% of views and closes are stored.
// Replay a run with LEAD_LOSS_SEED=<seed> (printed); LEAD_LOSS_SUBMISSIONS changes the count.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seededRandom } from '../../src/core/random.ts';
import {
  eventually,
  FIXTURES_ENV,
  ownerGet,
  ownerLeads,
  type ServerProcess,
  startBrowserAndServer,
} from './harness.ts';
import { type ChaosProxy, FAULTS, startChaosProxy } from './lead-loss/chaos-proxy.ts';

const SEED = Number(process.env.LEAD_LOSS_SEED ?? 20_261_123);
const SUBMISSIONS = Number(process.env.LEAD_LOSS_SUBMISSIONS ?? 200);
const VISITORS = 4;
const POPUP = 'fixtureshow01';
const AFTER_SUBMIT = ['stays', 'reloads', 'leaves the site', 'opens another page'] as const;

interface Expected {
  views: number;
  closes: number;
  leaves: Record<(typeof AFTER_SUBMIT)[number], number>;
  closedThenReloaded: number;
}

describe('lead-loss rig: 30% of write calls fail, visitors leave mid-submit', () => {
  let server: ServerProcess;
  let proxy: ChaosProxy;
  let browser: Browser;
  before(async () => {
    ({ browser, server } = await startBrowserAndServer({ env: { ...FIXTURES_ENV, RATE_LIMIT_MAX: '100000' } }));
    proxy = await startChaosProxy(server, { seed: SEED, failureRate: 0.3 });
  });
  after(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.dispose();
  });

  it(`${SUBMISSIONS} submissions: every lead stored exactly once, views and closes at least 99% (seed ${SEED})`, async (t) => {
    const random = seededRandom(SEED ^ 0x5eed);
    const plan = Array.from({ length: SUBMISSIONS }, (_, index) => ({
      email: `lead-${index}@loss.example`,
      after: AFTER_SUBMIT[Math.floor(random() * AFTER_SUBMIT.length)]!,
      delayMs: Math.floor(random() * 51),
      // Some visitors close the pop-up once before they come back to it and submit; half of them reload at once.
      closesFirst: random() < 0.4,
      reloadsAfterClose: random() < 0.5,
    }));
    const expected: Expected = {
      views: 0,
      closes: 0,
      closedThenReloaded: 0,
      leaves: { stays: 0, reloads: 0, 'leaves the site': 0, 'opens another page': 0 },
    };
    const pageErrors: string[] = [];

    const visit = async (context: BrowserContext, share: typeof plan) => {
      const page: Page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      for (const step of share) {
        if (page.isClosed() || page.url() === 'about:blank' || !page.url().includes('show.html'))
          await page.goto(`${proxy.url}/examples/show.html`);
        const popup = page.locator(`poptin-popup[poptin-id="${POPUP}"]`);
        const open = async () => {
          // The page's own button handler (show.js) runs after the loader: after a reload it may not be there yet.
          await page.locator('html[data-open-on-demand="ready"]').waitFor({ state: 'attached' });
          await page.locator('#open-on-demand').click();
          await popup
            .locator('dialog[open]')
            .waitFor({ timeout: 10_000 })
            .catch(async (error: unknown) => {
              const state = await page.evaluate(
                (id) => (window as unknown as { poptin: { explain(id: string): Promise<unknown> } }).poptin.explain(id),
                POPUP,
              );
              throw new Error(`${String(error)}; the click showed nothing: ${JSON.stringify(state)}`);
            });
          expected.views++;
        };
        await open();
        if (step.closesFirst) {
          await popup.locator('[part="close-button"]').click();
          await popup.locator('dialog[open]').waitFor({ state: 'detached' });
          expected.closes++;
          if (step.reloadsAfterClose) {
            expected.closedThenReloaded++;
            await page.waitForTimeout(step.delayMs);
            await page.reload({ waitUntil: 'commit' });
          } else {
            await eventually('the closed pop-up to leave', async () => (await popup.count()) === 0);
          }
          await open();
        }
        await popup.locator('input[name=Email]').fill(step.email);
        await popup.locator('[type=submit]').click();
        expected.leaves[step.after]++;
        if (step.after === 'stays') {
          await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
          await page.goto(`${proxy.url}/examples/show.html`);
          continue;
        }
        await page.waitForTimeout(step.delayMs);
        if (step.after === 'reloads') await page.reload({ waitUntil: 'commit' });
        else if (step.after === 'leaves the site') await page.goto('about:blank');
        else await page.goto(`${proxy.url}/examples/show.html?next`, { waitUntil: 'commit' });
      }
      // The visitor comes back once: what the outbox still holds goes out now.
      await page.goto(`${proxy.url}/examples/show.html`);
      return page;
    };

    const contexts = await Promise.all(Array.from({ length: VISITORS }, () => browser.newContext()));
    const pages = await Promise.all(
      contexts.map((context, visitor) =>
        visit(
          context,
          plan.filter((_, index) => index % VISITORS === visitor),
        ),
      ),
    );

    const emails = new Set(plan.map((step) => step.email));
    const leads = await eventually(
      'every lead stored',
      async () => {
        const stored = (await ownerLeads(server, 'widget')).filter((lead) => emails.has(String(lead.email)));
        return stored.length >= emails.size ? stored : undefined;
      },
      90_000,
    ).catch(async (error: unknown) => {
      const stored = new Set((await ownerLeads(server, 'widget')).map((lead) => lead.email));
      throw new Error(`${String(error)}; missing: ${[...emails].filter((email) => !stored.has(email)).join(', ')}`);
    });
    // Views and closes still in flight (stalled calls) get the time a stall takes.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const stats = (
      await ownerGet<{ popups: { poptin_id: string; views: number; closes: number }[] }>(
        server,
        '/api/owner/widget/stats',
      )
    ).popups.find((popup) => popup.poptin_id === POPUP)!;
    await Promise.all(pages.map((page) => page.close()));
    await Promise.all(contexts.map((context) => context.close()));

    const perEmail = new Map<string, number>();
    for (const lead of leads) perEmail.set(String(lead.email), (perEmail.get(String(lead.email)) ?? 0) + 1);
    const duplicated = [...perEmail].filter(([, count]) => count > 1);
    t.diagnostic(
      `seed ${SEED}: ${SUBMISSIONS} submissions by ${VISITORS} visitors; after the submit: ${JSON.stringify(expected.leaves)}; ` +
        `${expected.closes} closed the pop-up first, ${expected.closedThenReloaded} of them reloading 0–50 ms later`,
    );
    t.diagnostic(
      `faults dealt (${FAULTS.length} kinds): ${JSON.stringify(Object.fromEntries([...proxy.dealt].sort()))}; calls passed untouched: ${proxy.passed()}`,
    );
    t.diagnostic(`leads: ${perEmail.size} of ${emails.size} stored, ${duplicated.length} duplicated`);
    t.diagnostic(
      `views: ${stats.views} stored of ${expected.views} shown; closes: ${stats.closes} stored of ${expected.closes} made`,
    );
    assert.equal(perEmail.size, emails.size, 'every lead stored');
    assert.deepEqual(duplicated, [], 'no lead stored twice');
    assert.ok(stats.views >= expected.views * 0.99, `views stored: ${stats.views} of ${expected.views}`);
    assert.ok(stats.views <= expected.views, `views stored twice: ${stats.views} of ${expected.views}`);
    assert.ok(stats.closes >= expected.closes * 0.99, `closes stored: ${stats.closes} of ${expected.closes}`);
    assert.ok(stats.closes <= expected.closes, `closes stored twice: ${stats.closes} of ${expected.closes}`);
    assert.deepEqual(pageErrors, []);
  });
});
