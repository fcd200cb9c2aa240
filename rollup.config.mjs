import { existsSync } from 'node:fs';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import { PREACT_ALIASES } from './scripts/preact-aliases.mjs';
import { consolePage } from './scripts/rollup/console-page.mjs';
import { loaderKit, loaderKitNames } from './scripts/rollup/loader-kit.mjs';
import { minifyCssLiterals } from './scripts/rollup/minify-css-literals.mjs';
import { preloadLazyImports } from './scripts/rollup/preload-lazy-imports.mjs';
import { privateEntryModules } from './scripts/rollup/private-entry-modules.mjs';
import { terserMinify } from './scripts/rollup/terser-minify.mjs';

// The library's build goes into its package (packages/poptin-elements/dist: what npm publishes); what only the display
// server serves (the console, the example site's bundle) into dist/. The library's files carry no sourceMappingURL
// comment, as its tarball has no maps: the maps stay beside them, and the display server names each in a SourceMap
// header (server/platform/static.ts).
const LIBRARY_DIST = 'packages/poptin-elements/dist';

// The browsers that have `<dialog>` and `showModal()`, which every modal pop-up opens with (Safari 15.4 and
// Firefox 98 were the last to ship it, in March 2022). Their syntax is written as is: class fields and `??=` are
// no longer rewritten into helper calls, which took 133 bytes of the loader and 1 KB of a lightbox.
const BROWSERS = ['chrome99', 'edge99', 'firefox98', 'safari15.4'];

const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
  commonjs(),
  esbuild({
    target: BROWSERS,
    minify: true,
    jsx: 'automatic',
    tsconfig: 'tsconfig.json',
    loaders: { '.ts': 'ts', '.tsx': 'tsx' },
  }),
  minifyCssLiterals(),
];

// The widget's components are written against React's API and run on preact/compat (docs/performance.md).
// `npm run bench` also builds them on React itself (POPTIN_UI=react, into POPTIN_OUT) to measure both.
const comparisonBuild = process.env.POPTIN_UI === 'react';
function reactAsPreact() {
  return {
    name: 'react-as-preact',
    resolveId(source, importer, options) {
      const target = PREACT_ALIASES[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/** The comparison build: the one module that tunes preact's scheduling has nothing to tune on React. */
function reactOnReact() {
  return {
    name: 'react-on-react',
    load(id) {
      return id.endsWith('preact-scheduling.ts') ? 'export {};' : null;
    },
  };
}

// V8's compile hint: Chromium then compiles every function of a chunk while the file streams in, off the main
// thread, instead of each one on the main thread when first called. The widget's chunks are small and most of
// what they hold runs once they load; npm run bench measured a third less main-thread time with it on an empty
// answer (loader only) and on a lightbox (whose long task at 1× went away).
function eagerCompileHint() {
  return {
    name: 'eager-compile-hint',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        // The source map moves down the one line the hint takes.
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === 'asset') {
          const parsed = JSON.parse(String(map.source));
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  };
}

// Small modules that nearly every chunk imports (the safety net, the machine runtime, timing, adopted styles,
// nanostores' atom, config values, game delays, the stores' empty cart) make one chunk: apart, each was a file of a
// few hundred bytes, imported by name from every chunk that used it. Together they cost the lightbox 5 files and
// 1 KB gzip less, and no page downloads more. The runtime joined them once the session's showings ran on it: a chunk
// of its own, it was a fifth file among the session's imports (scripts/size-check.mjs), as was the wait for a paint
// once the reporter and the email suggestion used it too.
const SHARED_MODULES = [
  'src/core/safety.ts',
  'src/core/machine.ts',
  'src/core/timers.ts',
  'src/core/loading/yield-to-page.ts',
  'src/core/loading/after-next-paint.ts',
  'src/core/popup/timing.ts',
  'src/core/adopted-styles.ts',
  'src/core/config/values.ts',
  'src/core/games/delays.ts',
  'src/core/games/locked.ts',
  'src/core/safe-url.ts',
  'src/core/poptin-id.ts',
  'src/integrations/store.ts',
  'src/core/products/limits.ts',
  'src/core/forms/input-limits.ts',
  'node_modules/nanostores/atom/index.js',
];

// What the session shares with the surfaces and with a few parts loaded later (the inspector, a product list, a
// hand-placed pop-up's attributes): the display API and the configuration it carries, a form's verdicts, the
// triggers, the pop-ups' store, the registry of elements. Apart, rollup made them four
// chunks (five with the registry), and the loader's import of the session started a request for each in the task
// that reads the display answer, which each made longer by a few ms at 4× CPU slowdown (npm run bench, nothing
// eligible). Left out: the language and the countdown's settings, which elements placed by hand (a countdown, a
// game, a teaser) load without the session.
const SESSION_SHARED_MODULES = [
  'src/core/api/contract.ts',
  'src/core/api/http.ts',
  'src/core/api/display-api.ts',
  'src/core/config/types.ts',
  'src/core/config/parse.ts',
  'src/core/forms/field-kind.ts',
  'src/core/forms/form-field.ts',
  'src/core/forms/conversion-payload.ts',
  'src/core/trusted-html.ts',
  // Setting a template's inline styles aside (the sanitiser, lazy) and applying them (the pop-up's view): apart, a
  // 752-byte file of the lightbox's own.
  'src/core/inline-styles.ts',
  'src/core/popup/layout.ts',
  'src/core/triggers/types.ts',
  'src/core/triggers/fire-once.ts',
  'src/core/triggers/device.ts',
  'src/core/triggers/back-button.ts',
  'src/core/triggers/fast-scroll-up.ts',
  'src/core/triggers/exit-intent.ts',
  'src/core/triggers/scroll.ts',
  'src/core/decision/explanation.ts',
  'src/stores/popups.ts',
  'src/core/catalogue.ts',
  'src/registry.ts',
  'src/registry-parts.ts',
  'src/registry-lookups.ts',
  'src/core/loading/until-defined.ts',
  'node_modules/nanostores/map/index.js',
];
// The words, and a form's verdicts, which say them: apart from the chunk above, so that a page whose pop-ups are
// decided and none shown (npm run bench, "decided on the page") does not load them. The mounter reads the language
// through import(), from the surfaces' own import of this chunk.
const LANGUAGE_MODULES = [
  'src/core/i18n/strings.ts',
  'src/core/i18n/language.ts',
  'src/core/forms/verdict.ts',
  'src/core/forms/text-length.ts',
];

const CHUNK_OF_MODULE = new Map(
  Object.entries({
    shared: SHARED_MODULES,
    'session-shared': SESSION_SHARED_MODULES,
    language: LANGUAGE_MODULES,
  }).flatMap(([chunk, files]) => files.map((file) => [path.resolve(file), chunk])),
);

// The widget's entries: the loader, and `poptin-elements/define`, the same lazy chunks loaded on request by an app's
// framework. Each has its own copies of the modules it imports (private-entry-modules.mjs); the lazy chunks read
// the loader's through the kit either publishes (loader-kit.mjs).
const WIDGET_INPUT = { poptin: 'src/loader.ts', 'define-elements': 'src/define-elements.ts' };
const widgetGraphPlugins = () => [
  privateEntryModules('src/loader.ts'),
  privateEntryModules('src/define-elements.ts', '.define-copy'),
  ...(comparisonBuild ? [reactOnReact()] : [reactAsPreact()]),
  ...plugins(),
];
const kit = loaderKit(await loaderKitNames({ input: WIDGET_INPUT, plugins: widgetGraphPlugins() }), [
  { entry: 'src/loader.ts', mark: '.loader-copy' },
  { entry: 'src/define-elements.ts', mark: '.define-copy' },
]);

// A lazy chunk's reading of a loader module goes where the module went before it was read through the kit.
function namedChunk(id) {
  return CHUNK_OF_MODULE.get(kit.realOfKit(id));
}

// Where a chunk's import of another starts that one's imports with it (scripts/rollup/preload-lazy-imports.mjs):
// the paths to what a visitor sees. The loader's imports: the session; a store's integration, which the session
// needs first; and the elements a page may place by hand that show without the display server (a pop-up, a chat
// button, a countdown, a game). An embed and a teaser wait for the session anyway.
const PRELOADED = {
  poptin: [
    'session',
    'store-link',
    'src/integrations/wix/index.ts',
    'src/integrations/shopify/index.ts',
    'surfaces',
    'elements/poptin-chat-button/define.ts',
    'elements/poptin-countdown/define.ts',
    'elements/poptin-spin-wheel/define.ts',
    'elements/poptin-scratch-card/define.ts',
    'elements/poptin-gift-box/define.ts',
    'elements/poptin-product-recommendations/define.ts',
  ],
  session: ['surfaces', 'store-recommendations'],
  surfaces: ['game-binding', 'define', 'add-to-cart-buttons', 'declarative'],
  // The registry's imports of the elements a template holds (a game, a product list).
  'session-shared': ['define'],
};

const builds = [
  {
    // The loader plus lazily imported chunks (surfaces with React, libphonenumber-js, …), and define-elements.
    input: WIDGET_INPUT,
    output: {
      dir: comparisonBuild ? process.env.POPTIN_OUT : LIBRARY_DIST,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash:6].js',
      sourcemap: 'hidden',
      manualChunks: namedChunk,
      // Rollup's own code (a chunk's namespace read, `.then(function (m) { return m.s; })`) in today's syntax; not its
      // `es2015` preset, whose Symbol.toStringTag on every namespace costs a lightbox 60 B.
      generatedCode: { arrowFunctions: true, constBindings: true, objectShorthand: true },
    },
    plugins: [
      kit.plugin,
      ...widgetGraphPlugins(),
      preloadLazyImports({ preloaded: PRELOADED }),
      terserMinify(),
      eagerCompileHint(),
    ],
  },
];

// poptin-elements/react-runtime: the controller and the elements on the app's own React (src/react-runtime.ts). A
// build of its own: the loader's chunks hold preact/compat, so none is shared; its own lazy chunks keep each view
// loading when first needed, and the app's bundler splits them as it does its own. No kit: no loader is there.
const REACT_PACKAGES = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];
builds.push({
  input: { 'react-runtime': 'src/react-runtime.ts' },
  external: REACT_PACKAGES,
  output: {
    dir: `${LIBRARY_DIST}/react-runtime`,
    format: 'es',
    entryFileNames: '[name].js',
    // Unmerged, its chunks are too many for six characters of hash.
    chunkFileNames: 'chunks/[name]-[hash:8].js',
    sourcemap: 'hidden',
    generatedCode: { arrowFunctions: true, constBindings: true, objectShorthand: true },
  },
  plugins: [reactOnReact(), ...plugins(), terserMinify()],
});

// The K3 brochure site, an example host page with React of its own: the display server's, not the library's.
builds.push({
  input: { 'k3-site': 'src/site/app/main.tsx' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/k3-site-[name]-[hash].js',
    sourcemap: true,
  },
  plugins: plugins(),
});

if (existsSync('src/sdk/index.ts')) {
  builds.push({
    input: { sdk: 'src/sdk/index.ts' },
    output: {
      dir: LIBRARY_DIST,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/sdk-[name]-[hash].js',
      sourcemap: 'hidden',
    },
    plugins: plugins(),
  });
}

// The owner console: a React 19 app on React itself (not the widget's preact), its own folder, the code editor in a
// lazy chunk. It shows pop-ups through the public elements that /dist/poptin.js defines.
builds.push({
  input: { console: 'src/console/main.tsx' },
  output: {
    dir: 'dist/console',
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
    sourcemap: true,
  },
  plugins: [
    ...plugins(),
    consolePage({ html: 'src/console/index.html', css: 'src/console/console.css', favicon: 'src/console/favicon.svg' }),
  ],
  // TanStack Query marks its modules "use client" for React Server Components; in a browser bundle the directive means
  // nothing, and rollup's note on each of them would bury every other line of `npm start`.
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(warning.message)) return;
    warn(warning);
  },
});

export default comparisonBuild ? builds.slice(0, 1) : builds;
