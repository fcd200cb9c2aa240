export default {
  globs: ['elements/**/*.ts'],
  exclude: ['elements/**/*.test.ts', 'elements/**/*.test.tsx', 'elements/**/define.ts', 'elements/**/test-support.ts'],
  outdir: '.',
  litelement: false,
};
