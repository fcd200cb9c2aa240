// The production layout on one machine (docs/scale.md, step 3): etcd; two PostgreSQL members managed by Patroni, a
// primary and its synchronous standby; HAProxy routing by Patroni's REST checks; three server processes; nginx in
// front of them. Every process is this one's child, on 127.0.0.1, with its files in one folder; the server processes
// are started again when they exit, as a service manager would. `npm run cluster` runs it (main.ts), `npm run drill`
// breaks it (drill.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir } from '../postgres.mjs';
import { ROOT } from '../server-process.ts';
import { etcdArgs, haproxyConfig, nginxConfig, type Ports, patroniYaml, portsFrom, type Secrets } from './configs.ts';

/** The Debian bookworm packages the layout runs on, by the program each installs. */
const PACKAGES: Record<string, string> = {
  '/usr/bin/etcd': 'etcd-server',
  '/usr/bin/patroni': 'patroni',
  // Patroni's etcd client, which its package only recommends.
  '/usr/lib/python3/dist-packages/etcd/__init__.py': 'python3-etcd',
  '/usr/sbin/haproxy': 'haproxy',
  '/usr/sbin/nginx': 'nginx',
  '/usr/lib/postgresql/15/bin/initdb': 'postgresql-15',
};

/** Installs with apt-get what is missing (as .ci/run does); only root may. */
export function installMissing(log: (line: string) => void): void {
  const missing = Object.entries(PACKAGES)
    .filter(([program]) => !existsSync(program))
    .flatMap(([, names]) => names.split(' '));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Missing Debian packages: run \`sudo apt-get install ${missing.join(' ')}\`, then again.`);
  log(`Installing Debian's ${missing.join(', ')}…`);
  // policy-rc.d and no init: the packages' own system services are not started; this layout starts its own.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const answers = async (url: string, status = 200) =>
  (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === status;

/** The user PostgreSQL runs as: this one, or Debian's postgres user when this is root (initdb refuses root). */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The marker in each child's environment by which `stopLeftovers` knows a process is this folder's. */
const MARKER = 'POPTIN_CLUSTER_DIR';

/** A child process of the cluster, its output appended to a log file; started again on exit when `restart`. */
export class Daemon {
  private child: ChildProcess | null = null;
  private stopping = false;
  /** Called with each pid this daemon starts. */
  onStart: (pid: number) => void = () => undefined;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: {
      log: string;
      env?: NodeJS.ProcessEnv;
      cwd?: string;
      user?: { uid: number; gid: number } | null;
      restart?: boolean;
    },
  ) {}

  get pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  start(): void {
    this.stopping = false;
    const out = openSync(this.options.log, 'a');
    if (this.options.user) chownSync(this.options.log, this.options.user.uid, this.options.user.gid);
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd ?? ROOT,
      env: { ...process.env, ...this.options.env },
      stdio: ['ignore', out, out],
      // A group of its own: Ctrl-C reaches this process alone, which stops the others in order.
      detached: true,
      ...(this.options.user ?? {}),
    });
    closeSync(out);
    this.child = child;
    if (child.pid) this.onStart(child.pid);
    child.once('exit', () => {
      if (this.child !== child) return;
      this.child = null;
      if (this.options.restart && !this.stopping)
        setTimeout(() => !this.stopping && !this.child && this.start(), 1_000);
    });
  }

  /** kill -9, as a crash: started again by itself when `restart`. */
  crash(): void {
    this.child?.kill('SIGKILL');
  }

  /** Stops for good: `signal`, then SIGKILL after `graceMs`; resolves once it exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killer);
  }
}

/** The processes whose parent is `pid` (a postmaster's backends and workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The command name is in parentheses and may hold spaces: the parent pid is the second field after it.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One PostgreSQL server and the Patroni that manages it: a machine of the database's two. */
export class Member {
  constructor(
    readonly name: string,
    readonly patroni: Daemon,
    readonly dataDir: string,
    readonly restUrl: string,
  ) {}

  postmasterPid(): number | null {
    try {
      const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return pid > 0 && alive(pid) ? pid : null;
    } catch {
      return null;
    }
  }

  /** The machine is lost: Patroni, the postmaster and its processes all killed at once (kill -9). */
  lose(): void {
    const postmaster = this.postmasterPid();
    const backends = postmaster ? childrenOf(postmaster) : [];
    this.patroni.crash();
    for (const pid of [postmaster, ...backends]) if (pid) process.kill(pid, 'SIGKILL');
  }

  /** Patroni's view of this member: its role ('primary', 'replica') and state, or null when it does not answer. */
  async status(): Promise<{ role: string; state: string } | null> {
    try {
      const response = await fetch(`${this.restUrl}/patroni`, { signal: AbortSignal.timeout(5_000) });
      return (await response.json()) as { role: string; state: string };
    } catch {
      return null;
    }
  }
}

export interface Cluster {
  dir: string;
  ports: Ports;
  secrets: Secrets;
  /** nginx's address: the site's. */
  url: string;
  /** The server processes' DATABASE_URL (HAProxy's primary), as its `poptin` role. */
  databaseUrl: string;
  members: Member[];
  servers: Daemon[];
  /** The member that is primary now, by Patroni's REST API; null while there is none. */
  primary(): Promise<Member | null>;
  /** Resolves once a primary and a synchronous standby are both running. */
  replicated(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function readSecrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secret = () => randomBytes(18).toString('base64url');
  const secrets: Secrets = {
    superuser: secret(),
    replicator: secret(),
    app: secret(),
    ownerToken: secret(),
    consolePassword: secret(),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The `poptin` role and database, owned by it (Patroni creates only its own users). */
async function createAppDatabase(ports: Ports, secrets: Secrets): Promise<void> {
  const admin = (database: string) =>
    new pg.Client({
      host: '127.0.0.1',
      port: ports.primary,
      user: 'postgres',
      password: secrets.superuser,
      database,
    });
  const server = admin('postgres');
  await server.connect();
  try {
    const role = await server.query("SELECT 1 FROM pg_roles WHERE rolname = 'poptin'");
    if (role.rowCount === 0) await server.query(`CREATE ROLE poptin LOGIN PASSWORD '${secrets.app}'`);
    const database = await server.query("SELECT 1 FROM pg_database WHERE datname = 'poptin'");
    if (database.rowCount === 0) await server.query('CREATE DATABASE poptin OWNER poptin');
  } finally {
    await server.end();
  }
  const poptin = admin('poptin');
  await poptin.connect();
  await poptin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm').finally(() => poptin.end());
}

/**
 * Starts the layout in `dir` (its data kept there across starts) on the ports from `basePort`; `serverEnv` is added
 * to the server processes' environment. Resolves once nginx answers.
 */
export async function startCluster(options: {
  dir: string;
  basePort: number;
  serverEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const dir = path.resolve(options.dir);
  const ports = portsFrom(options.basePort);
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql');
  mkdirSync(path.join(dir, 'nginx'), { recursive: true });
  const secrets = readSecrets(dir);
  const user = postgresUser();
  // PostgreSQL's user reaches its own folders inside (a temporary folder is made for this user alone).
  if (user) chmodSync(dir, 0o755);
  const marker = { [MARKER]: dir };
  const pids = new Set<number>();
  const note = (daemon: Daemon) => {
    daemon.onStart = (pid) => {
      pids.add(pid);
      writeFileSync(path.join(dir, 'pids.json'), JSON.stringify([...pids]));
    };
    return daemon;
  };
  writeFileSync(path.join(dir, 'cluster.pid'), String(process.pid));
  const started: Daemon[] = [];
  const run = (daemon: Daemon) => {
    started.push(note(daemon));
    daemon.start();
    return daemon;
  };

  const members: Member[] = [];
  const servers: Daemon[] = [];
  const stop = async () => {
    const byName = (prefix: string) => started.filter((daemon) => daemon.name.startsWith(prefix));
    await Promise.all(byName('nginx').map((daemon) => daemon.stop('SIGQUIT')));
    await Promise.all(byName('server').map((daemon) => daemon.stop()));
    await Promise.all(byName('haproxy').map((daemon) => daemon.stop()));
    // Patroni stops its PostgreSQL; one killed earlier (the drill) may have left its postmaster behind.
    await Promise.all(byName('patroni').map((daemon) => daemon.stop('SIGTERM', 60_000)));
    for (const member of members) {
      const postmaster = member.postmasterPid();
      if (postmaster) process.kill(postmaster, 'SIGQUIT');
    }
    await Promise.all(byName('etcd').map((daemon) => daemon.stop()));
  };

  try {
    // What the servers serve (the widget, the console), built first as `npm start` does.
    const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
    log(`etcd on 127.0.0.1:${ports.etcdClient}`);
    run(new Daemon('etcd', '/usr/bin/etcd', etcdArgs(dir, ports), { log: path.join(dir, 'etcd.log'), env: marker }));
    await waitFor('etcd', () => answers(`http://127.0.0.1:${ports.etcdClient}/health`));

    for (const member of [0, 1]) {
      const home = path.join(dir, `pg${member + 1}`);
      mkdirSync(home, { recursive: true, mode: 0o700 });
      if (user) chownSync(home, user.uid, user.gid);
      const config = path.join(home, 'patroni.yml');
      writeFileSync(config, patroniYaml(dir, member, ports, secrets, binDir), { mode: 0o600 });
      if (user) chownSync(config, user.uid, user.gid);
      const patroni = new Daemon(`patroni pg${member + 1}`, '/usr/bin/patroni', [config], {
        log: path.join(home, 'patroni.out'),
        env: { ...marker, HOME: home },
        cwd: home,
        user,
      });
      members.push(
        new Member(`pg${member + 1}`, patroni, path.join(home, 'data'), `http://127.0.0.1:${ports.patroni[member]}`),
      );
    }
    // The first one starts alone so that it is the one to initialise the database; the second copies it.
    log(`PostgreSQL pg1 on 127.0.0.1:${ports.postgres[0]}, pg2 on 127.0.0.1:${ports.postgres[1]} (Patroni)`);
    run(members[0]!.patroni);
    await waitFor('the first PostgreSQL member', async () => (await members[0]!.status())?.state === 'running');
    run(members[1]!.patroni);

    writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig(ports));
    run(
      new Daemon('haproxy', '/usr/sbin/haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {
        log: path.join(dir, 'haproxy.log'),
        env: marker,
      }),
    );
    const primary = async () => {
      // Patroni 3.0 names the role 'master', later versions 'primary'.
      for (const member of members) if (/^(primary|master)$/.test((await member.status())?.role ?? '')) return member;
      return null;
    };
    const replicated = (timeoutMs = 180_000) =>
      waitFor(
        'a primary and its synchronous standby',
        async () => {
          const response = await fetch(`${members[0]!.restUrl}/cluster`, { signal: AbortSignal.timeout(2_000) });
          const { members: listed } = (await response.json()) as { members: { role: string; state: string }[] };
          const running = (role: string) => listed.some((m) => m.role === role && /running|streaming/.test(m.state));
          return running('leader') && running('sync_standby');
        },
        timeoutMs,
      );
    await waitFor('a primary behind HAProxy', async () => (await primary()) !== null);
    await waitFor('PostgreSQL through HAProxy', async () => {
      await createAppDatabase(ports, secrets);
      return true;
    });
    await replicated();

    const databaseUrl = `postgres://poptin:${secrets.app}@127.0.0.1:${ports.primary}/poptin`;
    const readUrl = `postgres://poptin:${secrets.app}@127.0.0.1:${ports.standby}/poptin`;
    const url = `http://127.0.0.1:${ports.nginx}`;
    log(`server processes on 127.0.0.1:${ports.servers.join(', :')}`);
    for (const [index, port] of ports.servers.entries()) {
      servers.push(
        run(
          new Daemon(`server ${index + 1}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
            log: path.join(dir, `server${index + 1}.log`),
            restart: true,
            env: {
              ...marker,
              PORT: String(port),
              HOST: '127.0.0.1',
              DATABASE_URL: databaseUrl,
              DATABASE_READ_URL: readUrl,
              TRUST_PROXY: '1',
              PUBLIC_URL: url,
              OWNER_TOKEN: secrets.ownerToken,
              CONSOLE_PASSWORD: secrets.consolePassword,
              ...options.serverEnv,
            },
          }),
        ),
      );
    }
    for (const port of ports.servers)
      await waitFor(`the server on :${port}`, () => answers(`http://127.0.0.1:${port}/poptin.js`), 180_000);

    writeFileSync(path.join(dir, 'nginx', 'nginx.conf'), nginxConfig(dir, ports));
    run(
      new Daemon(
        'nginx',
        '/usr/sbin/nginx',
        ['-p', path.join(dir, 'nginx'), '-c', path.join(dir, 'nginx', 'nginx.conf'), '-g', 'daemon off;'],
        { log: path.join(dir, 'nginx', 'nginx.out'), env: marker },
      ),
    );
    await waitFor('nginx', () => answers(`${url}/poptin.js`));
    return { dir, ports, secrets, url, databaseUrl, members, servers, primary, replicated, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm run cluster -- stop`: asks the running cluster of `dir` to stop, then stops what it left (its recorded
 * children, and PostgreSQL servers of its folders), each by its pid once it is known to be this folder's.
 */
export async function stopCluster(dir: string, log: (line: string) => void): Promise<void> {
  const ours = (pid: number) => {
    try {
      const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8');
      return read('cmdline').includes(dir) || read('environ').split('\0').includes(`${MARKER}=${dir}`);
    } catch {
      return false;
    }
  };
  const file = (name: string) => path.join(dir, name);
  const waitGone = async (pids: number[], ms: number) => {
    const until = Date.now() + ms;
    while (pids.some(alive) && Date.now() < until) await sleep(200);
  };
  const supervisor = existsSync(file('cluster.pid')) ? Number(readFileSync(file('cluster.pid'), 'utf8')) : 0;
  if (supervisor && alive(supervisor) && supervisor !== process.pid) {
    log(`stopping the cluster (pid ${supervisor})…`);
    process.kill(supervisor, 'SIGTERM');
    await waitGone([supervisor], 90_000);
  }
  const recorded = existsSync(file('pids.json'))
    ? (JSON.parse(readFileSync(file('pids.json'), 'utf8')) as number[])
    : [];
  const postmasters = ['pg1', 'pg2']
    .map((member) => file(`${member}/data/postmaster.pid`))
    .filter((pidFile) => existsSync(pidFile))
    .map((pidFile) => Number(readFileSync(pidFile, 'utf8').split('\n')[0]));
  const left = [...recorded, ...postmasters].filter((pid) => pid > 0 && alive(pid) && ours(pid));
  for (const pid of left) process.kill(pid, 'SIGTERM');
  await waitGone(left, 20_000);
  for (const pid of left.filter(alive)) process.kill(pid, 'SIGKILL');
  log(left.length ? `stopped ${left.length} processes left behind` : 'nothing left running');
}
