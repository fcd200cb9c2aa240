// The benchmark's pages: one article, the same in every case, with only the widget's part changed, written into
// a folder the server serves as its examples.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../server-process.ts';
import { LIGHTBOX_BY_HAND, WHEEL_BY_HAND } from './by-hand.ts';
import { INTERACT_FLOOR_CSS, INTERACT_FLOOR_SCRIPT, INTERACT_PAGE_PARTS } from './interactions.ts';

/** The bench's top bar at 1280 px, in pixels. */
const TOP_BAR_HEIGHT = 114;

const loader = (clientId?: string) =>
  `<script type="module" src="/dist/poptin.js${clientId ? `?id=${clientId}` : ''}"></script>\n`;

/** What each case adds to the page: in its head, first in the body, in the middle of the article, at the end of the body. */
const CASES: Record<string, { head?: string; start?: string; middle?: string; end?: string }> = {
  base: {},
  floor: { head: '<script type="module" src="/examples/bench-floor.js"></script>\n' },
  floorElement: { head: '<script type="module" src="/examples/bench-floor-element.js"></script>\n' },
  floorSpec: { head: '<script type="module" src="/examples/bench-floor-spec.js"></script>\n' },
  // The lightbox and the wheel by hand (by-hand.ts): their pages' names hold the fixtures' page targeting.
  lightboxByHand: { head: '<script type="module" src="/examples/bench-floor-lightbox.js"></script>\n' },
  wheelByHand: { head: '<script type="module" src="/examples/bench-floor-wheel.js"></script>\n' },
  // What any script tag costs the page's load event, whatever it runs: the page waits for it to load and run.
  script: { head: '<script type="module" src="/examples/bench-empty.js"></script>\n' },
  empty: { head: loader('bench-empty') },
  blocked: { head: loader('bench-blocked') },
  blockedOnPage: { head: loader('bench-blocked-page') },
  lightbox: { head: loader('bench-lightbox') },
  wheel: { head: loader('bench-wheel') },
  chat: {
    head: loader(),
    end: '<poptin-chat-button telephone="+62 812 3456 7890" message-send="Hello" button-delay="0" message-delay="2"></poptin-chat-button>\n',
  },
  bar: { head: loader('bench-layout') },
  // The same bar in the room the owner keeps for it from the first paint (bench.css), as <poptin-embed> documents.
  barPlaced: {
    head: loader('bench-layout'),
    start: `<poptin-embed poptin-id="benchtopbar01" height="${TOP_BAR_HEIGHT}"></poptin-embed>\n`,
  },
  // The height the form takes at 1280 px, reserved as the element's documentation asks, so that it moves nothing.
  embed: {
    head: loader('bench-layout'),
    middle: '<poptin-embed poptin-id="benchembedd01" height="489"></poptin-embed>\n',
  },
  // Buttons that open a lightbox, a wheel and gift boxes, and a native dialog beside them (interactions.ts).
  interact: INTERACT_PAGE_PARTS,
};

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: a long article the visitor reads, with enough text to make the page scroll and to give the browser real layout work, as a host page would. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>\n`;

function page(name: string, parts: { head?: string; start?: string; middle?: string; end?: string }): string {
  const paragraphs = Array.from({ length: 40 }, (_, i) => paragraph(i + 1));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bench: ${name}</title>
<link rel="stylesheet" href="/examples/bench.css">
${parts.head ?? ''}</head>
<body>
${parts.start ?? ''}<main>
<h1>Benchmark page: ${name}</h1>
${paragraphs.slice(0, 20).join('')}${parts.middle ?? ''}${paragraphs.slice(20).join('')}</main>
${parts.end ?? ''}</body>
</html>
`;
}

/**
 * The least a page view costs any widget that keeps the visitor's history of widget §9 and asks the display
 * server of widget §7, written by hand: one read of the cookies, one cookie written, and the display call, nothing
 * else. Measured like the widget, in the same rounds, it shows how much of the widget's time is the browser's
 * storage and network work rather than its own code.
 */
export const FLOOR_SCRIPT = `setTimeout(() => {
  const cookies = document.cookie;
  const previous = /(?:^|; )floor_visitor=([^;]*)/.exec(cookies)?.[1] ?? '';
  document.cookie = \`floor_visitor=\${encodeURIComponent(\`\${decodeURIComponent(previous).slice(-600)}|\${location.pathname}~\${Date.now().toString(36)}\`)}; path=/; SameSite=Lax; max-age=2592000\`;
  const body = { domain: location.hostname, poptin_viewed_url: location.href, cookies, previous_visited_pages: '', all_visited_pages: '' };
  fetch('/api/display/bench-empty', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' }).then((response) => response.json());
}, 0);
`;

/**
 * The same floor in the shape design §2 gives the widget: a module that defines a custom element and adds it to the
 * page, whose connection does the floor's work. What it costs beyond the floor is the element's own price, which any
 * widget with a controller tag pays.
 */
export const FLOOR_ELEMENT_SCRIPT = `customElements.define('floor-controller', class extends HTMLElement {
  connectedCallback() {
    ${FLOOR_SCRIPT.trim()}
  }
});
document.body.append(document.createElement('floor-controller'));
`;

/**
 * What the spec asks of every page view beyond the floor, written by hand as small as it goes: the controller as a
 * custom element (design §2); the clicks kept from the start and one listener for what opens a pop-up by a click
 * (widget §5); the hand-placed elements looked for and watched for (design §2); `window.poptin` (site §SDK); the
 * visitor's history of widget §3 and §9 as one cookie record with a lifetime per field (visitor, session, old user,
 * time on site, referrer, previous page, visited pages); the display call with every field of widget §7; and, on an
 * empty answer, a single-page app's navigation watched and the time on site kept alive. No error handling, no
 * cleanup, no module boundaries: a lower bound of the widget's own page view, not a second widget.
 */
export const FLOOR_SPEC_SCRIPT = specPageView('bench-empty');

/**
 * FLOOR_SPEC_SCRIPT's page view for the client `clientId`; an answer with pop-ups goes to the function named
 * `onPoptins` (defined by the script that follows it), else the empty answer's watch starts.
 */
export function specPageView(clientId: string, onPoptins?: string): string {
  return `const TAGS = ['poptin-popup', 'poptin-countdown', 'poptin-chat-button', 'poptin-embed', 'poptin-teaser', 'poptin-spin-wheel', 'poptin-scratch-card', 'poptin-gift-box', 'poptin-product-recommendations'];
const clicks = [];
document.addEventListener('click', (event) => { clicks.push({ target: event.target, at: Date.now() }); if (clicks.length > 10) clicks.shift(); }, true);
customElements.define('floor-controller', class extends HTMLElement {
  connectedCallback() {
    const pending = new Set(TAGS.filter((tag) => !document.querySelector(tag)));
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) for (const tag of pending) if (node.localName === tag || node.querySelector(tag)) pending.delete(tag);
      if (pending.size === 0) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('click', (event) => {
      const opener = event.target instanceof Element && event.target.closest('[data-poptin-id], a[href*="/click/"]');
      if (opener) event.preventDefault();
    });
    window.poptin = { show: async () => false, close: async () => false, reset: async () => {}, explain: async () => null, inspect: async () => {}, consent: (given) => this.setAttribute('consent', given ? 'granted' : 'refused') };
    setTimeout(() => this.pageView(), 0);
  }
  pageView() {
    const now = Date.now();
    const cookies = document.cookie;
    const raw = decodeURIComponent(/(?:^|; )floor_record=([^;]*)/.exec(cookies)?.[1] ?? '');
    const fields = {};
    for (const part of raw ? raw.split('<') : []) {
      const values = part.slice(1).split('>');
      const until = parseInt(values.pop(), 36);
      if (until > now) fields[part[0]] = { values, until };
    }
    const keep = (name, values, lifetime) => (fields[name] = { values, until: now + lifetime });
    const MINUTE = 60000, DAY = 86400000;
    const visitorId = fields.v?.values[0] ?? crypto.randomUUID().replace(/-/g, '');
    keep('v', [visitorId], 30 * DAY);
    const returning = Boolean(fields.o);
    const session = fields.s?.values ?? [crypto.randomUUID().slice(0, 8), returning ? '1' : '', now.toString(36), location.href.slice(0, 120)];
    keep('s', session, 30 * MINUTE);
    keep('o', [], 2 * DAY);
    keep('t', [fields.t?.values[0] ?? now.toString(36)], MINUTE);
    const referrer = document.referrer && new URL(document.referrer).hostname !== location.hostname ? document.referrer.slice(0, 120) : fields.r?.values[0] ?? '';
    if (referrer) keep('r', [referrer], 120000);
    const previous = fields.p?.values[0] ?? '';
    keep('p', [location.href.slice(0, 120)], 120000);
    const visited = [...(fields.g?.values ?? []), location.href.slice(0, 120), now.toString(36)].slice(-12);
    keep('g', visited, 30 * DAY);
    const record = Object.entries(fields).map(([name, field]) => name + [...field.values, field.until.toString(36)].join('>')).join('<');
    document.cookie = 'floor_record=' + encodeURIComponent(record) + '; path=/; SameSite=Lax; max-age=2592000';
    const pages = visited.filter((_, index) => index % 2 === 0);
    const body = {
      domain: location.hostname, referrer, previous_url: previous, cookies, if_mobile: /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) || matchMedia('(pointer: coarse) and (max-width: 767.98px)').matches,
      page_title: document.title, origin_landing_page: session[3], if_page_refreshed: performance.getEntriesByType('navigation')[0]?.type === 'reload',
      poptin_viewed_url: location.href, previous_visited_pages: pages.slice(-2, -1).join(','), all_visited_pages: pages.join(','), visitor_id: visitorId, converted_email: '', lang: document.documentElement.lang,
    };
    fetch('/api/display/${clientId}', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then((response) => response.json())
      .then((answer) => {
        if (answer.poptins?.length) return${onPoptins ? ` ${onPoptins}(answer)` : ''};
        let url = location.href;
        const changed = () => { if (location.href !== url) url = location.href; };
        for (const name of ['pushState', 'replaceState']) {
          const original = history[name];
          history[name] = function (...args) { const result = original.apply(this, args); changed(); return result; };
        }
        addEventListener('popstate', changed);
        addEventListener('hashchange', changed);
        setInterval(() => { document.cookie = 'floor_alive=' + Date.now().toString(36) + '; path=/; max-age=60'; }, MINUTE);
      });
  }
});
document.body.append(document.createElement('floor-controller'));
`;
}

/** Writes the pages (`<case>.html`) and their stylesheet; resolves with the folder. */
export async function writeBenchPages(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poptin-bench-pages-'));
  await writeFile(
    path.join(dir, 'bench.css'),
    `body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: #111827; }\nmain { max-width: 720px; margin: 0 auto; padding: 24px; }\npoptin-embed[poptin-id="benchtopbar01"] { display: block; min-height: ${TOP_BAR_HEIGHT}px; }\n`,
  );
  await writeFile(path.join(dir, 'bench-floor.js'), FLOOR_SCRIPT);
  await writeFile(path.join(dir, 'bench-floor-element.js'), FLOOR_ELEMENT_SCRIPT);
  await writeFile(path.join(dir, 'bench-floor-spec.js'), FLOOR_SPEC_SCRIPT);
  await writeFile(
    path.join(dir, 'bench-floor-lightbox.js'),
    specPageView('bench-lightbox', 'showLightbox') + LIGHTBOX_BY_HAND,
  );
  await writeFile(path.join(dir, 'bench-floor-wheel.js'), specPageView('bench-wheel', 'showWheel') + WHEEL_BY_HAND);
  await writeFile(path.join(dir, 'bench-empty.js'), '');
  await writeFile(path.join(dir, 'bench-interact.js'), INTERACT_FLOOR_SCRIPT);
  await writeFile(path.join(dir, 'bench-interact.css'), INTERACT_FLOOR_CSS);
  for (const [name, parts] of Object.entries(CASES)) await writeFile(path.join(dir, `${name}.html`), page(name, parts));
  return dir;
}

/** A display server's environment for the bench: its fixtures' pop-ups and sites, these pages, the widget at `widgetDir`. */
export async function benchServerEnv(widgetDir: string): Promise<NodeJS.ProcessEnv> {
  const fixtures = path.join(ROOT, 'scripts/bench/fixtures');
  return {
    POPUPS_DIR: path.join(fixtures, 'popups'),
    CLIENTS_DIR: path.join(fixtures, 'clients'),
    EXAMPLES_DIR: await writeBenchPages(),
    WIDGET_DIR: widgetDir,
    RATE_LIMIT_MAX: '100000000',
    SPAM_MIN_SUBMIT_MS: '0',
  };
}

/** Removes the pages `benchServerEnv` wrote. */
export async function removeBenchPages(env: NodeJS.ProcessEnv): Promise<void> {
  if (env.EXAMPLES_DIR) await rm(env.EXAMPLES_DIR, { recursive: true, force: true });
}
