// A scheduled pop-up on the real display server: the owner's site is in Kolkata and the pop-up's schedule starts a few
// seconds after the page loads, in the site's time zone. The page holds it, says why (explain() and the inspector),
// and shows it at that moment, without a reload.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wallClock } from '../../src/core/rules/schedule-clock.ts';
import { explainPopup, OWNER_TOKEN, useBrowserAndServer } from './harness.ts';

const RUN = Date.now().toString(36);
const SITE = `sched${RUN}`;
const ZONE = 'Asia/Kolkata';
const shared = useBrowserAndServer();

async function ownerPost<T>(pathname: string, body: object): Promise<T> {
  const response = await fetch(`${shared.server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OWNER_TOKEN}` },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `POST ${pathname}: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
}

/** The site's wall-clock time at `at`, to the second, as a schedule writes it. */
function kolkataAt(at: number): string {
  const { date, minutes } = wallClock(at, ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(new Date(at).getUTCSeconds())}`;
}

describe('a scheduled pop-up, end to end', () => {
  it('starts at the moment its schedule starts in the site’s time zone, while the visitor stays on the page', async () => {
    await ownerPost('/api/owner/sites', { clientId: SITE, name: 'Scheduled shop', allowedOrigins: [], timeZone: ZONE });
    const startsAt = Math.ceil((Date.now() + 12_000) / 1000) * 1000;
    const { popup } = await ownerPost<{ popup: { id: string } }>(`/api/owner/${SITE}/popups`, {
      config: {
        poptin_name: 'Happy hour',
        poptin_type: 'lightbox',
        display_after_sec_active: '0',
        d_f_r: 'all@display_everytime_everypage',
        poptin: '<div data-poptin-screen="form"><h2>Happy hour</h2></div>',
        schedule: { start: kolkataAt(startsAt), weekly: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }] },
      },
    });
    await ownerPost(`/api/owner/${SITE}/popups/${popup.id}/publish`, {});

    const page = await shared.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const pathname = `/schedule-${RUN}.html`;
    await page.route(
      (url) => url.pathname === pathname,
      (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><title>Shop</title><script type="module" src="/dist/poptin.js?id=${SITE}"></script><main><h1>Shop</h1></main></html>`,
        }),
    );
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/display/${SITE}`);
    await page.goto(`${shared.server.url}${pathname}?poptin-debug`);
    const body = (await (await answer).json()) as { time_zone: string; poptins: { poptin_id: string }[] };
    assert.equal(body.time_zone, ZONE);
    assert.deepEqual(
      body.poptins.map((poptin) => poptin.poptin_id),
      [popup.id],
      'starting within the minute, it is sent for the page to start',
    );

    const before = await explainPopup(page, popup.id);
    assert.ok(Date.now() < startsAt, 'the page was decided before the schedule started');
    assert.equal(before.allowed, false);
    assert.match(
      before.blockedBy.map((rule) => `${rule.rule}: ${rule.reason}`).join(),
      /^schedule: outside its schedule: starts \w+day \d\d:\d\d \(Asia\/Kolkata\)$/,
    );
    assert.equal(await page.locator('poptin-popup dialog[open]').count(), 0);
    // The inspector names the rule too (Playwright's CSS locators pierce its shadow root).
    const blockedBy = page.locator(`[data-poptin-inspector] [data-popup-id="${popup.id}"] [data-row="blocked-by"] dd`);
    assert.match((await blockedBy.textContent({ timeout: 15_000 })) ?? '', /schedule: outside its schedule: starts/);

    await page.locator(`poptin-popup[poptin-id="${popup.id}"] dialog[open]`).waitFor({ timeout: 25_000 });
    const shownAt = Date.now();
    assert.ok(shownAt >= startsAt, `shown ${startsAt - shownAt} ms before its start`);
    assert.ok(shownAt - startsAt < 5_000, `shown ${shownAt - startsAt} ms after its start`);
    const after = await explainPopup(page, popup.id);
    assert.equal(after.allowed, true);
    assert.equal(after.trigger, 'immediately');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
