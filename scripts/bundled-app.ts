// Apps built as their users build them: the package installed as npm installs it (what package.json's `files`
// lists), the app's own dependencies taken from this repository, a production build, and a plain static server.
import { cp, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './server-process.ts';

/** A copy of `app` in a temporary folder, with poptin-elements installed and `dependencies` linked from here. */
export async function appWithPackageInstalled(app: string, dependencies: readonly string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `poptin-${path.basename(app)}-`));
  await cp(app, dir, { recursive: true, filter: (source) => !source.includes('node_modules') });
  const installed = path.join(dir, 'node_modules/poptin-elements');
  await mkdir(installed, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const file of ['package.json', ...manifest.files])
    await cp(path.join(ROOT, file), path.join(installed, file), { recursive: true });
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
