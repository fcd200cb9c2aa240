// Interaction to next paint of the widget's interactions, as Chrome's INP reads it: the Event Timing API's
// `duration` of every event of one interaction (pointerdown to click, keydown to keyup), the longest of them, from
// the input to the next frame painted after its handlers ran. Playwright gives real input (CDP Input events), so
// the browser times them as it times a person's. Beside each, the same interaction with a hand-written native
// <dialog> on the same page: what the browser itself takes to open, submit and close a modal, with no widget; and
// beside the games, a hand-written wheel and gift box whose click starts the same CSS transform on an element of the
// same size: what the browser itself takes to start a spin or open a lid.
import type { Browser, Locator, Page } from 'playwright-core';
import { type InteractionProfile, startInteractionTrace } from './interaction-trace.ts';

export const INTERACTIONS = {
  openByClick: 'open a lightbox by a click on its button',
  submit: 'submit its form (thank-you screen)',
  closeByX: 'close by the ×',
  closeByEscape: 'close by Escape',
  spin: 'spin the wheel',
  giftBox: 'open a gift box',
} as const;
export type InteractionName = keyof typeof INTERACTIONS;

/** The interactions with a hand-written floor (a native dialog, a plain wheel and gift box) measured beside them. */
export const FLOOR_INTERACTIONS = [
  'openByClick',
  'submit',
  'closeByX',
  'closeByEscape',
  'spin',
  'giftBox',
] as const satisfies readonly InteractionName[];
type FloorName = (typeof FLOOR_INTERACTIONS)[number];

export interface InteractionTiming {
  /** The longest event duration of the interaction (ms, 8 ms granularity); 0 when every event took under 16 ms. */
  inp: number;
  /** The long animation frames from the input to 1 s after it in which the widget's script ran, with its share. */
  widgetLongTasks: { ms: number; widgetMs: number }[];
}

export interface InteractionVisit {
  widget: Partial<Record<InteractionName, InteractionTiming>>;
  floor: Partial<Record<FloorName, InteractionTiming>>;
}

const CLICK_BOX = 'benchclickbox';
const WHEEL = 'benchclkwheel';
const GIFT_BOX = 'benchgiftbox1';

/** The bench page of interactions: the widget's buttons, and a native dialog with the same form. */
export const INTERACT_PAGE_PARTS = {
  head: '<link rel="stylesheet" href="/examples/bench-interact.css">\n<script type="module" src="/dist/poptin.js?id=bench-interact"></script>\n',
  start: `<p><button type="button" data-poptin-id="${CLICK_BOX}">Get the newsletter</button> <button type="button" data-poptin-id="${WHEEL}">Spin the wheel</button> <button type="button" data-poptin-id="${GIFT_BOX}">Open a gift</button> <button type="button" id="floor-open">Newsletter, native dialog</button></p>
<div class="floor-games"><div id="floor-wheel"><div class="floor-face"></div><button type="button" id="floor-spin">Spin</button></div><button type="button" id="floor-box"><span class="floor-lid"></span><span class="floor-gift"></span></button></div>
<dialog id="floor-dialog"><button type="button" id="floor-close" aria-label="Close">×</button><h2>Join the newsletter</h2><p>One e-mail a week.</p><form id="floor-form"><label for="floor-email">Email</label> <input id="floor-email" type="email" name="Email" required> <button type="submit">Subscribe</button></form><p id="floor-thanks" hidden>Thank you!</p></dialog>
<script type="module" src="/examples/bench-interact.js"></script>
`,
};

/**
 * The floor of the games: a 300 px wheel face that a click turns with the widget's transition, and a 96 px gift
 * box whose lid a click lifts with the widget's, each a layer of its own as the widget's are.
 */
export const INTERACT_FLOOR_CSS = `.floor-games { display: flex; gap: 24px; align-items: center; padding: 8px 24px; }
#floor-wheel { position: relative; width: 300px; height: 300px; }
.floor-face { width: 100%; height: 100%; border-radius: 50%; background: conic-gradient(#4f46e5 0 25%, #f59e0b 0 50%, #4f46e5 0 75%, #f59e0b 0); transition: transform 6.5s cubic-bezier(0.12, 0.6, 0.1, 1); will-change: transform; }
.floor-spun .floor-face { transform: rotate(1890deg); }
#floor-spin { position: absolute; top: 50%; left: 50%; width: 64px; height: 64px; margin: -32px 0 0 -32px; border-radius: 50%; }
#floor-box { display: flex; flex-direction: column; align-items: center; width: 96px; padding: 0; border: 0; background: none; }
.floor-lid, .floor-gift { display: block; width: 100%; background: #dc2626; border-radius: 4px; }
.floor-lid { width: 110%; height: 24px; transition: transform 0.6s ease-out; will-change: transform; }
.floor-gift { height: 67px; }
.floor-opened .floor-lid { transform: translateY(-24px) rotate(-18deg); }
`;

/** The native dialog's and the plain games' script (the example pages' CSP allows no inline script). */
export const INTERACT_FLOOR_SCRIPT = `const dialog = document.getElementById('floor-dialog');
const form = document.getElementById('floor-form');
const thanks = document.getElementById('floor-thanks');
document.getElementById('floor-open').addEventListener('click', () => { form.hidden = false; thanks.hidden = true; dialog.showModal(); });
document.getElementById('floor-close').addEventListener('click', () => dialog.close());
form.addEventListener('submit', (event) => {
  event.preventDefault();
  form.hidden = true;
  thanks.hidden = false;
  fetch('/api/display/bench-empty', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'omit' });
});
document.getElementById('floor-spin').addEventListener('click', () => document.getElementById('floor-wheel').classList.add('floor-spun'));
document.getElementById('floor-box').addEventListener('click', (event) => event.currentTarget.classList.add('floor-opened'));
`;

interface Probes {
  __interactions: {
    events: { start: number; ms: number; id: number }[];
    frames: { start: number; ms: number; scripts: { url: string; ms: number }[] }[];
  };
}

function installInteractionProbes(): void {
  const probes: Probes['__interactions'] = { events: [], frames: [] };
  (window as unknown as Probes).__interactions = probes;
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      const event = entry as PerformanceEntry & { interactionId?: number };
      if (event.interactionId)
        probes.events.push({ start: event.startTime, ms: event.duration, id: event.interactionId });
    }),
  ).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      const frame = entry as PerformanceEntry & { scripts: (PerformanceEntry & { sourceURL: string })[] };
      probes.frames.push({
        start: frame.startTime,
        ms: frame.duration,
        scripts: frame.scripts.map((script) => ({ url: script.sourceURL, ms: script.duration })),
      });
    }),
  ).observe({ type: 'long-animation-frame', buffered: true });
}

const now = (page: Page) => page.evaluate(() => performance.now());
/** Two frames and a pause: the interaction's next paint is behind us and its entries are reported. */
const settle = async (page: Page, ms = 400) => {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(ms);
};

/** Traces each interaction and hands over what ran in its window (interaction-trace.ts), by interaction name. */
export interface InteractionTracing {
  browser: Browser;
  distDir: string;
  record(name: string, profile: InteractionProfile): void;
}

/** Times `act` (one interaction by real input) on `page`: its INP and the widget's long frames around it. */
async function timed(
  page: Page,
  act: () => Promise<void>,
  done: () => Promise<unknown>,
  traced?: { tracing: InteractionTracing; name: string },
): Promise<InteractionTiming> {
  const trace = traced ? await startInteractionTrace(traced.tracing.browser, page) : null;
  const from = await now(page);
  await act();
  await done();
  await settle(page);
  const { events, frames } = await page.evaluate(() => (window as unknown as Probes).__interactions);
  const ours = events.filter((event) => event.start >= from);
  const inp = ours.reduce((longest, event) => Math.max(longest, event.ms), 0);
  if (trace && traced) {
    const start = Math.min(...ours.map((event) => event.start));
    const end = Math.max(...ours.map((event) => event.start + event.ms));
    const profile = await trace.stop(traced.tracing.distDir, ours.length ? { start, end } : { start: from, end: from });
    traced.tracing.record(traced.name, profile);
  }
  const widgetLongTasks = frames
    .filter((frame) => frame.start >= from && frame.start < from + 1_000)
    .map((frame) => ({
      ms: frame.ms,
      widgetMs: frame.scripts
        .filter((script) => script.url.includes('/dist/'))
        .reduce((sum, script) => sum + script.ms, 0),
    }))
    .filter((frame) => frame.widgetMs > 0 && frame.ms > 50);
  return { inp, widgetLongTasks };
}

const popup = (page: Page, id: string) => page.locator(`poptin-popup[poptin-id="${id}"]`);
const openDialog = (page: Page, id: string) => popup(page, id).locator('dialog[open]');

async function openWidgetPopup(page: Page, id: string): Promise<Locator> {
  await page.locator(`button[data-poptin-id="${id}"]`).click();
  await openDialog(page, id).waitFor();
  // Escape is ignored for the first 800 ms (widget §4), and the entrance plays meanwhile.
  await page.waitForTimeout(900);
  return popup(page, id);
}

async function unlockIfLocked(page: Page, box: Locator): Promise<void> {
  if ((await box.locator('[locked]').count()) === 0) return;
  await box.locator('[data-poptin-screen="play"] input[name=Email]').fill('bench.player@example.com');
  await box.locator('[data-poptin-screen="play"] [type=submit]').click();
  await box.locator('[locked]').waitFor({ state: 'detached' });
  await settle(page);
}

/**
 * The background effects' motions on the page stopped: what a game's click costs without the effect behind it
 * (the bench's Chromium composites in software, so each moving layer is drawn on the CPU every frame).
 */
const stopBackgroundEffects = (page: Page) =>
  // A string: a named inner function in a function handed over would carry the TypeScript loader's helpers.
  page.evaluate(`(function stop(root) {
    for (const animation of root.getAnimations())
      if (animation.effect?.target?.closest('[part~="background-effect"]')) animation.cancel();
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) stop(element.shadowRoot);
  })(document)`);

export interface InteractionOptions {
  /** Each interaction traced and recorded under its name. */
  tracing?: InteractionTracing;
  /** The spin and the gift box alone, with their floors. */
  gamesOnly?: boolean;
  /** The games' background effects stopped before each of their clicks. */
  stillEffects?: boolean;
}

/** One fresh visit at `cpuSlowdown`: each interaction once, on the widget's pop-ups and on its floor beside them. */
export async function measureInteractions(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
  { tracing, gamesOnly = false, stillEffects = false }: InteractionOptions = {},
): Promise<InteractionVisit> {
  const as = (name: string) => (tracing ? { tracing, name } : undefined);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.addInitScript(installInteractionProbes);
  // The wheel and the boxes land on a prize at once (the chance is fixed), and no animation is skipped.
  await page.addInitScript(() => (Math.random = () => 0.01));
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => Boolean((window as unknown as { poptin?: unknown }).poptin));
    await page.waitForTimeout(1_500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const widget: InteractionVisit['widget'] = {};
    const floor: InteractionVisit['floor'] = {};
    if (!gamesOnly) {
      const button = page.locator(`button[data-poptin-id="${CLICK_BOX}"]`);

      widget.openByClick = await timed(
        page,
        () => button.click(),
        () => openDialog(page, CLICK_BOX).waitFor(),
        as('openByClick'),
      );
      await page.waitForTimeout(900);
      widget.closeByX = await timed(
        page,
        () => popup(page, CLICK_BOX).locator('[part~="close-button"]').click(),
        () => openDialog(page, CLICK_BOX).waitFor({ state: 'detached' }),
        as('closeByX'),
      );
      await settle(page);
      await openWidgetPopup(page, CLICK_BOX);
      widget.closeByEscape = await timed(
        page,
        () => page.keyboard.press('Escape'),
        () => openDialog(page, CLICK_BOX).waitFor({ state: 'detached' }),
        as('closeByEscape'),
      );
      await settle(page);
      const box = await openWidgetPopup(page, CLICK_BOX);
      await box.locator('input[name=Email]').fill('bench.reader@example.com');
      widget.submit = await timed(
        page,
        () => box.locator('[data-poptin-screen="form"] [type=submit]').click(),
        () =>
          box
            .locator('[data-poptin-screen="thanks"], [data-poptin-screen="thank-you"]')
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined),
        as('submit'),
      );
      await box
        .locator('[part~="close-button"]')
        .click()
        .catch(() => undefined);
      await settle(page);
    }

    // A game: opened, unlocked by its e-mail if it asks for one first, played by its control, closed once won.
    const play = async (name: InteractionName, id: string, control: string) => {
      const game = await openWidgetPopup(page, id);
      await unlockIfLocked(page, game);
      if (stillEffects) await stopBackgroundEffects(page);
      const timing = await timed(
        page,
        () => game.locator(`[part~="${control}"]`).first().click(),
        () => page.waitForTimeout(100),
        as(name),
      );
      await game.locator('[data-poptin-screen="win"]').waitFor({ state: 'visible', timeout: 15_000 });
      await game.locator('[part~="close-button"]').click();
      await settle(page);
      return timing;
    };
    widget.spin = await play('spin', WHEEL, 'spin-button');
    floor.spin = await timed(
      page,
      () => page.locator('#floor-spin').click(),
      () => page.waitForTimeout(100),
      as('floor spin'),
    );
    await settle(page);
    widget.giftBox = await play('giftBox', GIFT_BOX, 'box');
    floor.giftBox = await timed(
      page,
      () => page.locator('#floor-box').click(),
      () => page.waitForTimeout(100),
      as('floor giftBox'),
    );
    await settle(page);

    if (!gamesOnly) {
      // The floor: the same interactions with a native <dialog>, no widget.
      const dialog = page.locator('#floor-dialog[open]');
      const openNative = () => page.locator('#floor-open').click();
      floor.openByClick = await timed(page, openNative, () => dialog.waitFor(), as('floor openByClick'));
      floor.closeByX = await timed(
        page,
        () => page.locator('#floor-close').click(),
        () => dialog.waitFor({ state: 'detached' }),
        as('floor closeByX'),
      );
      await openNative();
      await settle(page);
      floor.closeByEscape = await timed(
        page,
        () => page.keyboard.press('Escape'),
        () => dialog.waitFor({ state: 'detached' }),
        as('floor closeByEscape'),
      );
      await openNative();
      await page.locator('#floor-email').fill('bench.reader@example.com');
      floor.submit = await timed(
        page,
        () => page.locator('#floor-form [type=submit]').click(),
        () => page.locator('#floor-thanks:not([hidden])').waitFor(),
        as('floor submit'),
      );
    }
    return { widget, floor };
  } finally {
    await context.close();
  }
}
