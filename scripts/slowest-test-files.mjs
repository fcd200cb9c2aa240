// A node:test reporter that prints, when the run ends, the test files that took longest (each file's own wall time,
// from its process's start to its end). `run-node-tests.mjs --slowest=N` adds it beside the TAP output.
const count = Number(process.env.SLOWEST_TEST_FILES ?? 20);

export default async function* slowestTestFiles(source) {
  const files = [];
  for await (const event of source) {
    // Each file's own test, named by its path, completes when its process does.
    if (event.type === 'test:complete' && event.data.nesting === 0 && event.data.name === event.data.file) {
      files.push({ file: event.data.file, ms: event.data.details.duration_ms });
    }
  }
  if (files.length === 0) return;
  const total = files.reduce((sum, { ms }) => sum + ms, 0);
  const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, count);
  yield `\nslowest ${slowest.length} of ${files.length} test files (${(total / 1000).toFixed(0)} s in all files):\n`;
  const cwd = `${process.cwd()}/`;
  for (const { file, ms } of slowest) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file.replace(cwd, '')}\n`;
}
