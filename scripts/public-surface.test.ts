import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { publicSurface, SURFACE_DOC } from './public-surface.mjs';

describe('the public surface is kept in docs/public-surface.md', () => {
  it('matches what custom-elements.json and the window API say now (node scripts/public-surface.mjs --write)', () => {
    assert.equal(
      publicSurface(),
      readFileSync(SURFACE_DOC, 'utf8'),
      `${SURFACE_DOC} differs from the elements: run \`npm run build && node scripts/public-surface.mjs --write\`, and name the change in CHANGELOG.md`,
    );
  });

  it('moves with an attribute, an event, a part or a CSS property taken out of the manifest', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    const before = publicSurface(manifest);
    const popup = manifest.modules
      .flatMap((module: { declarations?: { tagName?: string }[] }) => module.declarations ?? [])
      .find((declaration: { tagName?: string }) => declaration.tagName === 'poptin-popup');
    for (const key of ['attributes', 'events', 'cssParts', 'cssProperties']) {
      const removed = popup[key].pop();
      assert.notEqual(publicSurface(manifest), before, `${key}: ${removed.name}`);
      popup[key].push(removed);
    }
    assert.equal(publicSurface(manifest), before);
  });
});
