import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
}

// custom-elements.json is written by `npm run build` from the elements' JSDoc, which npm test runs first.
async function elements(): Promise<Map<string, Declaration>> {
  const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
    modules: { declarations?: Declaration[] }[];
  };
  const found = new Map<string, Declaration>();
  for (const module of manifest.modules)
    for (const declaration of module.declarations ?? [])
      if (declaration.tagName) found.set(declaration.tagName, declaration);
  return found;
}

const names = (list?: { name: string }[]) => (list ?? []).map((item) => item.name);

describe('custom-elements.json', () => {
  it('documents the elements, not their insides: no class of the controller but the element itself', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
      modules: { path: string; declarations?: { name: string }[] }[];
    };
    const controllerClasses = manifest.modules
      .filter((module) => module.path.startsWith('elements/poptin-controller/'))
      .flatMap((module) => (module.declarations ?? []).map((declaration) => declaration.name));
    assert.deepEqual(controllerClasses, ['PoptinController']);
  });

  it('documents <poptin-controller> with its attributes and event', async () => {
    const controller = (await elements()).get('poptin-controller');
    assert.deepEqual(names(controller?.attributes), [
      'client-id',
      'api-base',
      'landing',
      'store',
      'wix-client-id',
      'wix-api-host',
      'cart-path',
      'product-id',
      'product-name',
      'product-category',
      'consent',
      'lead-before-consent',
    ]);
    assert.deepEqual(names(controller?.events), ['poptin-display']);
  });

  it('documents <poptin-popup> with its events, parts and custom properties', async () => {
    const popup = (await elements()).get('poptin-popup');
    assert.ok(popup, 'poptin-popup is in the manifest');
    for (const event of [
      'poptin-show',
      'poptin-after-show',
      'poptin-request-close',
      'poptin-hide',
      'poptin-after-hide',
      'poptin-submit',
      'poptin-error',
    ]) {
      assert.ok(names(popup.events).includes(event), `event ${event}`);
    }
    assert.deepEqual(names(popup.cssParts), [
      'base',
      'panel',
      'close-button',
      'skip-button',
      'close-note',
      'preview-notice',
      'credit',
      'background-effect',
    ]);
    assert.ok(names(popup.cssProperties).includes('--poptin-panel-background'));
  });

  it('documents every element the build ships', async () => {
    const documented = [...(await elements()).keys()].sort();
    const folders = (await readdir('elements', { withFileTypes: true })).filter(
      (entry) => entry.isDirectory() && entry.name.startsWith('poptin-'),
    );
    assert.ok(folders.length >= 9, 'the element folders are found');
    for (const tag of folders.map((folder) => folder.name)) {
      assert.ok(documented.includes(tag), `${tag} is in the manifest (found ${documented.join(', ')})`);
    }
  });
});
