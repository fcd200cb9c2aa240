import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { prebundleCommonJs } from './scripts/wtr-prebundle-commonjs.mjs';
import { chromiumPath, CHROMIUM_ARGS } from './scripts/chromium.mjs';

const executablePath = chromiumPath();
if (!executablePath) {
  throw new Error('Chromium not found: run `apt-get install -y chromium` (as root) or set CHROMIUM_PATH.');
}

// Plugins contributed by areas that need a live peer during browser tests (e.g. the SDK's fake platform).
const extraPlugins = [];

export default {
  files: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'elements/**/*.test.ts', 'elements/**/*.test.tsx', 'test/browser/**/*.test.ts', 'test/browser/**/*.test.tsx', '!**/*.node.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  plugins: [
    prebundleCommonJs(),
    esbuildPlugin({ ts: true, tsx: true, tsconfig: new URL('./tsconfig.json', import.meta.url).pathname, target: 'es2022' }),
    ...extraPlugins,
  ],
};
