// The element tests on React 19 itself, as poptin-elements/react-runtime ships them: the widget's files get the real
// react and react-dom (web-test-runner.config.mjs gives them preact/compat), and the one module that tunes preact's
// scheduling is empty, as in the build (rollup.config.mjs). `npm run test:browser:react`.

import { prebundleCommonJs } from './scripts/wtr-prebundle-commonjs.mjs';
import baseConfig from './web-test-runner.config.mjs';

const PREACT_SCHEDULING = '/elements/shared/preact-scheduling.ts';

function reactOnReact() {
  return {
    name: 'react-on-react',
    serve(context) {
      if (context.path === PREACT_SCHEDULING) return { body: 'export {};', type: 'js' };
      return undefined;
    },
  };
}

export default {
  ...baseConfig,
  files: ['elements/**/*.test.ts', 'elements/**/*.test.tsx'],
  plugins: [
    prebundleCommonJs(),
    reactOnReact(),
    ...baseConfig.plugins.filter((plugin) => plugin.name !== 'prebundle-commonjs'),
  ],
};
