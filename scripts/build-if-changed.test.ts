import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildInputsHash } from './build-if-changed.mjs';

describe('npm start builds only when a source of the build changed', () => {
  it("the inputs' hash stays while nothing changes, and moves with a source, a build script or the lock file", () => {
    const root = mkdtempSync(join(tmpdir(), 'poptin-build-inputs-'));
    try {
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'scripts'));
      const write = (path: string, text: string) => writeFileSync(join(root, path), text);
      write('package.json', JSON.stringify({ scripts: { build: 'rollup -c && node scripts/thumbnails.mjs' } }));
      write('src/loader.ts', 'export {};');
      write('scripts/thumbnails.mjs', '// v1');
      write('scripts/bench.ts', '// not a build input');
      const first = buildInputsHash(root);
      assert.equal(buildInputsHash(root), first, 'nothing changed');
      write('scripts/bench.ts', '// changed, but the build does not read it');
      assert.equal(buildInputsHash(root), first);
      write('src/loader.ts', 'export const changed = true;');
      const afterSource = buildInputsHash(root);
      assert.notEqual(afterSource, first, 'a source changed');
      write('scripts/thumbnails.mjs', '// v2');
      const afterScript = buildInputsHash(root);
      assert.notEqual(afterScript, afterSource, 'a script the build runs changed');
      write('package-lock.json', '{}');
      assert.notEqual(buildInputsHash(root), afterScript, 'the installed packages changed');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
