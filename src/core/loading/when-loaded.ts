// Code that only some pages or pop-ups need is a chunk of its own, bound once it is loaded.
import { guard, log } from '../safety.ts';

/** Loads a chunk once; once it has arrived, `loaded` holds it, so that what binds it next need not wait a task. */
export interface ChunkLoader<Chunk> {
  (): Promise<Chunk>;
  readonly loaded: Chunk | undefined;
}

export function chunkLoader<Chunk>(load: () => Promise<Chunk>): ChunkLoader<Chunk> {
  let pending: Promise<Chunk> | undefined;
  let loaded: Chunk | undefined;
  const loader = () =>
    (pending ??= load().then(
      (chunk) => (loaded = chunk),
      (error: unknown) => {
        // Tried again by the next caller.
        pending = undefined;
        throw error;
      },
    ));
  return Object.defineProperty(loader, 'loaded', { get: () => loaded }) as ChunkLoader<Chunk>;
}

/**
 * Binds what a chunk holds: at once when it has arrived, else once it does. Returns the unbinding, which also
 * stops a binding still to come.
 */
export function bindWhenLoaded<Chunk>(
  what: string,
  load: ChunkLoader<Chunk>,
  bind: (chunk: Chunk) => () => void,
): () => void {
  const noBinding = () => undefined;
  if (load.loaded !== undefined) return guard(what, () => bind(load.loaded!)) ?? noBinding;
  let unbound = false;
  let unbind: () => void = noBinding;
  load().then(
    (chunk) => {
      if (!unbound) unbind = guard(what, () => bind(chunk)) ?? noBinding;
    },
    (error: unknown) => log.error(`${what} could not be loaded`, error),
  );
  return () => {
    unbound = true;
    unbind();
  };
}
