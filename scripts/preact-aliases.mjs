// The widget's components are written against React's API and run on preact/compat: what each React import
// becomes, for the build (rollup.config.mjs) and the browser tests (web-test-runner.config.mjs) alike.
export const PREACT_ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
