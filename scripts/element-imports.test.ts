import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { findCrossElementImports } from './element-imports.ts';

const ELEMENTS_DIR = fileURLToPath(new URL('../elements', import.meta.url));

describe('element folders import nothing from each other (design §3)', () => {
  let root: string;

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
    await write('elements/poptin-popup/tests/popup.test.tsx', "const bar = await import('../../../elements/poptin-bar/poptin-bar.ts');\nimport '/elements/poptin-bar/styles.ts';\n");
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('names each file and import that reaches into another element folder, tests included', () => {
    assert.deepEqual(findCrossElementImports(path.join(root, 'elements')), [
      { file: 'elements/poptin-bar/poptin-bar.ts', specifier: '../poptin-popup/styles.ts', target: 'poptin-popup' },
      { file: 'elements/poptin-popup/tests/popup.test.tsx', specifier: '/elements/poptin-bar/styles.ts', target: 'poptin-bar' },
      { file: 'elements/poptin-popup/tests/popup.test.tsx', specifier: '../../../elements/poptin-bar/poptin-bar.ts', target: 'poptin-bar' },
    ]);
  });

  it('holds for the elements of this repository', () => {
    const found = findCrossElementImports(ELEMENTS_DIR);
    assert.deepEqual(found, [], found.map(({ file, specifier }) => `${file} imports ${specifier}`).join('\n'));
  });
});
