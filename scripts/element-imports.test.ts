import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ELEMENT_KINDS, tagOf } from '../src/registry-lookups.ts';
import { findCrossElementImports, findImportsOfElements, SHARED_ELEMENT_FOLDER } from './element-imports.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ELEMENTS_DIR = path.join(ROOT, 'elements');

let root: string;

// A project of a few files, with the imports the checks must find and those they must not.
before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'poptin-element-imports-'));
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };
  await write('elements/shared/surface-element.ts', "import { guard } from '../../src/core/safety.ts';\n");
  await write(
    'elements/poptin-bar/poptin-bar.ts',
    [
      "import { createSurfaceElement } from '../shared/surface-element.ts';",
      "import { barStyles } from './styles.ts';",
      "import {\n  popupStyles,\n  type PopupStyles,\n} from '../poptin-popup/styles.ts';",
      "import React from 'react';",
      '/** Not an import: from "../poptin-popup/styles.ts" */',
    ].join('\n'),
  );
  await write('elements/poptin-bar/styles.ts', "export const barStyles = '';\n");
  await write('elements/poptin-popup/styles.ts', "export const popupStyles = '';\n");
  await write(
    'elements/poptin-popup/tests/popup.test.tsx',
    "const bar = await import('../../../elements/poptin-bar/poptin-bar.ts');\nimport '/elements/poptin-bar/styles.ts';\n",
  );
  await write(
    'src/components/bar/bar-view.tsx',
    [
      "import { createSurface } from '../../registry.ts';",
      "import type { PoptinBarElement } from '../../../elements/poptin-bar/poptin-bar.ts';",
      "const define = () => import('../../../elements/poptin-bar/define.ts');",
    ].join('\n'),
  );
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('element folders import nothing from each other (design §3)', () => {
  it('names each file and import that reaches into another element folder, tests included', () => {
    assert.deepEqual(findCrossElementImports(path.join(root, 'elements')), [
      { file: 'elements/poptin-bar/poptin-bar.ts', specifier: '../poptin-popup/styles.ts', target: 'poptin-popup' },
      {
        file: 'elements/poptin-popup/tests/popup.test.tsx',
        specifier: '/elements/poptin-bar/styles.ts',
        target: 'poptin-bar',
      },
      {
        file: 'elements/poptin-popup/tests/popup.test.tsx',
        specifier: '../../../elements/poptin-bar/poptin-bar.ts',
        target: 'poptin-bar',
      },
    ]);
  });

  it('holds for the elements of this repository', () => {
    const found = findCrossElementImports(ELEMENTS_DIR);
    assert.deepEqual(found, [], found.map(({ file, specifier }) => `${file} imports ${specifier}`).join('\n'));
  });
});

describe('views import no element folder: what they load of an element, they find in the registry', () => {
  it('names each file of src/components that imports from elements/, types and lazy imports included', () => {
    assert.deepEqual(findImportsOfElements(root, 'src/components'), [
      {
        file: 'src/components/bar/bar-view.tsx',
        specifier: '../../../elements/poptin-bar/poptin-bar.ts',
        target: 'poptin-bar',
      },
      {
        file: 'src/components/bar/bar-view.tsx',
        specifier: '../../../elements/poptin-bar/define.ts',
        target: 'poptin-bar',
      },
    ]);
  });

  it('holds for the views of this repository', () => {
    const found = findImportsOfElements(ROOT, 'src/components');
    assert.deepEqual(found, [], found.map(({ file, specifier }) => `${file} imports ${specifier}`).join('\n'));
  });
});

describe('every element folder is a line of src/registry.ts', () => {
  // The controller is the loader's own element, which it defines itself.
  const NOT_IN_REGISTRY = [SHARED_ELEMENT_FOLDER, 'poptin-controller'];

  it('each registry tag is an element folder with its define file, and each element folder is in the registry', () => {
    const folders = readdirSync(ELEMENTS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_IN_REGISTRY.includes(entry.name))
      .map((entry) => entry.name);
    const tags = ELEMENT_KINDS.map(tagOf);
    assert.deepEqual([...folders].sort(), [...tags].sort());
    for (const tag of tags)
      assert.ok(existsSync(path.join(ELEMENTS_DIR, tag, 'define.ts')), `elements/${tag}/define.ts`);
  });
});
