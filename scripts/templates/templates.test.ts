// templates/ holds what the catalogue makes: a template is changed in scripts/templates/, then written out with
// `node --import tsx scripts/templates/build-templates.ts`.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  allTemplateFiles,
  EXAMPLE_POPUPS_DIR,
  EXAMPLES_PAGE,
  examplePopupFiles,
  examplesPage,
  TEMPLATES_DIR,
} from './build-templates.ts';
import { contrastProblems, PALETTES, type PaletteName } from './design.ts';

describe('the template catalogue', () => {
  it('is what templates/ holds, file for file', async () => {
    const files = allTemplateFiles();
    const committed = (await readdir(TEMPLATES_DIR)).filter((file) => file.endsWith('.json')).sort();
    assert.deepEqual(committed, [...files.keys()].sort());
    for (const [name, text] of files)
      assert.equal(await readFile(path.join(TEMPLATES_DIR, name), 'utf8'), text, `${name} is out of date`);
  });

  it('is shown on examples/templates.html, a demo pop-up for each template and language', async () => {
    const page = await readFile(EXAMPLES_PAGE, 'utf8');
    assert.equal(page, examplesPage(page), 'the page lists the catalogue');
    const demos = (await readdir(EXAMPLE_POPUPS_DIR)).filter((file) => file.startsWith('template-')).sort();
    assert.deepEqual(demos, [...examplePopupFiles().keys()].sort());
    for (const [name, text] of examplePopupFiles())
      assert.equal(await readFile(path.join(EXAMPLE_POPUPS_DIR, name), 'utf8'), text, `${name} is out of date`);
  });

  it('draws text in colours of 4.5:1 or more against what is behind it', () => {
    assert.deepEqual(
      Object.keys(PALETTES).flatMap((name) => contrastProblems(name as PaletteName)),
      [],
    );
  });
});
