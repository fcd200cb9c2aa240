// Apps built as their users build them: the library installed as npm installs it (the files `npm pack` puts in its
// tarball), the app's own dependencies taken from this repository, a production build, and a plain static server.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIBRARY_DIR, ROOT } from './server-process.ts';

/** The files of the library's tarball, as `npm pack` lists them (package.json among them). */
export function libraryPackageFiles(): string[] {
  const listed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: LIBRARY_DIR,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`npm pack --dry-run failed:\n${listed.stderr}`);
  const [tarball] = JSON.parse(listed.stdout) as { files: { path: string }[] }[];
  return tarball!.files.map((file) => file.path);
}

/** A copy of `app` in a temporary folder, with poptin-elements installed and `dependencies` linked from here. */
export async function appWithPackageInstalled(app: string, dependencies: readonly string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `poptin-${path.basename(app)}-`));
  await cp(app, dir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  const installed = path.join(dir, 'node_modules/poptin-elements');
  for (const file of libraryPackageFiles()) {
    await mkdir(path.dirname(path.join(installed, file)), { recursive: true });
    await cp(path.join(LIBRARY_DIR, file), path.join(installed, file));
  }
  for (const dependency of dependencies) {
    const target = path.join(dir, 'node_modules', dependency);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules', dependency), target, 'dir');
  }
  return dir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `folder` on a free port of 127.0.0.1. */
export function serveFolder(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(folder, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(folder)) return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}
