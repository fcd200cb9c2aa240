// React 19 ships CommonJS only, and the dev server behind @web/test-runner serves files one by one,
// so `import { createRoot } from 'react-dom/client'` has no named exports there. This plugin bundles
// the packages once with esbuild into one shared ES module (so every specifier shares one instance)
// and serves a thin re-export per specifier, with the names read from the real module. The widget's
// files get preact/compat in React's place, as the build gives them.

import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const PREFIX = '/__prebundled__/';

// preact is served from the same bundle as preact/compat, so that tuning its options reaches the one instance.
const DEFAULT_SPECIFIERS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'preact',
];

const fileNameOf = (specifier) => specifier.replace(/[^a-z0-9]+/gi, '_') + '.js';

function exportNamesOf(specifier) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return Object.keys(require(specifier)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/**
 * One shared bundle of the specifiers, served under `prefix`; `alias`: packages bundled in their place.
 * @param {string[]} specifiers
 * @param {string} prefix
 * @param {Record<string, string>} alias
 */
function flavour(specifiers, prefix, alias) {
  let shared;
  const modules = new Map();
  specifiers.forEach((specifier, index) => {
    const names = exportNamesOf(alias[specifier] ?? specifier);
    const body = [
      `import { m${index} as mod } from '${prefix}shared.js';`,
      `const ns = mod.default ?? mod;`,
      `export default ns;`,
      ...names.map((name) => `export const ${name} = ns.${name};`),
    ].join('\n');
    modules.set(prefix + fileNameOf(specifier), body);
  });
  return {
    pathOf: (specifier) => prefix + fileNameOf(specifier),
    async serve(path) {
      if (path === prefix + 'shared.js') {
        shared ??= build({
          stdin: {
            contents: specifiers
              .map((s, i) => `import * as m${i} from ${JSON.stringify(s)}; export { m${i} };`)
              .join('\n'),
            resolveDir: process.cwd(),
          },
          bundle: true,
          format: 'esm',
          write: false,
          define: { 'process.env.NODE_ENV': '"development"' },
          alias,
          logLevel: 'silent',
        }).then((result) => result.outputFiles[0].text);
        return shared;
      }
      return modules.get(path);
    },
  };
}

/**
 * @param {{ specifiers?: string[]; alias?: Record<string, string>; unaliased?: (importerPath: string) => boolean }} [options]
 * `alias`: packages served in place of the specifiers (preact/compat for react); `unaliased`: the importing files
 * that get the real packages (a host page's own React).
 */
export function prebundleCommonJs(options = {}) {
  const specifiers = options.specifiers ?? DEFAULT_SPECIFIERS;
  const aliased = flavour(specifiers, PREFIX, options.alias ?? {});
  const real = options.alias ? flavour(specifiers, `${PREFIX}real/`, {}) : aliased;
  const unaliased = options.unaliased ?? (() => false);

  return {
    name: 'prebundle-commonjs',
    resolveImport({ source, context }) {
      if (!specifiers.includes(source)) return undefined;
      return (unaliased(context.path) ? real : aliased).pathOf(source);
    },
    async serve(context) {
      const body =
        (await aliased.serve(context.path)) ?? (real === aliased ? undefined : await real.serve(context.path));
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
