// The same loader and chunks built on preact/compat instead of React (rollup.config.mjs, POPTIN_UI=preact), for
// the benchmark to measure beside the shipped build. Not shipped: it is a measurement of what React costs.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Builds into a temp folder laid out like dist/ (the server's DIST_DIR); resolves with the folder. */
export async function buildOnPreact(root: string): Promise<string> {
  const out = await mkdtemp(path.join(tmpdir(), 'poptin-bench-preact-'));
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
    cwd: root,
    env: { ...process.env, POPTIN_UI: 'preact', POPTIN_OUT: out },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the preact/compat build failed:\n${result.stderr}`);
  // The server also serves the SDK and the K3 site from DIST_DIR; the benchmark's pages do not use them.
  await cp(path.join(root, 'dist/types'), path.join(out, 'types'), { recursive: true }).catch(() => undefined);
  return out;
}
