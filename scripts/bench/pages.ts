// The benchmark's pages: one article, the same in every case, with only the widget's part changed, written into
// a folder the server serves as its examples.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const loader = (clientId?: string) => `<script type="module" src="/dist/poptin.js${clientId ? `?id=${clientId}` : ''}"></script>\n`;

/** What each case adds to the page: in its head, in the middle of the article, at the end of the body. */
const CASES: Record<string, { head?: string; middle?: string; end?: string }> = {
  base: {},
  empty: { head: loader('bench-empty') },
  blocked: { head: loader('bench-blocked') },
  lightbox: { head: loader('bench-lightbox') },
  wheel: { head: loader('bench-wheel') },
  chat: { head: loader(), end: '<poptin-chat-button telephone="+62 812 3456 7890" message-send="Hello" button-delay="0" message-delay="2"></poptin-chat-button>\n' },
  bar: { head: loader('bench-layout') },
  // The height the form takes at 1280 px, reserved as the element's documentation asks, so that it moves nothing.
  embed: { head: loader('bench-layout'), middle: '<poptin-embed poptin-id="benchembedd01" height="489"></poptin-embed>\n' },
};

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: a long article the visitor reads, with enough text to make the page scroll and to give the browser real layout work, as a host page would. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>\n`;

function page(name: string, parts: { head?: string; middle?: string; end?: string }): string {
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
<main>
<h1>Benchmark page: ${name}</h1>
${paragraphs.slice(0, 20).join('')}${parts.middle ?? ''}${paragraphs.slice(20).join('')}</main>
${parts.end ?? ''}</body>
</html>
`;
}

/** Writes the pages (`<case>.html`) and their stylesheet; resolves with the folder. */
export async function writeBenchPages(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poptin-bench-pages-'));
  await writeFile(path.join(dir, 'bench.css'), 'body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: #111827; }\nmain { max-width: 720px; margin: 0 auto; padding: 24px; }\n');
  for (const [name, parts] of Object.entries(CASES)) await writeFile(path.join(dir, `${name}.html`), page(name, parts));
  return dir;
}
