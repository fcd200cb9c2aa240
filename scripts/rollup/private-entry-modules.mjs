// A page loads the loader as `poptin.js?id=CLIENT`. A lazy chunk that imported a module living in the loader
// would import `../poptin.js`, a different address for the browser: the loader would be fetched and run a
// second time. So the modules the loader imports statically get copies of their own, private to the entry,
// and the lazy chunks share theirs among themselves: no chunk ever imports the entry.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `entry`: the loader's source file, or another entry that must import no chunk; `mark` tells its copies from
 * those of another entry, which would otherwise make a chunk the two share.
 */
export function privateEntryModules(entry, mark = '.loader-copy') {
  const copyOf = (id) => id.replace(/(\.[cm]?[jt]sx?)$/, `${mark}$1`);
  const realOf = (id) => id.replace(`${mark}.`, '.');
  const isCopy = (id) => id.includes(`${mark}.`);
  const entryId = path.resolve(entry);
  return {
    name: `private-entry-modules${mark}`,
    async resolveId(source, importer, options) {
      if (!importer || options.isEntry) return null;
      const fromEntryGraph = isCopy(importer) || importer === entryId;
      if (!fromEntryGraph) return null;
      // Marked: a module read through the kit (loader-kit.mjs) is itself, not a read of it, in the entry's graph.
      const custom = { ...options.custom, privateEntry: true };
      const resolved = await this.resolve(source, realOf(importer), { ...options, skipSelf: true, custom });
      if (!resolved || resolved.external || resolved.id.startsWith('\0')) return resolved;
      return { ...resolved, id: copyOf(resolved.id) };
    },
    async resolveDynamicImport(specifier, importer) {
      // What the loader imports lazily is shared with the other chunks, never copied.
      if (typeof specifier !== 'string' || !(isCopy(importer) || importer === entryId)) return null;
      return this.resolve(specifier, realOf(importer), { skipSelf: true });
    },
    async load(id) {
      if (!isCopy(id)) return null;
      return readFile(realOf(id), 'utf8');
    },
  };
}
