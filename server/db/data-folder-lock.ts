// PGlite runs PostgreSQL inside this process, without the postmaster that keeps a second server off a data
// folder: two processes writing one folder would corrupt it. A lock file naming the process that holds the
// folder keeps them apart.
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'poptin-server.lock';

/** How long servers starting together wait for one of them to take over a stale lock. */
const TAKEOVER_WAIT_MS = 3_000;
const TAKEOVER_POLL_MS = 25;
/** A takeover lasts milliseconds; a guard this old was left by a process that died inside one. */
const ABANDONED_GUARD_MS = 10_000;

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
  if (heldHere.has(lockFile))
    throw new DataFolderInUseError(`The data folder ${dataDir} is already open in this process.`);
  const inUse = (holder: number) =>
    new DataFolderInUseError(
      `The data folder ${dataDir} is in use by another display server (process ${holder}). Stop that server, or give this one another DATA_DIR (or a DATABASE_URL). If no display server is running, delete ${lockFile}.`,
    );
  const liveHolder = () => {
    const holder = holderOf(lockFile);
    return holder !== null && holder !== process.pid && isRunning(holder) ? holder : null;
  };
  // Written aside, then linked into place: the lock appears whole, with its process id, or not at all.
  const claim = `${lockFile}.${process.pid}`;
  // Servers starting together on a folder whose server crashed would each remove the stale lock, the last one
  // removing a lock just taken; the guard lets one at a time judge and remove it.
  const guard = `${lockFile}.takeover`;
  writeFileSync(claim, `${process.pid}\n`);
  try {
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    while (Date.now() < deadline) {
      if (linked(claim, lockFile)) return releaseOf(lockFile);
      const holder = liveHolder();
      if (holder !== null) throw inUse(holder);
      if (!entered(guard)) {
        sleepSync(TAKEOVER_POLL_MS);
        continue;
      }
      try {
        const stillHeld = liveHolder();
        if (stillHeld !== null) throw inUse(stillHeld);
        rmSync(lockFile, { force: true });
        if (linked(claim, lockFile)) return releaseOf(lockFile);
      } finally {
        rmSync(guard, { recursive: true, force: true });
      }
    }
    throw new DataFolderInUseError(
      `Could not lock the data folder ${dataDir}: another display server seems to be starting on it. Try again in a few seconds; if no display server is running, delete ${lockFile} and ${guard}.`,
    );
  } finally {
    rmSync(claim, { force: true });
  }
}

function releaseOf(lockFile: string): () => void {
  heldHere.add(lockFile);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    heldHere.delete(lockFile);
    rmSync(lockFile, { force: true });
  };
}

/** True when the claim became the lock; false when a lock is already there. */
function linked(claim: string, lockFile: string): boolean {
  try {
    linkSync(claim, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Creating a folder is atomic: true for the one process that created it, or took over one left abandoned. */
function entered(guard: string): boolean {
  try {
    mkdirSync(guard);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    if (Date.now() - statSync(guard).mtimeMs < ABANDONED_GUARD_MS) return false;
    rmSync(guard, { recursive: true, force: true });
    mkdirSync(guard);
    return true;
  } catch {
    return false;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
