import type { Plugin } from 'rollup';

/** The CSS of the template literals of the modules named *styles.ts, without comments and meaningless white space. */
export function minifyCssLiterals(): Plugin;

/** The CSS without its comments and meaningless white space; quoted strings as they were. */
export function tidyCss(css: string): string;
