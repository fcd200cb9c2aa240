// The browser learns what a module imports only once the module has arrived, so every level of a chunk's
// imports costs a network round trip: a lightbox waited on seven in a row (loader, session, its imports, theirs,
// surfaces, its imports, theirs). Two changes bring that to three:
// - every chunk imports its whole static closure itself, so what it needs is one level deep;
// - a dynamic import starts fetching the target's imports together with the target (those its importer has not
//   loaded already), so target and imports arrive in one round trip.
// A preloaded module is evaluated no earlier than its own imports, as it would have been; the appended imports
// come last in their chunk, where they change no evaluation order.

import path from 'node:path';
import MagicString from 'magic-string';

const DYNAMIC_IMPORT = /\bimport\((["'])(\.{1,2}\/[^"']+)\1\)/g;

/** A chunk named `wanted`, or the one whose entry is the module `wanted` (a path from the project's root). */
function isChunk(chunk, wanted) {
  return chunk !== undefined && (chunk.name === wanted || chunk.facadeModuleId === path.resolve(wanted));
}

/**
 * `preloaded`: for a chunk's name, the chunks (by name, or by the module they start from) whose imports start
 * together with them when it imports them. Each name of a preloaded file costs bytes at the import site, so only
 * the paths to what a visitor sees take them.
 */
export function preloadLazyImports({ preloaded = {} } = {}) {
  return {
    name: 'preload-lazy-imports',
    renderChunk(code, chunk, _options, meta) {
      const closures = new Map();
      const closureOf = (fileName) => {
        if (!closures.has(fileName)) {
          const closure = new Set();
          const visit = (from) => {
            for (const imported of meta.chunks[from]?.imports ?? []) {
              if (closure.has(imported)) continue;
              closure.add(imported);
              visit(imported);
            }
          };
          visit(fileName);
          closure.delete(fileName);
          closures.set(fileName, closure);
        }
        return closures.get(fileName);
      };
      const directory = path.posix.dirname(chunk.fileName);
      const specifier = (fileName) => {
        const relative = path.posix.relative(directory, fileName);
        return relative.startsWith('.') ? relative : `./${relative}`;
      };

      const output = new MagicString(code);
      const loaded = closureOf(chunk.fileName);
      for (const match of code.matchAll(DYNAMIC_IMPORT)) {
        const target = path.posix.join(directory, match[2]);
        if (!preloaded[chunk.name]?.some((wanted) => isChunk(meta.chunks[target], wanted))) continue;
        const ahead = [...closureOf(target)].filter((fileName) => fileName !== chunk.fileName && !loaded.has(fileName));
        if (ahead.length === 0) continue;
        const imports = [...ahead.map((fileName) => `import("${specifier(fileName)}")`), match[0]].join(',');
        output.overwrite(match.index, match.index + match[0].length, `Promise.all([${imports}]).then(m=>m.pop())`);
      }
      const hoisted = [...loaded].filter((fileName) => !chunk.imports.includes(fileName));
      if (hoisted.length > 0)
        output.append(`\n${hoisted.map((fileName) => `import"${specifier(fileName)}";`).join('')}`);
      if (!output.hasChanged()) return null;
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}
