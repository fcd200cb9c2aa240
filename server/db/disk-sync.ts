// PGlite writes through Emscripten's Node file system, which turns fsync into nothing: without help an
// acknowledged lead sits in the OS page cache and a power cut can lose it. The server therefore flushes the
// data folder's file system itself before it answers, one flush serving every lead that committed before it.
import { execFile } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Flushes everything written so far under `dir` to the disk. */
export type SyncDirectory = (dir: string) => Promise<void>;

function fsyncEveryFile(dir: string): void {
  const paths = [dir, ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name))];
  for (const file of paths) {
    const fd = openSync(file, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
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
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return reject(new Error(`could not flush ${dir} to disk: ${error.message}`));
      try {
        fsyncEveryFile(dir);
        resolve();
      } catch (fallbackError) {
        reject(new Error(`could not flush ${dir} to disk: ${(fallbackError as Error).message}`));
      }
    });
  });
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
