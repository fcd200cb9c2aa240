import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';
import { PREACT_ALIASES } from './scripts/preact-aliases.mjs';
import { prebundleCommonJs } from './scripts/wtr-prebundle-commonjs.mjs';
import { sdkPlatformPlugin } from './test/sdk-platform/wtr-plugin.mjs';
import { shopifyStorefrontMiddleware } from './test/shopify-storefront/wtr-plugin.mjs';

const executablePath = chromiumPath();
if (!executablePath) {
  throw new Error('Chromium not found: run `apt-get install -y chromium` (as root) or set CHROMIUM_PATH.');
}

// Plugins contributed by areas that need a live peer during browser tests (e.g. the SDK's fake platform).
const extraPlugins = [sdkPlatformPlugin()];

export default {
  files: [
    'src/**/*.test.ts',
    'src/**/*.test.tsx',
    'elements/**/*.test.ts',
    'elements/**/*.test.tsx',
    'test/browser/**/*.test.ts',
    'test/browser/**/*.test.tsx',
    '!**/*.node.test.ts',
  ],
  nodeResolve: { exportConditions: ['browser'] },
  concurrency: 1,
  // Packages such as nanostores read process.env.NODE_ENV, which bundlers replace; the dev server does not.
  testRunnerHtml: (testFramework) =>
    `<html><head><script>window.process = { env: { NODE_ENV: 'development' } };</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  testFramework: { config: { timeout: 10000 } },
  // The fake Shopify storefront's cart calls, on the test pages' own origin.
  middleware: [shopifyStorefrontMiddleware()],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  plugins: [
    // The widget runs on preact/compat, as it ships; the K3 site is a host page with React of its own.
    prebundleCommonJs({ alias: PREACT_ALIASES, unaliased: (path) => path.startsWith('/src/site/') }),
    esbuildPlugin({
      ts: true,
      tsx: true,
      tsconfig: new URL('./tsconfig.json', import.meta.url).pathname,
      target: 'es2022',
    }),
    ...extraPlugins,
  ],
};
