// A throwaway PostgreSQL server for the storage tests: Debian's postgresql binaries, a fresh cluster in a
// temporary folder, trust authentication on 127.0.0.1 only. initdb refuses to run as root, so as root the
// cluster runs as the postgres user that Debian's package creates.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function userId(name) {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
}

/**
 * Starts a server; resolves with its URL and a stop function, or null (with the reason) when it cannot. Tests run it
 * with fsync off (nothing they check needs a power cut survived); `{ fsync: true }` keeps PostgreSQL's defaults, as
 * the lead write benchmark needs.
 */
export async function startPostgres({ fsync = false } = {}) {
  const bin = postgresBinDir();
  if (!bin) return { server: null, reason: 'no PostgreSQL binaries (Debian package postgresql)' };
  const asRoot = process.getuid?.() === 0;
  const postgresUid = asRoot ? userId('postgres') : null;
  if (asRoot && postgresUid === null) return { server: null, reason: 'running as root without a postgres user' };
  const run = (command, args) => {
    const full = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    return spawnSync(full[0], full[1], { encoding: 'utf8' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'poptin-pg-'));
  const dataDir = join(dir, 'data');
  if (asRoot) chownSync(dir, postgresUid, postgresUid);
  const init = run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-instructions']);
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { server: null, reason: `initdb failed: ${init.stderr.trim()}` };
  }
  const port = await freePort();
  const startServer = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fsync ? '' : ' -c fsync=off'}`,
      'start',
    ]);
  const start = startServer();
  if (start.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { server: null, reason: `the server did not start: ${start.stderr.trim() || start.stdout.trim()}` };
  }
  return {
    server: {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      /** Stops the server as a crash would (`pg_ctl -m immediate`): every connection cut, no clean shutdown. */
      crash() {
        const stopped = run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        if (stopped.status !== 0)
          throw new Error(`pg_ctl stop failed: ${stopped.stderr.trim() || stopped.stdout.trim()}`);
      },
      /** Starts the server again on the same port and data, after `crash`; resolves once it accepts connections. */
      restart() {
        const started = startServer();
        if (started.status !== 0)
          throw new Error(`pg_ctl start failed: ${started.stderr.trim() || started.stdout.trim()}`);
      },
      stop() {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
        rmSync(dir, { recursive: true, force: true });
      },
    },
    reason: '',
  };
}
