import { expect } from '@open-wc/testing';
import { until } from '../../../test/browser-support/waiting.ts';
import { startBackgroundEffect } from './background-effects.ts';

/** A canvas over the screen, as the pop-up's frame holds it. */
function screenCanvas(): HTMLCanvasElement {
  const holder = document.createElement('div');
  holder.style.cssText = 'position: fixed; inset: 0;';
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'width: 100%; height: 100%;';
  holder.append(canvas);
  document.body.append(holder);
  return canvas;
}

const effectBeside = (canvas: HTMLCanvasElement) =>
  canvas.parentElement!.querySelector<HTMLElement>('[part~="background-effect"]');

/**
 * The turn of the main thread each canvas of the page is painted in: calls made in one run of script share a turn,
 * and a turn ends at the next microtask checkpoint (the end of a task, or an await).
 */
function paintingTurns(): { turns: number[]; restore: () => void } {
  const turns: number[] = [];
  let turn = 0;
  let ending = false;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    turns.push(turn);
    if (!ending) {
      ending = true;
      queueMicrotask(() => {
        turn += 1;
        ending = false;
      });
    }
    return (getContext as (...all: unknown[]) => RenderingContext | null).apply(this, args);
  } as typeof getContext;
  return { turns, restore: () => (HTMLCanvasElement.prototype.getContext = getContext) };
}

describe('background effects: painted a layer a task', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const undo of cleanup.splice(0)) undo();
    for (const holder of document.querySelectorAll('body > div')) holder.remove();
  });

  it('paints each layer of the confetti in a turn of its own and puts them on the page together, after the call', async () => {
    const painting = paintingTurns();
    cleanup.push(painting.restore);
    const canvas = screenCanvas();
    const running = startBackgroundEffect(canvas, 'confetti', false);
    cleanup.push(() => running.stop());
    expect(painting.turns, 'nothing painted in the caller’s task').to.deep.equal([]);
    expect(effectBeside(canvas)).to.equal(null);
    await until(() => effectBeside(canvas)?.dataset.motion === 'running', 'the confetti to fall');
    // Three depths, three canvases, each painted in a turn of the main thread of its own.
    expect(painting.turns).to.have.length(3);
    expect(new Set(painting.turns).size).to.equal(3, `turns ${painting.turns.join(', ')}`);
    expect(canvas.hidden).to.equal(true);
  });

  it('stopped before its layers are painted, it never shows', async () => {
    const stopped = screenCanvas();
    startBackgroundEffect(stopped, 'snow', false).stop();
    const other = screenCanvas();
    const running = startBackgroundEffect(other, 'snow', false);
    cleanup.push(() => running.stop());
    // The second effect's layers are painted after the first one's would have been.
    await until(() => effectBeside(other)?.dataset.motion === 'running', 'the other snow to fall');
    expect(effectBeside(stopped)).to.equal(null);
    expect(stopped.hidden).to.equal(false);
  });

  it('paused while its layers are painted, it shows paused', async () => {
    const canvas = screenCanvas();
    const running = startBackgroundEffect(canvas, 'starry-sky', false);
    cleanup.push(() => running.stop());
    running.pause();
    await until(() => effectBeside(canvas) !== null, 'the stars');
    expect(effectBeside(canvas)!.dataset.motion).to.equal('paused');
    running.resume();
    expect(effectBeside(canvas)!.dataset.motion).to.equal('running');
  });
});
