import { guard } from '../safety.ts';

type NavigationWindow = Pick<Window, 'history' | 'location' | 'addEventListener' | 'removeEventListener'>;
type HistoryMethod = History['pushState'];

interface HistoryPatch {
  listeners: Set<() => void>;
  restore(): void;
}

// One wrapper per History object, shared by every watcher, so calling watchNavigation twice never
// stacks wrappers.
const patches = new WeakMap<History, HistoryPatch>();

function patchHistory(history: History): HistoryPatch {
  const existing = patches.get(history);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  const wrap = (method: 'pushState' | 'replaceState') => {
    const hadOwn = Object.hasOwn(history, method);
    const original: HistoryMethod = history[method];
    const wrapper: HistoryMethod = function (this: History, ...args: Parameters<HistoryMethod>) {
      const result = original.apply(this, args);
      for (const listener of [...listeners]) listener();
      return result;
    };
    history[method] = wrapper;
    return {
      isCurrent: () => history[method] === wrapper,
      restore: () => {
        if (hadOwn) history[method] = original;
        else delete (history as unknown as Record<string, unknown>)[method];
      },
    };
  };
  const push = wrap('pushState');
  const replace = wrap('replaceState');
  const patch: HistoryPatch = {
    listeners,
    restore: () => {
      // Someone wrapped our wrappers meanwhile: removing ours would drop theirs, so ours stay, listening to no one.
      if (!push.isCurrent() || !replace.isCurrent()) return;
      push.restore();
      replace.restore();
      patches.delete(history);
    },
  };
  patches.set(history, patch);
  return patch;
}

/**
 * Single-page-app navigation: calls `onChange(url, previousUrl)` once per change of location.href, whether
 * it came from history.pushState/replaceState, popstate or hashchange. Returns `stop`, which removes the
 * listeners and, when no watcher is left, restores the original history methods.
 */
export function watchNavigation(
  win: NavigationWindow,
  onChange: (url: string, previousUrl: string) => void,
): () => void {
  let last = win.location.href;
  const check = () => {
    const url = win.location.href;
    if (url === last) return;
    const previous = last;
    last = url;
    guard('navigation', () => onChange(url, previous));
  };
  const patch = patchHistory(win.history);
  patch.listeners.add(check);
  win.addEventListener('popstate', check);
  win.addEventListener('hashchange', check);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    win.removeEventListener('popstate', check);
    win.removeEventListener('hashchange', check);
    patch.listeners.delete(check);
    if (patch.listeners.size === 0) patch.restore();
  };
}
