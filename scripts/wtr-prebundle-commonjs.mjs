// React 19 ships CommonJS only, and the dev server behind @web/test-runner serves files one by one,
// so `import { createRoot } from 'react-dom/client'` has no named exports there. This plugin bundles
// the CommonJS packages once with esbuild into one shared ES module (so every specifier shares one
// React instance) and serves a thin re-export per specifier, with the names read from the real module.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const PREFIX = '/__prebundled__/';

const DEFAULT_SPECIFIERS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

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
 * @param {{ specifiers?: string[]; alias?: Record<string, string> }} [options] `alias`: packages served in place
 * of the specifiers (preact/compat for react, to run the suite on it).
 */
export function prebundleCommonJs(options = {}) {
  const specifiers = options.specifiers ?? DEFAULT_SPECIFIERS;
  const alias = options.alias ?? {};
  let shared;
  const modules = new Map();

  async function sharedBundle() {
    shared ??= build({
      stdin: {
        contents: specifiers.map((s, i) => `import * as m${i} from ${JSON.stringify(s)}; export { m${i} };`).join('\n'),
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

  specifiers.forEach((specifier, index) => {
    const names = exportNamesOf(alias[specifier] ?? specifier);
    const body = [
      `import { m${index} as mod } from '${PREFIX}shared.js';`,
      `const ns = mod.default ?? mod;`,
      `export default ns;`,
      ...names.map((name) => `export const ${name} = ns.${name};`),
    ].join('\n');
    modules.set(PREFIX + fileNameOf(specifier), body);
  });

  return {
    name: 'prebundle-commonjs',
    resolveImport({ source }) {
      if (specifiers.includes(source)) return PREFIX + fileNameOf(source);
      return undefined;
    },
    async serve(context) {
      if (context.path === PREFIX + 'shared.js') return { body: await sharedBundle(), type: 'js' };
      const body = modules.get(context.path);
      if (body) return { body, type: 'js' };
      return undefined;
    },
  };
}
