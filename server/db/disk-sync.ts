// PGlite writes through Emscripten's Node file system, which turns fsync into nothing: without help an
// acknowledged lead sits in the OS page cache and a power cut can lose it. The server therefore flushes the
// data folder's file system itself before it answers, one flush serving every lead that committed before it.
import { execFile, spawn } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** Flushes everything written so far under `dir` to the disk. */
export type SyncDirectory = (dir: string) => Promise<void>;

function fsyncEveryFile(dir: string): void {
  const paths = [
    dir,
    ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) =>
      path.join(entry.parentPath, entry.name),
    ),
  ];
  for (const file of paths) {
    const fd = openSync(file, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

const flushError = (dir: string, reason: string) => new Error(`could not flush ${dir} to disk: ${reason}`);

function fsyncFolder(dir: string): void {
  try {
    fsyncEveryFile(dir);
  } catch (error) {
    throw flushError(dir, (error as Error).message);
  }
}

/**
 * `sync --file-system` (Linux syncfs: data, metadata and directory entries of the whole file system, a few
 * milliseconds); where that command is missing, an fsync of every file and folder under `dir`.
 */
export function syncFileSystemOf(dir: string, command = 'sync'): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, ['--file-system', dir], (error) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return reject(flushError(dir, error.message));
      try {
        fsyncFolder(dir);
        resolve();
      } catch (fallbackError) {
        reject(fallbackError);
      }
    });
  });
}

// Reads a line per flush asked for, runs the command, and answers with its exit status.
const SYNC_LOOP = 'while IFS= read -r _; do "$0" --file-system "$1" 2>/dev/null; echo $?; done';
const COMMAND_NOT_FOUND = '127';

export interface FolderSyncer {
  sync(): Promise<void>;
  close(): void;
}

/**
 * syncFileSystemOf, asked of a small shell that stays running. Spawning the command from the server for each flush
 * forks the server process, whose PGlite memory makes each fork block the event loop for milliseconds: under a
 * stream of leads that was most of the server's time. The shell forks only itself. Without `sh`, each flush
 * spawns the command as syncFileSystemOf does.
 */
export function folderSyncer(dir: string, command = 'sync'): FolderSyncer {
  type Helper = {
    write(): void;
    waiting: { resolve(status: string): void; reject(error: Error): void }[];
    stop(): void;
  };
  let helper: Helper | null = null;
  let noShell = false;
  let commandMissing = false;

  const start = (): Helper => {
    const child = spawn('sh', ['-c', SYNC_LOOP, command, dir], { stdio: ['pipe', 'pipe', 'ignore'] });
    const waiting: Helper['waiting'] = [];
    // The shell never keeps the server running, except while a flush is awaited.
    const answers = child.stdout as unknown as Socket;
    const own: Helper = {
      write: () => {
        answers.ref();
        child.stdin.write('\n');
      },
      waiting,
      stop: () => child.kill(),
    };
    const fail = (error: Error) => {
      if (helper === own) helper = null;
      for (const next of waiting.splice(0)) next.reject(error);
    };
    createInterface({ input: child.stdout }).on('line', (status) => {
      waiting.shift()?.resolve(status);
      if (waiting.length === 0) answers.unref();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') noShell = true;
      fail(error);
    });
    child.on('exit', () => fail(flushError(dir, 'the flushing shell ended')));
    child.stdin.on('error', () => undefined);
    child.unref();
    (child.stdin as unknown as Socket).unref();
    answers.unref();
    return own;
  };

  return {
    async sync() {
      if (commandMissing) return fsyncFolder(dir);
      if (noShell) return syncFileSystemOf(dir, command);
      helper ??= start();
      const current = helper;
      let status: string;
      try {
        status = await new Promise<string>((resolve, reject) => {
          current.waiting.push({ resolve, reject });
          current.write();
        });
      } catch {
        // No shell, or it ended before answering (a terminal's Ctrl-C interrupts it with the server): this flush
        // runs the command itself, and the next starts a shell again.
        return syncFileSystemOf(dir, command);
      }
      if (status === '0') return;
      if (status !== COMMAND_NOT_FOUND) throw flushError(dir, `${command} --file-system exited with ${status}`);
      commandMissing = true;
      fsyncFolder(dir);
    },
    close() {
      helper?.stop();
      helper = null;
    },
  };
}

/**
 * Group commit: the returned function resolves after a flush that started after it was called. Callers
 * that arrive while a flush runs share the next one, so under load one flush serves many leads.
 */
export function groupCommits(flushOnce: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const round = flushOnce().finally(() => {
      if (running === round) running = null;
    });
    running = round;
    return round;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
