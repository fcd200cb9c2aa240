// End-to-end harness: the real display server as a child process (as `npm start` runs it) on a free
// port with a fresh data folder, and Debian's Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { answerLate, launchChromium, showAndCloseInPage } from '../../scripts/page-driver.ts';
import {
  assertBuilt,
  freePort,
  LIBRARY_DIR,
  LIBRARY_DIST,
  OWNER_TOKEN,
  ROOT,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/server-process.ts';
import type { LeadRecord } from '../../server/leads/contract.ts';
import { ESCAPE_GUARD_MS } from '../../src/core/popup/timing.ts';
import type { SessionExplanation } from '../../src/stores/explain.ts';

export { E2E_FIXTURES_ENV as FIXTURES_ENV } from '../../scripts/server-process.ts';
export {
  answerLate,
  assertBuilt,
  freePort,
  LIBRARY_DIR,
  LIBRARY_DIST,
  launchChromium,
  OWNER_TOKEN,
  ROOT,
  type ServerProcess,
  showAndCloseInPage,
  startServerProcess,
};

export async function ownerGet<T>(server: { url: string }, pathname: string): Promise<T> {
  const response = await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The site takes leads only with the widget's proof of work (`on`), or takes them all again, as its owner sets it. */
export async function requireProofOfWork(server: { url: string }, clientId: string, on: boolean): Promise<void> {
  const response = await fetch(`${server.url}/api/owner/${clientId}/spam-filter`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requireProofOfWork: on }),
  });
  if (!response.ok) throw new Error(`spam-filter answered ${response.status}: ${await response.text()}`);
}

/** A client's stored leads, newest first, as the owner API gives them, read along the listing's keyset pages. */
export async function ownerLeads(server: { url: string }, clientId: string): Promise<LeadRecord[]> {
  const leads: LeadRecord[] = [];
  let after: string | null = null;
  do {
    const query: string = `?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const page: { leads: LeadRecord[]; next: string | null } = await ownerGet(
      server,
      `/api/owner/${encodeURIComponent(clientId)}/leads${query}`,
    );
    leads.push(...page.leads);
    after = page.next;
  } while (after);
  return leads;
}

/**
 * Records the page's layout shifts from its first paint, as CLS counts them (not those just after the visitor's
 * input), each as "value at N ms: the nodes that moved". Call it before the page navigates; the function it
 * returns reads what was recorded so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __layoutShifts: string[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }
      >) {
        if (entry.hadRecentInput) continue;
        shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map((source) => source.node?.nodeName).join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __layoutShifts: string[] }).__layoutShifts);
}

/**
 * When the page first asked for a request matching `asked`, and when one matching `arrived` first finished
 * (Date.now()): whether the one waited for the other.
 */
export function recordRequestOrder(
  page: Page,
  asked: (url: string) => boolean,
  arrived: (url: string) => boolean,
): { asked?: number; arrived?: number } {
  const seen: { asked?: number; arrived?: number } = {};
  page.on('request', (request) => {
    if (asked(request.url())) seen.asked ??= Date.now();
  });
  page.on('requestfinished', (request) => {
    if (arrived(request.url())) seen.arrived ??= Date.now();
  });
  return seen;
}

/** Scrolls down as a visitor does with a mouse wheel: `steps` turns of 300 px, 100 ms apart. */
export async function scrollLikeAVisitor(page: Page, steps: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(100);
  }
}

export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/**
 * Chromium and a display server, started side by side. When either fails, the other is stopped before the error
 * is thrown: a server left running would keep the test process alive.
 */
export async function startBrowserAndServer(
  options?: Parameters<typeof startServerProcess>[0],
): Promise<{ browser: Browser; server: ServerProcess }> {
  const [browser, server] = await Promise.allSettled([launchChromium(), startServerProcess(options)]);
  if (browser.status === 'fulfilled' && server.status === 'fulfilled')
    return { browser: browser.value, server: server.value };
  if (browser.status === 'fulfilled') await browser.value.close();
  if (server.status === 'fulfilled') await server.value.dispose();
  throw browser.status === 'rejected' ? browser.reason : (server as PromiseRejectedResult).reason;
}

/** One Chromium and one display server for a test file, started before its tests and stopped after. */
export function useBrowserAndServer(options?: Parameters<typeof startServerProcess>[0]): {
  readonly browser: Browser;
  readonly server: ServerProcess;
} {
  const shared = {} as { browser: Browser; server: ServerProcess };
  before(async () => {
    Object.assign(shared, await startBrowserAndServer(options));
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.dispose();
  });
  return shared;
}

/** `window.poptin.explain(id)` on the page: why a pop-up did or did not show (the decision's parts once decided). */
export function explainPopup(page: Page, id: string): Promise<Required<SessionExplanation>> {
  return page.evaluate(
    (popupId) =>
      (window as unknown as { poptin: { explain(id: string): Promise<Required<SessionExplanation>> } }).poptin.explain(
        popupId,
      ),
    id,
  );
}

/** Ids of the pop-ups a visitor can see: an open dialog or an open popover (prepared ones stay hidden). */
export function shownPopups(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('poptin-popup'))
      .filter((popup) => {
        const base = popup.shadowRoot?.querySelector('[part~="base"]');
        return Boolean(base && ((base instanceof HTMLDialogElement && base.open) || base.matches(':popover-open')));
      })
      .map((popup) => popup.getAttribute('poptin-id')),
  );
}

/** Presses Escape once a pop-up just shown may be closed by it: Escape is ignored in its first 800 ms (widget §4). */
export async function pressEscapeOnceShown(page: Page): Promise<void> {
  await page.waitForTimeout(ESCAPE_GUARD_MS);
  await page.keyboard.press('Escape');
}

/**
 * Waits until the chat button's chatbox opens as a visitor sees it (a visible "Chat" dialog, focus on its opt-in
 * box, the one step left before the chat goes to the app) and checks it is still open `staysMs` later, past the
 * button's own delays. Returns when it opened, on the page's clock (performance.now()).
 */
export async function chatboxOpens(page: Page, staysMs = 1_500): Promise<number> {
  const opened = await page.waitForFunction(
    () =>
      document.querySelector('poptin-chat-button')?.shadowRoot?.querySelector('[part~="chatbox"]') && performance.now(),
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
  const openedAt = (await opened.jsonValue()) as number;
  const chatbox = page.getByRole('dialog', { name: 'Chat' });
  const optIn = chatbox.getByRole('checkbox', { name: 'I agree to be contacted' });
  await chatbox.waitFor({ state: 'visible' });
  await eventually(
    'focus on the chatbox’s opt-in box',
    () => optIn.evaluate((box) => box.matches(':focus'), undefined, { timeout: 500 }),
    2_000,
  );
  await page.waitForTimeout(staysMs);
  assert.ok(await chatbox.isVisible(), `the chatbox is still open ${staysMs} ms later`);
  assert.equal(
    await page.getByRole('button', { name: 'Open WhatsApp' }).getAttribute('aria-expanded'),
    'true',
    'the button says the chat is open',
  );
  return openedAt;
}
