// The library's public surface, one line per thing a page or an app may rely on: each element's attributes, public
// properties and methods, events, CSS parts and CSS custom properties (from custom-elements.json, which the build
// makes from the elements' JSDoc), the window API and the window events. docs/public-surface.md keeps it, so that a
// change to it shows in review and in the CHANGELOG: `node scripts/public-surface.mjs --write` writes it anew after
// `npm run build`; scripts/public-surface.test.ts fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SURFACE_DOC = 'docs/public-surface.md';

const type = (entry) => (entry.type?.text ? `: ${entry.type.text.replace(/\s+/g, ' ')}` : '');

/** `window.poptin`'s members, read from the interface the controller installs. */
function windowApi() {
  const source = readFileSync('elements/poptin-controller/poptin-controller.ts', 'utf8');
  const body = /export interface PoptinWindowApi \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s{2}(\w+\(.*?\): .*?);$/gm)].map((match) => `\`window.poptin.${match[1]}\``);
}

/** The window events, read from the one helper that dispatches them. */
function windowEvents() {
  const source = readFileSync('src/components/shared/emit.ts', 'utf8');
  const names = /export function emitWindow<T>\(name: ([^,]+),/.exec(source)?.[1] ?? '';
  return [...names.matchAll(/'(\w+)'/g)].map((match) => `\`${match[1]}\``).sort();
}

export function publicSurface(manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'))) {
  const elements = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  const lines = [
    '# Public surface',
    '',
    'What a page or an app may rely on, release to release. Made by `node scripts/public-surface.mjs --write` from',
    '`custom-elements.json` and the window API; `scripts/public-surface.test.ts` fails when they differ, so that a change',
    'to it is seen, and named in CHANGELOG.md.',
  ];
  for (const element of elements) {
    // One line a kind, so that the list stays short enough to read whole.
    const section = (title, entries) => {
      if (entries.length > 0) lines.push(`- ${title}: ${entries.join(', ')}`);
    };
    lines.push('', `## <${element.tagName}>`, '');
    section('Attributes', (element.attributes ?? []).map((entry) => `\`${entry.name}${type(entry)}\``).sort());
    section(
      'Properties and methods',
      (element.members ?? [])
        .filter((member) => !member.privacy && !member.static && !member.name.startsWith('#'))
        .map((member) =>
          member.kind === 'method'
            ? `\`${member.name}(${(member.parameters ?? []).map((parameter) => parameter.name).join(', ')})\``
            : `\`${member.name}${type(member)}\`${member.readonly ? ' (read-only)' : ''}`,
        )
        .sort(),
    );
    section('Events', (element.events ?? []).map((entry) => `\`${entry.name}\``).sort());
    section('CSS parts', (element.cssParts ?? []).map((entry) => `\`${entry.name}\``).sort());
    section('CSS custom properties', (element.cssProperties ?? []).map((entry) => `\`${entry.name}\``).sort());
  }
  lines.push('', '## window', '', `- API: ${windowApi().join(', ')}`, `- Events: ${windowEvents().join(', ')}`, '');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) writeFileSync(SURFACE_DOC, publicSurface());
  else process.stdout.write(publicSurface());
}
