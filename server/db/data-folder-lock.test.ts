import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { migratedDataDir } from '../../scripts/migrated-data-dir.ts';
import { blankDataDir } from '../test-support/database.ts';
import { LOCK_FILE_NAME } from './data-folder-lock.ts';
import { openPGlite } from './pglite.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `server/main.ts` in a process of its own on the data folder; resolves once it listens, or with its exit. */
function startDisplayServer(dataDir: string): {
  child: ChildProcess;
  ready: Promise<{ listening: boolean; code: number | null; output: string }>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OWNER_TOKEN: 'lock-test-token',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<{ listening: boolean; code: number | null; output: string }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('display server on')) resolve({ listening: true, code: null, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ listening: false, code, output }));
  });
  return { child, ready };
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The process id of a process that has ended, as a lock left by a crashed server names. */
async function pidOfEndedProcess(): Promise<number> {
  const ended = spawn(process.execPath, ['-e', '']);
  await exitOf(ended);
  return ended.pid!;
}

describe('a PGlite data folder is held by one display server at a time', () => {
  const folders: string[] = [];
  const folder = async () => {
    const dir = await blankDataDir();
    folders.push(dir);
    return dir;
  };
  after(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  describe('two server processes', () => {
    let dataDir: string;
    let first: ChildProcess;
    let firstUrl: string;
    before(async () => {
      // Migrated, with the example configuration the server loads already stored: its start writes nothing.
      dataDir = await migratedDataDir('poptin-server-test-', {
        popupsDir: path.join(ROOT, 'examples/popups'),
        clientsDir: path.join(ROOT, 'examples/clients'),
      });
      folders.push(dataDir);
      const started = startDisplayServer(dataDir);
      first = started.child;
      const ready = await started.ready;
      assert.equal(ready.listening, true, 'the first server starts');
      firstUrl = /display server on (http:\/\/\S+)/.exec(ready.output)![1]!;
    });
    after(async () => {
      first.kill('SIGKILL');
      await exitOf(first);
    });

    it('refuses a second server on the same folder, naming the first and what to do, and the first keeps serving', async () => {
      const second = startDisplayServer(dataDir);
      const result = await second.ready;
      assert.equal(result.listening, false);
      assert.equal(result.code, 1);
      assert.match(
        result.output,
        new RegExp(
          `The data folder ${dataDir} is in use by another display server \\(process ${first.pid}\\)\\. Stop that server, or give this one another DATA_DIR`,
        ),
      );
      assert.equal(
        (await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).trim(),
        String(first.pid),
        'the refused server left the lock alone',
      );
      const display = await fetch(`${firstUrl}/api/display/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'localhost' }),
      });
      assert.equal(display.status, 200);
    });

    it('takes the folder over once the server holding it is killed without closing it', async () => {
      first.kill('SIGKILL');
      await exitOf(first);
      const db = await openPGlite(dataDir);
      try {
        assert.equal((await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).trim(), String(process.pid));
        assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }]);
      } finally {
        await db.close();
      }
      await assert.rejects(
        stat(path.join(dataDir, LOCK_FILE_NAME)),
        { code: 'ENOENT' },
        'closing gives the folder back',
      );
    });
  });

  it('refuses to open a folder twice in one process, and opens it again once it is closed', async () => {
    const dataDir = await folder();
    const db = await openPGlite(dataDir);
    await assert.rejects(openPGlite(dataDir), {
      name: 'DataFolderInUseError',
      message: `The data folder ${dataDir} is already open in this process.`,
    });
    await db.close();
    const again = await openPGlite(dataDir);
    await again.close();
  });

  it('opens a copy of a folder in use, whose lock names the process that copied it', async () => {
    const source = await folder();
    const db = await openPGlite(source);
    const copy = await mkdtemp(path.join(os.tmpdir(), 'poptin-lock-copy-'));
    folders.push(copy);
    try {
      await cp(source, copy, { recursive: true });
      const opened = await openPGlite(copy);
      await opened.close();
    } finally {
      await db.close();
    }
  });

  it('of eight servers starting together on a folder whose server crashed, exactly one takes it and the others name it', async () => {
    // Each contender, given a folder and a time, locks the folder at that instant (a busy wait to a time given once
    // all are ready), says whether it won, and holds on to what it won until it is ended. The same eight contenders
    // race for a new folder in each round: starting a process is most of what a round costs.
    const contender = `
      const { lockDataFolder } = await import(${JSON.stringify(new URL('./data-folder-lock.ts', import.meta.url).href)});
      let given = '';
      process.stdin.on('data', (chunk) => {
        given += chunk;
        let end;
        while ((end = given.indexOf('\\n')) >= 0) {
          const [start, dataDir] = JSON.parse(given.slice(0, end));
          given = given.slice(end + 1);
          while (Date.now() < start) {}
          try {
            lockDataFolder(dataDir);
            process.stdout.write('won\\n');
          } catch (error) {
            process.stdout.write('refused: ' + error.message + '\\n');
          }
        }
      });
      process.stdout.write('ready\\n');`;
    const contenders = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contender], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      let heard = 0;
      /** The next line the contender says, which starts with one of `words`. */
      const said = (...words: string[]) =>
        new Promise<string>((resolve, reject) => {
          const onExit = (code: number | null) => reject(new Error(`a contender ended (${code}) after: ${output}`));
          const onData = (chunk: Buffer) => {
            output += chunk.toString();
            const lines = output.split('\n').slice(0, -1);
            if (lines.length <= heard) return;
            const line = lines[heard++]!;
            child.stdout!.off('data', onData);
            child.off('exit', onExit);
            if (words.some((word) => line.startsWith(word))) resolve(line);
            else reject(new Error(`a contender said "${line}", not ${words.join(' or ')}`));
          };
          child.stdout!.on('data', onData);
          child.once('exit', onExit);
          onData(Buffer.alloc(0));
        });
      return { child, said };
    });
    try {
      await Promise.all(contenders.map(({ said }) => said('ready')));
      for (let round = 0; round < 4; round++) {
        const dataDir = await folder();
        await writeFile(path.join(dataDir, LOCK_FILE_NAME), `${await pidOfEndedProcess()}\n`);
        const start = JSON.stringify([Date.now() + 200, dataDir]);
        for (const { child } of contenders) child.stdin!.write(`${start}\n`);
        const answers = await Promise.all(contenders.map(({ said }) => said('won', 'refused')));
        const winners = contenders.filter((_, index) => answers[index] === 'won');
        assert.equal(winners.length, 1, `round ${round}: ${answers.join(' | ')}`);
        const winner = winners[0]!.child.pid;
        assert.equal((await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).trim(), String(winner));
        for (const answer of answers.filter((text) => text !== 'won')) {
          assert.equal(
            answer,
            `refused: The data folder ${dataDir} is in use by another display server (process ${winner}). Stop that server, or give this one another DATA_DIR (or a DATABASE_URL). If no display server is running, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
          );
        }
      }
    } finally {
      for (const { child } of contenders) child.kill();
      await Promise.all(contenders.map(({ child }) => exitOf(child)));
    }
  });

  it('waits for a takeover under way, and takes over one left by a process that died inside it', async () => {
    const dataDir = await folder();
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    const guard = `${lockFile}.takeover`;
    const ended = await pidOfEndedProcess();
    await writeFile(lockFile, `${ended}\n`);
    await mkdir(guard);
    await assert.rejects(openPGlite(dataDir), {
      name: 'DataFolderInUseError',
      message: `Could not lock the data folder ${dataDir}: another display server seems to be starting on it. Try again in a few seconds; if no display server is running, delete ${lockFile} and ${guard}.`,
    });
    assert.equal(
      (await readFile(lockFile, 'utf8')).trim(),
      String(ended),
      'the lock is left to the takeover under way',
    );
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(guard, longAgo, longAgo);
    const db = await openPGlite(dataDir);
    try {
      assert.equal((await readFile(lockFile, 'utf8')).trim(), String(process.pid));
      await assert.rejects(stat(guard), { code: 'ENOENT' });
    } finally {
      await db.close();
    }
  });

  it('takes over a lock naming a process that has ended, or holding no process id', async () => {
    const dataDir = await folder();
    for (const stale of [`${await pidOfEndedProcess()}\n`, '']) {
      await writeFile(path.join(dataDir, LOCK_FILE_NAME), stale);
      const db = await openPGlite(dataDir);
      await db.close();
    }
  });
});
