// The background effects of games (widget §2): a chunk of its own, loaded only by a pop-up that has one.
import {
  type BackgroundEffect,
  EFFECT_OPACITY,
  type EffectField,
  type EffectPlan,
  type FallingLayer,
  type Piece,
  planEffect,
  tiledPlaces,
} from '../../core/games/index.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { listenSafely, log } from '../../core/safety.ts';

export interface RunningEffect {
  /** Holds the animation where it is (the pop-up is hidden or closing). */
  pause(): void;
  resume(): void;
  /** Stops for good: the animations cancelled, the layers removed, no listener left. */
  stop(): void;
}

/**
 * Painted on a canvas (when the page's policy refuses the pictures), the layers are at half the screen's resolution
 * and stretched over it by CSS: soft-edged pieces behind a pop-up lose nothing a visitor sees.
 */
export const EFFECT_RESOLUTION = 0.5;

/** Twelve hues, 30° apart, look as many-coloured as a hue for every piece, and fill once a colour. */
const HUES = 12;
const WHEEL_SLICES = 8;

/** One filled or stroked path of a layer's picture, as SVG path data. */
interface Shape {
  readonly d: string;
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  readonly opacity?: number;
  /** A soft light around the shape, as a canvas's shadow: its colour and blur (CSS px). */
  readonly glow?: { readonly color: string; readonly blur: number };
}

type Painter = (pieces: readonly Piece[], depth: number) => Shape[];

const n = (value: number) => value.toFixed(1);
/** A circle as path data, drawn as two arcs. */
const circle = (x: number, y: number, radius: number) =>
  `M${n(x - radius)} ${n(y)}a${n(radius)} ${n(radius)} 0 1 0 ${n(radius * 2)} 0a${n(radius)} ${n(radius)} 0 1 0 ${n(-radius * 2)} 0`;

function byHue(pieces: readonly Piece[]): Map<number, Piece[]> {
  const groups = new Map<number, Piece[]>();
  for (const piece of pieces) {
    const hue = (Math.round((piece.hue * HUES) / 360) % HUES) * (360 / HUES);
    const group = groups.get(hue);
    if (group) group.push(piece);
    else groups.set(hue, [piece]);
  }
  return groups;
}

const PAINTERS: Readonly<Record<'snow' | 'rain' | 'confetti', Painter>> = {
  snow: (flakes, depth) => [
    {
      d: flakes.map(({ x, y, size }) => circle(x, y, size)).join(''),
      fill: '#ffffff',
      opacity: 0.55 + depth * 0.4,
      glow: { color: 'rgb(255 255 255 / 0.8)', blur: 2 + depth * 2 },
    },
  ],
  rain: (drops, depth) => [
    {
      d: drops.map(({ x, y, size }) => `M${n(x)} ${n(y)}L${n(x - size * 0.05)} ${n(y + size)}`).join(''),
      stroke: '#93c5fd',
      strokeWidth: 0.8 + depth * 0.8,
      opacity: 0.5 + depth * 0.5,
    },
  ],
  confetti: (pieces, depth) =>
    [...byHue(pieces)].map(([hue, group]) => ({
      // A piece twice as long as it is wide, at its angle, foreshortened as if caught mid-flip.
      d: group
        .map((piece) => {
          const flip = 0.35 + 0.65 * Math.abs(Math.cos(piece.turn * 3));
          const [cos, sin] = [Math.cos(piece.turn), Math.sin(piece.turn)];
          const [alongX, alongY] = [(cos * piece.size) / 2, (sin * piece.size) / 2];
          const [acrossX, acrossY] = [(-sin * piece.size * flip) / 4, (cos * piece.size * flip) / 4];
          return (
            `M${n(piece.x - alongX - acrossX)} ${n(piece.y - alongY - acrossY)}` +
            `L${n(piece.x + alongX - acrossX)} ${n(piece.y + alongY - acrossY)}` +
            `L${n(piece.x + alongX + acrossX)} ${n(piece.y + alongY + acrossY)}` +
            `L${n(piece.x - alongX + acrossX)} ${n(piece.y - alongY + acrossY)}Z`
          );
        })
        .join(''),
      fill: `hsl(${hue} 85% ${50 + depth * 10}%)`,
      opacity: 0.75 + depth * 0.25,
    })),
};

/**
 * The pieces of a falling layer whose shapes one step works out: a far layer of confetti on a wide screen has some 320
 * to draw (each twice, one tile over the other), about 60 ms of script at 4× CPU slowdown in a single step.
 */
export const PIECES_A_STEP = 60;

/** Shapes drawn alike (fill, stroke, opacity, glow) joined into one path each, so that a picture has one per look. */
function joinedShapes(shapes: readonly Shape[]): Shape[] {
  const byLook = new Map<string, { shape: Shape; d: string[] }>();
  for (const shape of shapes) {
    const { d, ...look } = shape;
    const key = JSON.stringify(look);
    const joined = byLook.get(key);
    if (joined) joined.d.push(d);
    else byLook.set(key, { shape, d: [d] });
  }
  return [...byLook.values()].map(({ shape, d }) => ({ ...shape, d: d.join('') }));
}

/** The picture's shapes as the markup of an SVG image of `width` × `height` CSS px. */
function svgMarkup(width: number, height: number, shapes: readonly Shape[]): string {
  const filters: string[] = [];
  const paths = shapes.map((shape, index) => {
    let attributes = `d="${shape.d}" fill="${shape.fill ?? 'none'}"`;
    if (shape.stroke)
      attributes += ` stroke="${shape.stroke}" stroke-width="${shape.strokeWidth ?? 1}" stroke-linecap="round"`;
    if (shape.opacity !== undefined) attributes += ` opacity="${shape.opacity.toFixed(3)}"`;
    if (shape.glow) {
      // A canvas's shadow blur is twice the standard deviation of its Gaussian.
      filters.push(
        `<filter id="g${index}" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="0" dy="0" stdDeviation="${shape.glow.blur / 2}" flood-color="${shape.glow.color}"/></filter>`,
      );
      attributes += ` filter="url(#g${index})"`;
    }
    return `<path ${attributes}/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${filters.join('')}${paths.join('')}</svg>`;
}

/** The shapes painted on a canvas of `width` × `height` CSS px, at the effect's resolution. */
function paintedCanvas(document: Document, width: number, height: number, shapes: readonly Shape[]): HTMLElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * EFFECT_RESOLUTION));
  canvas.height = Math.max(1, Math.round(height * EFFECT_RESOLUTION));
  const context = canvas.getContext('2d');
  if (context) {
    context.scale(EFFECT_RESOLUTION, EFFECT_RESOLUTION);
    context.lineCap = 'round';
    for (const shape of shapes) {
      context.globalAlpha = shape.opacity ?? 1;
      context.shadowColor = shape.glow?.color ?? 'transparent';
      context.shadowBlur = shape.glow?.blur ?? 0;
      const path = new Path2D(shape.d);
      if (shape.fill) {
        context.fillStyle = shape.fill;
        context.fill(path);
      }
      if (shape.stroke) {
        context.strokeStyle = shape.stroke;
        context.lineWidth = shape.strokeWidth ?? 1;
        context.stroke(path);
      }
    }
  }
  return canvas;
}

/**
 * How a layer's picture is put on the page: as an SVG image, which the browser rasterises once off the main thread
 * and a frame's commit then hands on as it is (a canvas is handed on again at each, which slowed the frame of a
 * visitor's click by about 25 ms at 4× CPU slowdown), or, where the page's policy refuses such images, on a canvas.
 */
type Picture = (width: number, height: number, shapes: readonly Shape[]) => HTMLElement;

/** Pictures that fill their layer. */
function pictures(document: Document, svg: boolean): Picture {
  return (width, height, shapes) => {
    const image = svg ? document.createElement('div') : paintedCanvas(document, width, height, shapes);
    image.style.cssText = 'display: block; width: 100%; height: 100%;';
    if (svg) {
      const markup = encodeURIComponent(svgMarkup(width, height, shapes));
      image.style.setProperty('background', `url("data:image/svg+xml,${markup}") 0 0 / 100% 100% no-repeat`);
    }
    return image;
  };
}

/** Whether the page lets an SVG image in (a content security policy's `img-src` may not). */
function svgImagesAllowed(document: Document): Promise<boolean> {
  const probe = new (document.defaultView ?? window).Image();
  probe.src = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}`;
  return probe.decode().then(
    () => true,
    () => false,
  );
}

function layer(document: Document, style: string, child?: Element): HTMLElement {
  const element = document.createElement('div');
  element.style.cssText = `position: absolute; will-change: transform; ${style}`;
  if (child) element.append(child);
  return element;
}

interface Motion {
  readonly element: Element;
  readonly keyframes: Keyframe[];
  readonly seconds: number;
  readonly start?: number;
  readonly alternate?: boolean;
  readonly easing?: string;
}

/**
 * The steps that build a plan's layers, each adding to `layers` and `motions` (transforms and opacities only, which
 * the compositor runs alone): one step per picture, so that each is drawn in a task of its own, and before a falling
 * layer's picture, a step for each PIECES_A_STEP of its pieces.
 */
function buildSteps(
  document: Document,
  picture: Picture,
  plan: EffectPlan,
  field: EffectField,
  layers: Element[],
  motions: Motion[],
): (() => void)[] {
  const { width, height } = field;
  switch (plan.kind) {
    case 'falling':
      return plan.layers.flatMap((falling: FallingLayer) => {
        const paint = PAINTERS[plan.effect];
        const tileWidth = width + falling.sway * 2;
        const shapes: Shape[] = [];
        // Two tiles one over the other, moved down by one: the picture at the end is the one at the start.
        const paintSome = (pieces: readonly Piece[]) => () => {
          const copies = pieces.flatMap((piece) =>
            tiledPlaces(piece.y, piece.size * 2, height).map((y) => ({ ...piece, y })),
          );
          shapes.push(...paint(copies, falling.depth));
        };
        const show = () => {
          const tiles = picture(tileWidth, height * 2, joinedShapes(shapes));
          const fall = layer(document, 'left: 0; top: -100%; width: 100%; height: 200%;', tiles);
          const sway = layer(
            document,
            `left: ${-falling.sway}px; top: 0; width: calc(100% + ${falling.sway * 2}px); height: 100%;`,
            fall,
          );
          layers.push(sway);
          motions.push({
            element: fall,
            keyframes: [{ transform: 'translateY(0)' }, { transform: 'translateY(50%)' }],
            seconds: falling.seconds,
          });
          if (falling.sway > 0)
            motions.push({
              element: sway,
              keyframes: [
                { transform: `translateX(${-falling.sway}px)` },
                { transform: `translateX(${falling.sway}px)` },
              ],
              seconds: falling.swaySeconds,
              alternate: true,
              easing: 'ease-in-out',
            });
        };
        const batches = Array.from({ length: Math.ceil(falling.pieces.length / PIECES_A_STEP) }, (_, index) =>
          falling.pieces.slice(index * PIECES_A_STEP, (index + 1) * PIECES_A_STEP),
        );
        return [...batches.map(paintSome), show];
      });
    case 'stars':
      return plan.layers.map((twinkle) => () => {
        const image = picture(width, height, [
          {
            d: twinkle.stars.map(({ x, y, size }) => circle(x, y, size)).join(''),
            fill: '#fff7cc',
            glow: { color: 'rgb(255 247 204 / 0.9)', blur: 4 },
          },
        ]);
        const stars = layer(document, `inset: 0; opacity: ${twinkle.seconds ? 1 : 0.7};`, image);
        layers.push(stars);
        if (twinkle.seconds)
          motions.push({
            element: stars,
            keyframes: [{ opacity: 1 }, { opacity: 0.25 }],
            seconds: twinkle.seconds,
            start: twinkle.start,
            alternate: true,
            easing: 'ease-in-out',
          });
      });
    case 'balls':
      // Drawn by CSS, not painted here: one step for them all.
      return [
        () => {
          for (const ball of plan.balls) {
            const diameter = ball.size * 2;
            const body = layer(
              document,
              `left: 0; top: 0; width: ${diameter}px; height: ${diameter}px; border-radius: 50%; transform: translateY(${ball.y}px);` +
                ` background: radial-gradient(circle at 35% 30%, hsl(${ball.hue} 85% 78%), hsl(${ball.hue} 80% 60%) 45%, hsl(${ball.hue} 75% 42%));`,
            );
            const across = layer(document, `left: 0; top: 0; transform: translateX(${ball.x}px);`, body);
            layers.push(across);
            motions.push(
              {
                element: across,
                keyframes: [{ transform: 'translateX(0)' }, { transform: `translateX(${width - diameter}px)` }],
                seconds: ball.xSeconds,
                start: ball.xStart,
                alternate: true,
              },
              {
                element: body,
                keyframes: [{ transform: 'translateY(0)' }, { transform: `translateY(${height - diameter}px)` }],
                seconds: ball.ySeconds,
                start: ball.yStart,
                alternate: true,
              },
            );
          }
        },
      ];
    case 'wheels':
      return plan.wheels.map((wheel) => () => {
        const diameter = wheel.size * 2;
        const { size } = wheel;
        const at = (angle: number, radius = size) =>
          `${n(size + Math.cos(angle) * radius)} ${n(size + Math.sin(angle) * radius)}`;
        const step = (Math.PI * 2) / WHEEL_SLICES;
        const slices = Array.from({ length: WHEEL_SLICES }, (_, slice) => ({
          d: `M${n(size)} ${n(size)}L${at(slice * step)}A${n(size)} ${n(size)} 0 0 1 ${at((slice + 1) * step)}Z`,
          fill: `hsl(${(wheel.hue + slice * 45) % 360} 75% 60%)`,
        }));
        const image = picture(diameter, diameter, [
          ...slices,
          {
            d: Array.from({ length: WHEEL_SLICES }, (_, slice) => `M${n(size)} ${n(size)}L${at(slice * step)}`).join(
              '',
            ),
            stroke: 'rgb(255 255 255 / 0.8)',
            strokeWidth: Math.max(2, size / 40),
          },
          { d: circle(size, size, size * 0.12), fill: '#ffffff' },
        ]);
        const turning = layer(
          document,
          `left: ${wheel.x - wheel.size}px; top: ${wheel.y - wheel.size}px; width: ${diameter}px; height: ${diameter}px;` +
            ` transform: rotate(${(wheel.turn * 180) / Math.PI}deg);`,
          image,
        );
        layers.push(turning);
        const from = (wheel.turn * 180) / Math.PI;
        const to = from + (wheel.clockwise ? 360 : -360);
        motions.push({
          element: turning,
          keyframes: [{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
          seconds: wheel.seconds,
        });
      });
  }
}

/**
 * Paints `effect` once, on layers put in the place of `canvas` at its widget §9 opacity, and has the compositor
 * move them (falling layers down, stars twinkling, balls bouncing, wheels turning): no script runs frame after
 * frame. Under reduced motion it is one still picture that never moves. The animations pause while the tab is
 * hidden and when `pause` is called.
 *
 * The plan and each layer's picture are made in a frame of their own, the page given its turn between them (a click
 * on the pop-up is answered between two layers), and the layers are put on the page together once all are made.
 */
export function startBackgroundEffect(
  canvas: HTMLCanvasElement,
  effect: BackgroundEffect,
  // Read here, in the effect's own chunk, not by the hook in the pop-up's.
  reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
): RunningEffect {
  const document = canvas.ownerDocument;
  const view = document.defaultView ?? window;
  const layers: Element[] = [];
  const motions: Motion[] = [];
  let shown = true;
  let stopped = false;
  let running: RunningEffect | null = null;
  void (async () => {
    // Each step in a frame of its own: steps that ran back to back, even in tasks of their own, would make one
    // long frame of the page's.
    await afterNextPaint(view);
    if (stopped) return;
    // The layers cover the viewport (100vw × 100vh), whose size is read without a layout.
    const field: EffectField = {
      width: Math.max(1, Math.round(view.innerWidth)),
      height: Math.max(1, Math.round(view.innerHeight)),
    };
    const plan = planEffect(effect, field, Math.random);
    const picture = pictures(document, await svgImagesAllowed(document));
    for (const step of buildSteps(document, picture, plan, field, layers, motions)) {
      await afterNextPaint(view);
      if (stopped) return;
      step();
    }
    await afterNextPaint(view);
    // A pop-up that closed while its effect was being painted took the canvas with it.
    if (stopped || !canvas.isConnected) return;
    running = showLayers(canvas, effect, layers, motions, reducedMotion);
    if (!shown) running.pause();
  })().catch((error: unknown) => log.warn('the background effect could not be painted', error));
  return {
    pause: () => {
      shown = false;
      running?.pause();
    },
    resume: () => {
      shown = true;
      running?.resume();
    },
    stop: () => {
      stopped = true;
      running?.stop();
    },
  };
}

/** The painted layers put in the place of `canvas`, and moved. */
function showLayers(
  canvas: HTMLCanvasElement,
  effect: BackgroundEffect,
  layers: Element[],
  motions: Motion[],
  reducedMotion: boolean,
): RunningEffect {
  const document = canvas.ownerDocument;
  const root = document.createElement('div');
  root.setAttribute('part', 'background-effect');
  root.setAttribute('aria-hidden', 'true');
  root.dataset.effect = effect;
  // Where the canvas is, the same size, behind the panel; it never takes a pointer.
  root.style.cssText =
    'position: fixed; inset: 0; width: 100vw; height: 100vh; overflow: hidden; pointer-events: none; contain: strict;';
  root.style.opacity = String(EFFECT_OPACITY[effect]);
  root.append(...layers);
  canvas.hidden = true;
  canvas.before(root);
  if (reducedMotion) {
    root.dataset.motion = 'still';
    const stop = () => {
      root.dataset.motion = 'stopped';
      root.remove();
    };
    return { pause: () => undefined, resume: () => undefined, stop };
  }
  const animations = motions.map(({ element, keyframes, seconds, start = 0, alternate = false, easing = 'linear' }) =>
    element.animate(keyframes, {
      duration: seconds * 1_000,
      delay: -start * 1_000,
      iterations: Number.POSITIVE_INFINITY,
      direction: alternate ? 'alternate' : 'normal',
      easing,
    }),
  );
  let shown = true;
  let stopped = false;
  const apply = () => {
    const moving = shown && document.visibilityState !== 'hidden';
    if (stopped || root.dataset.motion === (moving ? 'running' : 'paused')) return;
    for (const animation of animations) {
      if (moving) animation.play();
      else animation.pause();
    }
    root.dataset.motion = moving ? 'running' : 'paused';
  };
  const stopListening = listenSafely(document, 'visibilitychange', apply);
  // The pop-up drops its frame, canvas and all, once it has closed: the effect goes with it. Only the canvas's
  // parent and grandparent are watched, whose children change only when the frame does.
  const removal = new MutationObserver(() => {
    if (!canvas.isConnected) stop();
  });
  for (let node = canvas.parentNode, level = 0; node && level < 2; node = node.parentNode, level += 1)
    removal.observe(node, { childList: true });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopListening();
    removal.disconnect();
    for (const animation of animations) animation.cancel();
    root.dataset.motion = 'stopped';
    root.remove();
  };
  apply();
  return {
    pause: () => {
      shown = false;
      apply();
    },
    resume: () => {
      shown = true;
      apply();
    },
    stop,
  };
}
