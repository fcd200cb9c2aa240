// The surfaces are React components run on preact/compat (docs/performance.md: the same surfaces on React cost
// 58 KB gzip more and a third more main-thread time). preact runs effects after the next frame (a
// requestAnimationFrame, or 35 ms); React runs them in the task after its commit. An effect that attaches a
// listener or starts a timer must not lag behind what the visitor already sees, so they run in the next task,
// as on React, through a MessageChannel (timers and frames may be throttled or faked; messages are not).
import { options } from 'preact';

let pending: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  const callbacks = pending;
  pending = [];
  callbacks.forEach((callback) => callback());
};

options.requestAnimationFrame = (callback: () => void) => {
  pending.push(callback);
  if (pending.length === 1) channel.port2.postMessage(null);
};
