// The real display server as a child process, as `npm start` runs it, on a free port with a fresh data folder:
// for the benchmarks and the end-to-end tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConfigurationFolders, migratedDataDir } from './migrated-data-dir.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The library's package (poptin-elements), and its build: what the display server serves at /dist/. */
export const LIBRARY_DIR = path.join(ROOT, 'packages/poptin-elements');
export const LIBRARY_DIST = path.join(LIBRARY_DIR, 'dist');
/** The owner API's token on servers started here. */
export const OWNER_TOKEN = 'e2e-owner-token-0123456789';

/** Fixture pop-ups, clients and pages of the widget's end-to-end tests (test/e2e/fixtures), which a benchmark serves too. */
export const E2E_FIXTURES_ENV: NodeJS.ProcessEnv = {
  POPUPS_DIR: path.join(ROOT, 'test/e2e/fixtures/popups'),
  CLIENTS_DIR: path.join(ROOT, 'test/e2e/fixtures/clients'),
  EXAMPLES_DIR: path.join(ROOT, 'test/e2e/fixtures/pages'),
};

export function assertBuilt(): void {
  if (!existsSync(path.join(LIBRARY_DIST, 'poptin.js')) || !existsSync(path.join(ROOT, 'dist/console/index.html')))
    throw new Error('the build is missing: run `npm run build` before the end-to-end tests');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Removes the data folder. */
  dispose(): Promise<void>;
  output(): string;
}

/**
 * The configuration files a server started with `env` loads, when they are the repository's own (the examples, the
 * end-to-end fixtures): its data folder holds them loaded already, so that its start writes nothing. A server on
 * PostgreSQL, or one given files of a test's own, starts from the migrated folder alone.
 */
function configurationFoldersOf(env: NodeJS.ProcessEnv = {}): ConfigurationFolders | undefined {
  const merged = { ...process.env, ...env };
  if (merged.DATABASE_URL) return undefined;
  const folders = {
    popupsDir: path.resolve(ROOT, merged.POPUPS_DIR || 'examples/popups'),
    clientsDir: path.resolve(ROOT, merged.CLIENTS_DIR || 'examples/clients'),
  };
  const inRepository = (dir: string) => !path.relative(ROOT, dir).startsWith('..');
  return inRepository(folders.popupsDir) && inRepository(folders.clientsDir) ? folders : undefined;
}

export async function startServerProcess(
  options: {
    env?: NodeJS.ProcessEnv;
    dataDir?: string;
    port?: number;
    /** Where a server given no port finds one (freePort). */
    portSource?: () => Promise<number>;
  } = {},
): Promise<ServerProcess> {
  assertBuilt();
  const portSource = options.portSource ?? freePort;
  let port = options.port ?? (await portSource());
  const dataDir = options.dataDir ?? (await migratedDataDir('poptin-e2e-', configurationFoldersOf(options.env)));
  let child: ChildProcess | null = null;
  let log = '';

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        // Scripted visitors submit within a second of the view, which the server takes for a bot's: the spam
        // rules have their own tests (server/leads/spam.test.ts), so here they are off.
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          OWNER_TOKEN,
          DATABASE_URL: '',
          SPAM_MIN_SUBMIT_MS: '0',
          SPAM_IMPOSSIBLE_SUBMIT_MS: '0',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      const startedAt = log.length;
      const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${log}`)), 60_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const fresh = log.slice(startedAt);
        if (fresh.includes(`:${port}`) && fresh.includes('display server on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        // After a successful start this reject is a no-op.
        reject(new Error(`server exited with ${code} before it was ready:\n${log}`));
      });
    });

  const stop = async () => {
    const proc = child as ChildProcess | null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    child = null;
  };

  // A port found free can be taken by another process before the server listens on it (test files run side by
  // side): a server given no port of its own tries another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await launch();
      break;
    } catch (error) {
      if (options.port !== undefined || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
      port = await portSource();
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    stop,
    restart: launch,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    output: () => log,
  };
}
