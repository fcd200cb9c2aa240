import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type OutputChunk, rollup } from 'rollup';
import { preloadLazyImports } from './preload-lazy-imports.mjs';

// A loader that imports a session lazily, which imports the surfaces lazily; modules shared between lazy chunks
// are chunks of their own, and `element` imports `name` two levels below the surfaces.
const SOURCES: Record<string, string> = {
  'main.js': `export const start = () => import('./session.js'); export const alone = () => import('./alone.js');`,
  'session.js': `import { stamp } from './stamp.js'; export const show = () => import('./surfaces.js'); export const session = stamp('session');`,
  'stamp.js': `import { name } from './name.js'; export const stamp = (what) => name + ':' + what;`,
  'name.js': `export const name = 'poptin';`,
  'surfaces.js': `import { element } from './element.js'; import { stamp } from './stamp.js'; export const surface = stamp(element);`,
  'element.js': `import { styles } from './styles.js'; export const element = 'element+' + styles;`,
  'styles.js': `import { name } from './name.js'; export const styles = 'styles of ' + name;`,
  'alone.js': `import { element } from './element.js'; import { name } from './name.js'; export const alone = element + name;`,
};

const staticImportsOf = (code: string) =>
  [...code.matchAll(/^import\s*(?:[^'"()]*from\s*)?["']\.\/([\w.]+)["']/gm)].map((match) => match[1]);

describe('the preload-lazy-imports build step', () => {
  let dir: string;
  let chunks: Map<string, OutputChunk>;

  before(async () => {
    const bundle = await rollup({
      input: { main: 'main.js' },
      plugins: [{ name: 'sources', resolveId: (id) => id.replace('./', ''), load: (id) => SOURCES[id] }],
    });
    // Rollup's own hoisting left off, as it leaves the lazy chunks of the widget's build.
    const { output } = await bundle.generate({
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name].js',
      hoistTransitiveImports: false,
      plugins: [preloadLazyImports({ preloaded: { session: ['surfaces'] } })],
    });
    chunks = new Map(
      output.filter((file): file is OutputChunk => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
    );
    dir = await mkdtemp(path.join(tmpdir(), 'poptin-preload-'));
    await mkdir(path.join(dir, 'chunks'));
    for (const chunk of chunks.values()) await writeFile(path.join(dir, chunk.fileName), chunk.code);
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes every chunk import the chunks its own imports need, so that the browser finds them all in one round trip', () => {
    const surfaces = chunks.get('chunks/surfaces.js')!;
    assert.ok(!surfaces.imports.includes('chunks/name.js'), 'rollup left name.js to the chunks that import it');
    assert.ok(staticImportsOf(surfaces.code).includes('name.js'), surfaces.code);
    for (const chunk of chunks.values()) {
      const closure = new Set<string>();
      const visit = (fileName: string) => {
        for (const imported of chunks.get(fileName)!.imports) {
          if (closure.has(imported)) continue;
          closure.add(imported);
          visit(imported);
        }
      };
      visit(chunk.fileName);
      const imported = staticImportsOf(chunk.code).map((file) =>
        path.posix.join(path.posix.dirname(chunk.fileName), file),
      );
      assert.deepEqual(
        [...closure].filter((fileName) => !imported.includes(fileName)),
        [],
        chunk.fileName,
      );
    }
  });

  it("starts a chosen chunk's imports together with it, leaving out what its importer has already", () => {
    const session = chunks.get('chunks/session.js')!.code;
    assert.match(
      session,
      /Promise\.all\(\[import\("\.\/element\.js"\),import\('\.\/surfaces\.js'\)\]\)\.then\(m=>m\.pop\(\)\)/,
    );
    assert.doesNotMatch(session, /import\("\.\/name\.js"\)|import\("\.\/stamp\.js"\)/);
  });

  it('leaves the imports of other chunks as they were', () => {
    assert.doesNotMatch(chunks.get('main.js')!.code, /Promise\.all/);
  });

  it('chooses a chunk by the module it starts from, where its name is one many chunks share', async () => {
    const bundle = await rollup({
      input: { main: path.resolve('main.js') },
      plugins: [
        {
          name: 'sources',
          resolveId: (id) => path.resolve(id.replace('./', '')),
          load: (id) => SOURCES[path.basename(id)],
        },
      ],
    });
    const { output } = await bundle.generate({
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name].js',
      hoistTransitiveImports: false,
      plugins: [preloadLazyImports({ preloaded: { main: ['alone.js'] } })],
    });
    const main = output.find((file): file is OutputChunk => file.type === 'chunk' && file.fileName === 'main.js')!.code;
    assert.match(
      main,
      /Promise\.all\(\[import\("\.\/chunks\/element\.js"\),[^\]]*import\('\.\/chunks\/alone\.js'\)\]\)\.then\(m=>m\.pop\(\)\)/,
    );
    assert.match(main, /import\('\.\/chunks\/session\.js'\)/, 'the session, not chosen, is imported as it was');
    await bundle.close();
  });

  it('the rewritten code still runs: the session shows the surfaces, and the other chunk loads', async () => {
    const main = await import(pathToFileURL(path.join(dir, 'main.js')).href);
    const session = await main.start();
    assert.equal(session.session, 'poptin:session');
    assert.equal((await session.show()).surface, 'poptin:element+styles of poptin');
    assert.equal((await main.alone()).alone, 'element+styles of poptinpoptin');
  });
});
