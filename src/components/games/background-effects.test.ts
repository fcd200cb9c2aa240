import { expect } from '@open-wc/testing';
import { until } from '../../../test/browser-support/waiting.ts';
import { planEffect, seededRandom, tiledPlaces } from '../../core/games/index.ts';
import { PIECES_A_STEP, startBackgroundEffect } from './background-effects.ts';

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

/** Marks each call in a turn of the main thread: calls made in one run of script share a turn, which ends at the next microtask checkpoint (the end of a task, or an await). */
function turnCounter(): { turns: number[]; frames: number[]; mark: () => void; stop: () => void } {
  const turns: number[] = [];
  const frames: number[] = [];
  let turn = 0;
  let ending = false;
  // The frames the page has begun, counted by a frame callback of each.
  let frame = 0;
  let asked = requestAnimationFrame(function count() {
    frame += 1;
    asked = requestAnimationFrame(count);
  });
  return {
    turns,
    frames,
    stop: () => cancelAnimationFrame(asked),
    mark() {
      turns.push(turn);
      frames.push(frame);
      if (ending) return;
      ending = true;
      queueMicrotask(() => {
        turn += 1;
        ending = false;
      });
    },
  };
}

/** The turns and frames in which a layer's picture is made: an SVG image set as a background, or a canvas painted. */
function pictureTurns(): { turns: number[]; frames: number[]; restore: () => void } {
  const counter = turnCounter();
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    counter.mark();
    return (getContext as (...all: unknown[]) => RenderingContext | null).apply(this, args);
  } as typeof getContext;
  const setProperty = CSSStyleDeclaration.prototype.setProperty;
  CSSStyleDeclaration.prototype.setProperty = function (
    this: CSSStyleDeclaration,
    ...args: Parameters<typeof setProperty>
  ) {
    if (String(args[1]).includes('image/svg+xml')) counter.mark();
    setProperty.apply(this, args);
  };
  return {
    turns: counter.turns,
    frames: counter.frames,
    restore: () => {
      counter.stop();
      HTMLCanvasElement.prototype.getContext = getContext;
      CSSStyleDeclaration.prototype.setProperty = setProperty;
    },
  };
}

/** Pictures as a page whose content security policy refuses `data:` images sees them: they never load. */
function refuseSvgImages(): () => void {
  const decode = HTMLImageElement.prototype.decode;
  HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('refused', 'EncodingError'));
  return () => (HTMLImageElement.prototype.decode = decode);
}

describe('background effects: a layer a frame', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const undo of cleanup.splice(0)) undo();
    for (const holder of document.querySelectorAll('body > div')) holder.remove();
  });

  it('draws each layer of the confetti in a frame of its own and puts them on the page together, after the call', async () => {
    const drawing = pictureTurns();
    cleanup.push(drawing.restore);
    const canvas = screenCanvas();
    const running = startBackgroundEffect(canvas, 'confetti', false);
    cleanup.push(() => running.stop());
    expect(drawing.turns, 'nothing drawn in the caller’s task').to.deep.equal([]);
    expect(effectBeside(canvas)).to.equal(null);
    await until(() => effectBeside(canvas)?.dataset.motion === 'running', 'the confetti to fall');
    // Three depths, three pictures, each drawn in a turn of the main thread and a frame of its own.
    expect(drawing.turns).to.have.length(3);
    expect(new Set(drawing.turns).size).to.equal(3, `turns ${drawing.turns.join(', ')}`);
    expect(new Set(drawing.frames).size).to.equal(3, `frames ${drawing.frames.join(', ')}`);
    expect(canvas.hidden).to.equal(true);
  });

  it("works a falling layer's pieces out a few dozen at a time, a frame each, and its picture holds every one", async () => {
    const random = Math.random;
    Math.random = seededRandom(7);
    const cos = Math.cos;
    const counter = turnCounter();
    // The pieces' shapes are worked out with their angles' cosines.
    Math.cos = (angle: number) => {
      counter.mark();
      return cos(angle);
    };
    cleanup.push(() => {
      Math.random = random;
      Math.cos = cos;
      counter.stop();
    });
    const canvas = screenCanvas();
    const field = { width: Math.round(innerWidth), height: Math.round(innerHeight) };
    const plan = planEffect('confetti', field, seededRandom(7));
    const running = startBackgroundEffect(canvas, 'confetti', false);
    cleanup.push(() => running.stop());
    await until(() => effectBeside(canvas)?.dataset.motion === 'running', 'the confetti to fall');
    Math.cos = cos;
    if (plan.kind !== 'falling') throw new Error('confetti falls');
    const batches = plan.layers.reduce((sum, layer) => sum + Math.ceil(layer.pieces.length / PIECES_A_STEP), 0);
    expect(batches).to.be.greaterThan(plan.layers.length, 'more pieces than one step works out');
    expect(new Set(counter.frames).size).to.equal(batches, `frames ${[...new Set(counter.frames)].join(', ')}`);
    // Each piece is drawn once in each tile it shows in, as one four-cornered path, in one path per colour.
    const pictures = [...effectBeside(canvas)!.querySelectorAll<HTMLElement>('*')]
      .map((node) => /url\("data:image\/svg\+xml,(.*)"\)/.exec(node.style.backgroundImage)?.[1])
      .filter((markup) => markup !== undefined)
      .map((markup) => decodeURIComponent(markup!));
    expect(pictures).to.have.length(plan.layers.length);
    const drawn = pictures.map((markup) => markup.split('Z').length - 1).sort((a, b) => a - b);
    const expected = plan.layers
      .map((layer) =>
        layer.pieces.reduce((sum, piece) => sum + tiledPlaces(piece.y, piece.size * 2, field.height).length, 0),
      )
      .sort((a, b) => a - b);
    expect(drawn).to.deep.equal(expected);
    for (const markup of pictures) {
      const fills = [...markup.matchAll(/fill="([^"]+)"/g)].map((match) => match[1]);
      expect(new Set(fills).size).to.equal(fills.length, 'one path per colour');
    }
  });

  it('puts SVG pictures on its layers, not canvases, which each frame would hand on to the compositor again', async () => {
    const canvas = screenCanvas();
    const running = startBackgroundEffect(canvas, 'snow', false);
    cleanup.push(() => running.stop());
    await until(() => effectBeside(canvas)?.dataset.motion === 'running', 'the snow to fall');
    const effect = effectBeside(canvas)!;
    expect(effect.querySelectorAll('canvas')).to.have.length(0);
    const pictures = [...effect.querySelectorAll<HTMLElement>('*')].filter((node) =>
      node.style.backgroundImage.includes('image/svg+xml'),
    );
    expect(pictures).to.have.length(3);
    // The picture loads: its markup is a well-formed SVG image.
    const image = new Image();
    image.src = /url\("(.*)"\)/.exec(pictures[0]!.style.backgroundImage)![1]!;
    await image.decode();
    expect(image.naturalWidth).to.be.greaterThan(0);
  });

  it('paints its layers on canvases where the page refuses SVG images, a layer a turn', async () => {
    cleanup.push(refuseSvgImages());
    const drawing = pictureTurns();
    cleanup.push(drawing.restore);
    const canvas = screenCanvas();
    const running = startBackgroundEffect(canvas, 'confetti', false);
    cleanup.push(() => running.stop());
    await until(() => effectBeside(canvas)?.dataset.motion === 'running', 'the confetti to fall');
    expect(new Set(drawing.turns).size).to.equal(3, `turns ${drawing.turns.join(', ')}`);
    const layers = [...effectBeside(canvas)!.querySelectorAll('canvas')];
    expect(layers).to.have.length(3);
    expect(
      layers.some((layer) =>
        layer
          .getContext('2d')!
          .getImageData(0, 0, layer.width, layer.height)
          .data.some((value, index) => index % 4 === 3 && value > 0),
      ),
    ).to.equal(true, 'something is painted');
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
