import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain ES module of the build, without declarations
import { elementsOf } from './manifest-types.mjs';

const tsc = path.resolve('node_modules/.bin/tsc');

describe('typings generated from custom-elements.json', () => {
  it('an app typed with them compiles, and each mistake it marks is refused in React, Preact, Vue, Svelte and the DOM (test/typed-app)', () => {
    const typings = 'packages/poptin-elements/dist/types/react.d.ts';
    assert.ok(existsSync(typings), `npm run build wrote ${typings}`);
    // Each @ts-expect-error in the app is a wrong attribute value, property or handler: accepted, it fails tsc. Vue's
    // and Svelte's own checkers do not run on this TypeScript, so vue.ts and svelte.ts check the props their
    // templates and markup are held to (GlobalComponents, SvelteHTMLElements) as plain TypeScript.
    const result = spawnSync(tsc, ['-p', 'test/typed-app/tsconfig.json'], { encoding: 'utf8' });
    assert.equal(result.status, 0, `tsc -p test/typed-app:\n${result.stdout}${result.stderr}`);
  });

  it('a type the manifest names that the package does not ship stops the build', () => {
    const manifest = {
      modules: [
        {
          declarations: [
            {
              tagName: 'poptin-x',
              attributes: [{ name: 'mode', type: { text: "'a' | InternalMode" } }],
              members: [{ kind: 'field', name: 'model', description: 'd', type: { text: 'PopupModel | null' } }],
            },
          ],
        },
      ],
    };
    const { problems } = elementsOf(manifest, ['PrizeSettings']) as { problems: string[] };
    assert.deepEqual(problems, [
      '<poptin-x> attribute mode: type InternalMode is not in src/core/public-types.ts',
      '<poptin-x>.model: type PopupModel is not in src/core/public-types.ts',
    ]);
  });
});
