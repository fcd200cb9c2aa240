// PGlite runs PostgreSQL inside this process, without the postmaster that keeps a second server off a data
// folder: two processes writing one folder would corrupt it. A lock file naming the process that holds the
// folder keeps them apart.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'poptin-server.lock';

/** The lock files this process holds, so that it does not open one folder twice either. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists and belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

/**
 * Takes the data folder for this process and returns the function that gives it back. Throws when a running
 * process holds it. A lock left by a process that has ended is taken over, and so is one naming this process
 * that it does not hold: a copied folder (a backup, a snapshot) carries its source's lock.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(lockFile)) throw new DataFolderInUseError(`The data folder ${dataDir} is already open in this process.`);
  // Written aside, then linked into place: the lock appears whole, with its process id, or not at all.
  const claim = `${lockFile}.${process.pid}`;
  writeFileSync(claim, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(claim, lockFile);
        heldHere.add(lockFile);
        let held = true;
        return () => {
          if (!held) return;
          held = false;
          heldHere.delete(lockFile);
          rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(lockFile);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new DataFolderInUseError(
          `The data folder ${dataDir} is in use by another display server (process ${holder}). Stop that server, or give this one another DATA_DIR (or a DATABASE_URL). If no display server is running, delete ${lockFile}.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
    throw new DataFolderInUseError(`Could not lock the data folder ${dataDir}: ${lockFile} kept coming back. Is another display server starting on it?`);
  } finally {
    rmSync(claim, { force: true });
  }
}
