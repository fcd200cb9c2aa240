// The loader's modules, compiled once. The page loads the loader as `poptin.js?id=CLIENT`, so no lazy chunk may
// import it (the browser would fetch and run it again under the other address), and the loader may import no chunk
// (one more round trip before the display call). So the loader's modules are its own (private-entry-modules.mjs),
// and what the lazy chunks use of them they read from one object the loader publishes as it starts: the kit. A
// lazy chunk's import of a loader module becomes a small module that reads the kit; the navigation wrapper, the
// remembered clicks, the visitor's record and the rest exist once at run time, and their code travels once.
// `poptin-elements/define`, which has no loader, publishes the same kit from its own copies.
//
// Which names the kit holds is read from the module graph before the build (a first pass that only resolves and
// parses): the names the lazy chunks' modules import from the loader's modules (through `export *` barrels too), so
// that the loader keeps no more. A loader module that the lazy chunks use more of than the loader does is split: the
// loader's part in a module of its own, the rest where only the chunks import it (timers.ts, registry-lookups.ts…).
// `LOADER_KIT_NAMES=1 npm run build` prints the kit.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { rollup } from 'rollup';

const KIT_PREFIX = '\0poptin-kit:';
const PUBLISH_PREFIX = '\0poptin-kit-publish:';
const EMPTY_KIT = '\0poptin-kit-empty';

const isCopyOf = (id, mark) => id.includes(`${mark}.`);
const realOf = (id, mark) => id.replace(`${mark}.`, '.');
const copyOf = (id, mark) => id.replace(/(\.[cm]?[jt]sx?)$/, `${mark}$1`);

/** Every node of an ESTree AST below `node`. */
function* walk(node) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const key of Object.keys(node)) if (key !== 'type') yield* walk(node[key]);
}

/**
 * What `ast` imports of each source (`*` for a whole namespace) and the sources it re-exports whole
 * (`export * from`), whose names count as imported only when another module imports them from it.
 */
function importsOf(ast) {
  const bySource = new Map();
  const reExported = [];
  const add = (source, name) => {
    if (typeof source !== 'string') return;
    if (!bySource.has(source)) bySource.set(source, new Set());
    bySource.get(source).add(name);
  };
  for (const node of walk(ast)) {
    if (node.type === 'ImportDeclaration') {
      if (node.specifiers.length === 0) add(node.source.value, '');
      for (const specifier of node.specifiers) {
        if (specifier.type === 'ImportSpecifier')
          add(node.source.value, specifier.imported.name ?? specifier.imported.value);
        else if (specifier.type === 'ImportDefaultSpecifier') add(node.source.value, 'default');
        else add(node.source.value, '*');
      }
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      for (const specifier of node.specifiers) add(node.source.value, specifier.local.name ?? specifier.local.value);
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) add(node.source.value, '*');
      else reExported.push(node.source.value);
    } else if (node.type === 'ImportExpression') {
      add(node.source?.value, '*');
    }
  }
  return { bySource, reExported };
}

/**
 * The first pass: `input` and `plugins` as the build's, resolved and parsed only. Returns, for each module the
 * loader (`entry`, whose copies carry `mark`) imports and some other module imports too, the names those import.
 */
export async function loaderKitNames({ input, plugins, entry = 'src/loader.ts', mark = '.loader-copy' }) {
  const resolutions = new Map();
  const infos = new Map();
  const recorder = {
    name: 'loader-kit-recorder',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) resolutions.set(`${importer}\n${source}`, resolved.id);
      return resolved;
    },
    moduleParsed(info) {
      infos.set(info.id, info);
    },
  };
  const bundle = await rollup({ input, plugins: [recorder, ...plugins], onwarn: () => {} });
  await bundle.close();

  const entryId = path.resolve(entry);
  const loaderModules = new Set([...infos.keys()].filter((id) => isCopyOf(id, mark)).map((id) => realOf(id, mark)));
  const inEntryGraph = (id) => id === entryId || id.includes('-copy.');
  // What is asked of each module by the modules outside the loader's graph, through `export *` barrels too.
  const wanted = new Map();
  const barrels = new Map();
  const want = (id, name) => {
    if (!wanted.has(id)) wanted.set(id, new Set());
    const names = wanted.get(id);
    if (names.has(name)) return false;
    names.add(name);
    return true;
  };
  for (const [id, info] of infos) {
    // A loader module's own imports are the loader's: outside it, the module is read through the kit.
    if (inEntryGraph(id) || loaderModules.has(id) || !info.ast) continue;
    const { bySource, reExported } = importsOf(info.ast);
    for (const [source, imported] of bySource) {
      const target = resolutions.get(`${id}\n${source}`);
      if (target) for (const name of imported) want(target, name);
    }
    const targets = reExported.map((source) => resolutions.get(`${id}\n${source}`)).filter(Boolean);
    if (targets.length) barrels.set(id, targets);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [barrel, targets] of barrels) {
      for (const name of wanted.get(barrel) ?? []) {
        for (const target of targets) {
          const exported = infos.get(target)?.exports ?? [];
          if (name === '*') for (const each of exported) changed = want(target, each) || changed;
          else if (exported.includes(name)) changed = want(target, name) || changed;
        }
      }
    }
  }
  const names = new Map();
  for (const id of loaderModules) {
    const exported = infos.get(id)?.exports ?? [];
    const asked = wanted.get(id) ?? new Set();
    const list = asked.has('*') ? exported : exported.filter((name) => asked.has(name));
    // A module no chunk asks anything of is still read through the kit, as nothing: a barrel may re-export it.
    names.set(id, new Set(list));
  }
  return new Map([...names].sort(([a], [b]) => a.localeCompare(b)).map(([id, set]) => [id, [...set].sort()]));
}

/**
 * The build's side: `names` from loaderKitNames; `entries`, each entry that publishes the kit with the mark of its
 * private copies (the loader first). Returns the plugin and `realOfKit(id)`, the loader module a kit module reads.
 */
export function loaderKit(names, entries) {
  if (process.env.LOADER_KIT_NAMES)
    for (const [id, list] of names)
      if (list.length) console.error(`kit: ${path.relative(process.cwd(), id)}: ${list.join(' ')}`);
  const modules = [...names.keys()].filter((id) => names.get(id).length > 0);
  const askedNothing = new Set([...names.keys()].filter((id) => names.get(id).length === 0));
  const indexOf = new Map(modules.map((id, index) => [id, index]));
  // One flat list, each module's names after those of the modules before it (a list of lists cost the loader 16 B).
  const offsetOf = new Map();
  let length = 0;
  for (const id of modules) {
    offsetOf.set(id, length);
    length += names.get(id).length;
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([...names].map(([id, list]) => [path.relative(process.cwd(), id), list])))
    .digest('hex')
    .slice(0, 8);
  // A page may hold two builds (two versions of the widget): each reads its own kit.
  const kitGlobal = `globalThis[Symbol.for("poptin.kit.${digest}")]`;
  const publishers = new Map(entries.map(({ entry, mark }) => [path.resolve(entry), mark]));
  const marks = [...publishers.values()];
  const inEntryGraph = (id) => publishers.has(id) || marks.some((mark) => isCopyOf(id, mark));

  const plugin = {
    name: 'loader-kit',
    async resolveId(source, importer, options) {
      if (source.startsWith(KIT_PREFIX) || source.startsWith(PUBLISH_PREFIX) || source === EMPTY_KIT) return source;
      if (!importer) return null;
      // The publishing module names the copies it imports by their ids.
      if (importer.startsWith(PUBLISH_PREFIX)) return source;
      if (importer.startsWith(KIT_PREFIX) || inEntryGraph(importer) || options.custom?.privateEntry) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && askedNothing.has(resolved.id)) return EMPTY_KIT;
      if (!resolved || !indexOf.has(resolved.id)) return resolved;
      return `${KIT_PREFIX}${indexOf.get(resolved.id)}`;
    },
    load(id) {
      if (id === EMPTY_KIT) return { code: 'export {};', map: { mappings: '' } };
      if (id.startsWith(KIT_PREFIX)) {
        const index = Number(id.slice(KIT_PREFIX.length));
        const exported = names.get(modules[index]);
        const lines = [`const read = (at) => ${kitGlobal}[at];`];
        exported.forEach((name, at) => {
          lines.push(`const k${at} = /*#__PURE__*/ read(${offsetOf.get(modules[index]) + at});`);
          lines.push(`export { k${at} as ${name === 'default' ? 'default' : name} };`);
        });
        return { code: lines.join('\n'), map: { mappings: '' } };
      }
      if (id.startsWith(PUBLISH_PREFIX)) {
        const mark = id.slice(PUBLISH_PREFIX.length);
        const imports = [];
        const entriesOfKit = [];
        modules.forEach((module, index) => {
          const exported = names.get(module);
          imports.push(
            `import { ${exported.map((name, at) => `${name} as m${index}_${at}`).join(', ')} } from ${JSON.stringify(copyOf(module, mark))};`,
          );
          entriesOfKit.push(...exported.map((_, at) => `m${index}_${at}`));
        });
        return {
          code: `${imports.join('\n')}\n${kitGlobal} ??= [${entriesOfKit.join(', ')}];\n`,
          map: { mappings: '' },
        };
      }
      return null;
    },
    transform(code, id) {
      const mark = publishers.get(id);
      if (mark === undefined) return null;
      // Last of the entry's imports: the loader's own modules run in their order, and the kit is published in the
      // same synchronous evaluation of the entry's graph, before any lazy chunk it imports can run.
      return { code: `${code}\nimport ${JSON.stringify(PUBLISH_PREFIX + mark)};\n`, map: null };
    },
  };
  const realOfKit = (id) => (id.startsWith(KIT_PREFIX) ? modules[Number(id.slice(KIT_PREFIX.length))] : id);
  return { plugin, realOfKit };
}
