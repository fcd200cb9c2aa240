import { expect } from '@open-wc/testing';
import { afterNextPaint, PAINT_WAIT_LIMIT_MS } from './after-next-paint.ts';
import { yieldToPage } from './yield-to-page.ts';

describe('yieldToPage', () => {
  it('uses scheduler.yield() where the browser has it', async () => {
    let yields = 0;
    const scope = {
      scheduler: { yield: async () => void yields++ },
      setTimeout: () => {
        throw new Error('not a timer');
      },
    } as unknown as Window;
    await yieldToPage(scope);
    expect(yields).to.equal(1);
  });

  it('else waits for a new task', async () => {
    const delays: number[] = [];
    const scope = {
      setTimeout: (resume: () => void, delay: number) => {
        delays.push(delay);
        resume();
        return 0;
      },
    } as unknown as Window;
    await yieldToPage(scope);
    expect(delays).to.deep.equal([0]);
  });
});

describe('afterNextPaint', () => {
  it('resolves in a task after the next frame, not in the frame itself', async () => {
    const steps: string[] = [];
    requestAnimationFrame(() => steps.push('frame'));
    const waited = afterNextPaint().then(() => steps.push('resolved'));
    queueMicrotask(() => steps.push('microtask'));
    requestAnimationFrame(() => steps.push('same frame, later callback'));
    await waited;
    expect(steps).to.deep.equal(['microtask', 'frame', 'same frame, later callback', 'resolved']);
  });

  it('does not wait longer than PAINT_WAIT_LIMIT_MS on a page that paints no frames (a hidden tab)', async () => {
    const delays: number[] = [];
    const scope = {
      requestAnimationFrame: () => 0,
      setTimeout: (resume: () => void, delay: number) => {
        delays.push(delay);
        resume();
        return 1;
      },
      clearTimeout: () => {
        throw new Error('no frame came, so there is no limit to clear');
      },
    } as unknown as Window;
    await afterNextPaint(scope);
    expect(PAINT_WAIT_LIMIT_MS).to.equal(100);
    expect(delays).to.deep.equal([PAINT_WAIT_LIMIT_MS]);
  });

  it('forgets its limit once the frame is painted', async () => {
    let cleared: unknown = null;
    const scope = {
      requestAnimationFrame: (callback: FrameRequestCallback) => (callback(0), 0),
      setTimeout: () => 7,
      clearTimeout: (timer: unknown) => (cleared = timer),
    } as unknown as Window;
    await afterNextPaint(scope);
    expect(cleared).to.equal(7);
  });
});
