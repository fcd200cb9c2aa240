import { useCallback, useState } from 'react';

/** Changes of the same kind this close together are one step of undo (one word typed, not one letter). */
const MERGE_MS = 800;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last change was, and when: a change of the same kind soon after joins it. */
  last: { kind: string; at: number } | null;
}

export interface UndoableState<T> {
  value: T;
  /** A change of the draft; `kind` names the control, so that typing in one field is one step. */
  set(next: T, kind?: string): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
}

export function useUndoable<T>(initial: T): UndoableState<T> {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [], last: null });
  const set = useCallback((next: T, kind = '') => {
    setHistory((old) => {
      if (Object.is(next, old.present)) return old;
      const now = Date.now();
      const merge = kind !== '' && old.last?.kind === kind && now - old.last.at < MERGE_MS && old.past.length > 0;
      return {
        past: merge ? old.past : [...old.past, old.present].slice(-200),
        present: next,
        future: [],
        last: { kind, at: now },
      };
    });
  }, []);
  const undo = useCallback(() => {
    setHistory((old) => {
      const previous = old.past.at(-1);
      if (previous === undefined) return old;
      return { past: old.past.slice(0, -1), present: previous, future: [old.present, ...old.future], last: null };
    });
  }, []);
  const redo = useCallback(() => {
    setHistory((old) => {
      const [next, ...rest] = old.future;
      if (next === undefined) return old;
      return { past: [...old.past, old.present], present: next, future: rest, last: null };
    });
  }, []);
  return {
    value: history.present,
    set,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
