// The same loader and chunks built on React itself instead of preact/compat (rollup.config.mjs, POPTIN_UI=react),
// for the benchmark to measure beside the shipped build: what React's own weight would cost.
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Builds into a temp folder laid out like the library's dist/ (the server's WIDGET_DIR); resolves with the folder. */
export async function buildOnReact(root: string): Promise<string> {
  const out = await mkdtemp(path.join(tmpdir(), 'poptin-bench-react-'));
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'],
    {
      cwd: root,
      env: { ...process.env, POPTIN_UI: 'react', POPTIN_OUT: out },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`the React build failed:\n${result.stderr}`);
  return out;
}
