import type { Device, TriggerContext } from './types.ts';

/** A coarse primary pointer (a finger) means the touch behaviours apply. */
export function detectDevice(win: Pick<Window, 'matchMedia'>): Device {
  try {
    return win.matchMedia?.('(pointer: coarse)').matches ? 'mobile' : 'desktop';
  } catch {
    return 'desktop';
  }
}

export function contextDevice(context: Pick<TriggerContext, 'device' | 'window'>): Device {
  return context.device ?? detectDevice(context.window);
}
