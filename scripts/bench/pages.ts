// The benchmark's pages: one article, the same in every case, with only the widget's part changed, written into
// a folder the server serves as its examples.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Writes the pages (`<case>.html`) and their stylesheet; resolves with the folder. */
export async function writeBenchPages(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poptin-bench-pages-'));
  await writeFile(
    path.join(dir, 'bench.css'),
    `body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: #111827; }\nmain { max-width: 720px; margin: 0 auto; padding: 24px; }\npoptin-embed[poptin-id="benchtopbar01"] { display: block; min-height: ${TOP_BAR_HEIGHT}px; }\n`,
  );
  await writeFile(path.join(dir, 'bench-floor.js'), FLOOR_SCRIPT);
  await writeFile(path.join(dir, 'bench-floor-element.js'), FLOOR_ELEMENT_SCRIPT);
  await writeFile(path.join(dir, 'bench-empty.js'), '');
  await writeFile(path.join(dir, 'bench-interact.js'), INTERACT_FLOOR_SCRIPT);
  await writeFile(path.join(dir, 'bench-interact.css'), INTERACT_FLOOR_CSS);
  for (const [name, parts] of Object.entries(CASES)) await writeFile(path.join(dir, `${name}.html`), page(name, parts));
  return dir;
}
