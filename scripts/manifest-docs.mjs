// Writes a reference page per element from custom-elements.json (run by `npm run build`): dist/docs/index.html and
// dist/docs/<tag>.html, each with its attributes, properties, events, slots, parts and CSS custom properties, and
// the element itself, live, loaded by the package's own loader. `npm start` serves them at /docs/.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const OUT = 'dist/docs';

const PRIZES = JSON.stringify({
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 30 },
  ship: { label: 'Free shipping', code: 'SHIP', prize_id: 'p-ship', is_winner: 1, chances: 30 },
  none: { label: 'No luck', prize_id: 'p-none', loosing_option: 1, chances: 40 },
});
const PRODUCTS = JSON.stringify([
  { product_id: 1, title: 'Blue mug', price: 12, handle: 'blue-mug' },
  { product_id: 2, title: 'Water bottle', price: 24, compare_at_price: 30, handle: 'bottle' },
]);

// What each live example is placed with; an element that needs the display server (a controller, an embed, a
// teaser) has none.
const LIVE = {
  'poptin-popup': {
    attributes: { kind: 'embedded' },
    content:
      '<form><label>Email <input name="Email" type="email" required></label> <button type="submit">Subscribe</button></form>',
  },
  'poptin-spin-wheel': { attributes: { prizes: PRIZES } },
  'poptin-scratch-card': { attributes: { prizes: PRIZES } },
  'poptin-gift-box': { attributes: { prizes: PRIZES } },
  'poptin-countdown': { attributes: { minutes: '15', 'timer-ver': '1' } },
  'poptin-chat-button': { attributes: { telephone: '15550100', 'button-delay': '-1', 'message-send': 'Hello' } },
  'poptin-product-recommendations': { attributes: { products: PRODUCTS, buttons: 'redirect' } },
};

const escapeHtml = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// The manifest's descriptions are the JSDoc's: plain text with `code` spans.
const prose = (text) => escapeHtml(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');

function table(caption, columns, rows) {
  if (rows.length === 0) return `<h2>${caption}</h2>\n<p>None.</p>\n`;
  const head = columns.map((column) => `<th scope="col">${column}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<h2>${caption}</h2>\n<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>\n`;
}

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · poptin-elements</title>
<link rel="stylesheet" href="docs.css">
<script type="module" src="/dist/poptin.js"></script>
</head>
<body>
<header><a href="./">poptin-elements reference</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export function elementPage(declaration) {
  const tag = declaration.tagName;
  const live = LIVE[tag];
  const attributes = (declaration.attributes ?? []).map((attribute) => [
    `<code>${escapeHtml(attribute.name)}</code>`,
    `<code>${escapeHtml(attribute.type?.text ?? 'string')}</code>`,
    prose(attribute.description),
  ]);
  const properties = (declaration.members ?? [])
    .filter(
      (member) =>
        member.kind === 'field' && !member.privacy && !member.static && member.description && member.type?.text,
    )
    .map((member) => [
      `<code>${escapeHtml(member.name)}</code>`,
      `<code>${escapeHtml(member.type.text)}</code>`,
      prose(member.description),
    ]);
  const events = (declaration.events ?? []).map((event) => [
    `<code>${escapeHtml(event.name)}</code>`,
    prose(event.description),
  ]);
  const slots = (declaration.slots ?? []).map((slot) => [
    slot.name ? `<code>${escapeHtml(slot.name)}</code>` : '(default)',
    prose(slot.description),
  ]);
  const parts = (declaration.cssParts ?? []).map((part) => [
    `<code>${escapeHtml(part.name)}</code>`,
    prose(part.description),
  ]);
  const cssProperties = (declaration.cssProperties ?? []).map((property) => [
    `<code>${escapeHtml(property.name)}</code>`,
    prose(property.description),
  ]);
  const example = live
    ? `<${tag}${Object.entries(live.attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')}>${live.content ?? ''}</${tag}>`
    : '';
  const liveSection = live
    ? `<h2>Live</h2>\n<div class="live">${example}</div>\n<pre><code>${escapeHtml(example)}</code></pre>\n`
    : `<p>It works with the display server: see the examples at <a href="/examples/">/examples/</a>.</p>\n`;
  return page(
    `<${tag}>`,
    `<h1><code>&lt;${escapeHtml(tag)}&gt;</code></h1>\n<p class="summary">${prose(declaration.summary)}</p>\n<p>${prose(declaration.description)}</p>\n${liveSection}` +
      table('Attributes', ['Name', 'Type', 'Description'], attributes) +
      table('Properties', ['Name', 'Type', 'Description'], properties) +
      table('Events', ['Name', 'Description (detail)'], events) +
      table('Slots', ['Name', 'Description'], slots) +
      table('CSS parts', ['Name', 'Description'], parts) +
      table('CSS custom properties', ['Name', 'Description'], cssProperties),
  );
}

const STYLES = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d2433; }
header { padding: 12px 24px; background: #1d2433; }
header a { color: #fff; text-decoration: none; font-weight: 600; }
main { max-width: 960px; margin: 0 auto; padding: 24px; }
table { border-collapse: collapse; width: 100%; margin-bottom: 24px; }
th, td { text-align: start; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #d5d9e0; }
code { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { background: #f3f4f7; padding: 12px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.live { padding: 24px; border: 1px dashed #9aa3b2; margin-bottom: 12px; }
.summary { font-size: 1.15em; }
`;

export async function writeElementDocs() {
  const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8'));
  const declarations = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName);
  declarations.sort((a, b) => a.tagName.localeCompare(b.tagName));
  await mkdir(OUT, { recursive: true });
  await writeFile(path.join(OUT, 'docs.css'), STYLES);
  for (const declaration of declarations)
    await writeFile(path.join(OUT, `${declaration.tagName}.html`), elementPage(declaration));
  const list = declarations
    .map(
      (declaration) =>
        `<li><a href="${declaration.tagName}.html"><code>&lt;${declaration.tagName}&gt;</code></a> ${prose(declaration.summary)}</li>`,
    )
    .join('\n');
  await writeFile(
    path.join(OUT, 'index.html'),
    page(
      'Elements',
      `<h1>poptin-elements: the elements</h1>\n<p>Generated from the package's <code>custom-elements.json</code>. Using them in React, Vue or Svelte: docs/frameworks/ in the repository.</p>\n<ul>\n${list}\n</ul>\n`,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await writeElementDocs();
