export default {
  globs: ['elements/**/*.ts'],
  // The controller's collaborators are its inside: the manifest documents the element, not how it is built.
  exclude: [
    'elements/**/*.test.ts',
    'elements/**/*.test.tsx',
    'elements/**/define.ts',
    'elements/**/test-support/**',
    'elements/poptin-controller/!(poptin-controller).ts',
  ],
  outdir: '.',
  litelement: false,
  plugins: [
    {
      // The analyzer lists modules in the order its file reads finish: sorted, the file is the same on every build.
      name: 'modules-in-path-order',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
      },
    },
  ],
};
