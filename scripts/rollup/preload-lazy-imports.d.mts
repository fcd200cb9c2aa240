import type { Plugin } from 'rollup';

/**
 * Every chunk imports its whole static closure itself; the dynamic imports of the chunks named in `preloaded`
 * (by their importer's name) also start the target's imports together with the target.
 */
export function preloadLazyImports(options?: { preloaded?: Record<string, string[]> }): Plugin;
