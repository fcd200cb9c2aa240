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
import { yieldToPage } from '../../core/loading/yield-to-page.ts';
import { listenSafely, log } from '../../core/safety.ts';

export interface RunningEffect {
  /** Holds the animation where it is (the pop-up is hidden or closing). */
  pause(): void;
  resume(): void;
  /** Stops for good: the animations cancelled, the layers removed, no listener left. */
  stop(): void;
}

/**
 * The layers are painted at half the screen's resolution and stretched over it by CSS: soft-edged pieces behind a
 * pop-up lose nothing a visitor sees, and a quarter of the pixels is a quarter of the memory the compositor holds.
 */
export const EFFECT_RESOLUTION = 0.5;

/** Twelve hues, 30° apart, look as many-coloured as a hue for every piece, and fill once a colour. */
const HUES = 12;
const WHEEL_SLICES = 8;

type Painter = (context: CanvasRenderingContext2D, pieces: readonly Piece[], depth: number) => void;

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
  snow(context, flakes, depth) {
    context.fillStyle = '#ffffff';
    context.globalAlpha = 0.55 + depth * 0.4;
    context.shadowColor = 'rgb(255 255 255 / 0.8)';
    context.shadowBlur = 2 + depth * 2;
    context.beginPath();
    for (const { x, y, size } of flakes) {
      context.moveTo(x + size, y);
      context.arc(x, y, size, 0, Math.PI * 2);
    }
    context.fill();
  },
  rain(context, drops, depth) {
    context.strokeStyle = '#93c5fd';
    context.globalAlpha = 0.5 + depth * 0.5;
    context.lineWidth = 0.8 + depth * 0.8;
    context.lineCap = 'round';
    context.beginPath();
    for (const { x, y, size } of drops) {
      context.moveTo(x, y);
      context.lineTo(x - size * 0.05, y + size);
    }
    context.stroke();
  },
  confetti(context, pieces, depth) {
    context.globalAlpha = 0.75 + depth * 0.25;
    for (const [hue, group] of byHue(pieces)) {
      context.fillStyle = `hsl(${hue} 85% ${50 + depth * 10}%)`;
      context.beginPath();
      // A piece twice as long as it is wide, at its angle, foreshortened as if caught mid-flip.
      for (const piece of group) {
        const flip = 0.35 + 0.65 * Math.abs(Math.cos(piece.turn * 3));
        const [cos, sin] = [Math.cos(piece.turn), Math.sin(piece.turn)];
        const [alongX, alongY] = [(cos * piece.size) / 2, (sin * piece.size) / 2];
        const [acrossX, acrossY] = [(-sin * piece.size * flip) / 4, (cos * piece.size * flip) / 4];
        context.moveTo(piece.x - alongX - acrossX, piece.y - alongY - acrossY);
        context.lineTo(piece.x + alongX - acrossX, piece.y + alongY - acrossY);
        context.lineTo(piece.x + alongX + acrossX, piece.y + alongY + acrossY);
        context.lineTo(piece.x - alongX + acrossX, piece.y - alongY + acrossY);
        context.closePath();
      }
      context.fill();
    }
  },
};

/** A canvas of `width` × `height` CSS px, painted once at the effect's resolution. */
function paintedCanvas(
  document: Document,
  width: number,
  height: number,
  paint: (context: CanvasRenderingContext2D) => void,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * EFFECT_RESOLUTION));
  canvas.height = Math.max(1, Math.round(height * EFFECT_RESOLUTION));
  const context = canvas.getContext('2d');
  if (context) {
    context.scale(EFFECT_RESOLUTION, EFFECT_RESOLUTION);
    paint(context);
  }
  return canvas;
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
 * the compositor runs alone): one step per painted canvas, so that each is painted in a task of its own.
 */
function buildSteps(
  document: Document,
  plan: EffectPlan,
  field: EffectField,
  layers: Element[],
  motions: Motion[],
): (() => void)[] {
  const { width, height } = field;
  switch (plan.kind) {
    case 'falling':
      return plan.layers.map((falling: FallingLayer) => () => {
        const paint = PAINTERS[plan.effect];
        const tileWidth = width + falling.sway * 2;
        // Two tiles one over the other, moved down by one: the picture at the end is the one at the start.
        const tiles = paintedCanvas(document, tileWidth, height * 2, (context) => {
          const copies = falling.pieces.flatMap((piece) =>
            tiledPlaces(piece.y, piece.size * 2, height).map((y) => ({ ...piece, y })),
          );
          paint(context, copies, falling.depth);
        });
        tiles.style.cssText = 'display: block; width: 100%; height: 100%;';
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
      });
    case 'stars':
      return plan.layers.map((twinkle) => () => {
        const canvas = paintedCanvas(document, width, height, (context) => {
          context.fillStyle = '#fff7cc';
          context.shadowColor = 'rgb(255 247 204 / 0.9)';
          context.shadowBlur = 4;
          context.beginPath();
          for (const { x, y, size } of twinkle.stars) {
            context.moveTo(x + size, y);
            context.arc(x, y, size, 0, Math.PI * 2);
          }
          context.fill();
        });
        canvas.style.cssText = 'display: block; width: 100%; height: 100%;';
        const stars = layer(document, `inset: 0; opacity: ${twinkle.seconds ? 1 : 0.7};`, canvas);
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
        const canvas = paintedCanvas(document, diameter, diameter, (context) => {
          context.translate(wheel.size, wheel.size);
          for (let slice = 0; slice < WHEEL_SLICES; slice += 1) {
            const from = (slice * Math.PI * 2) / WHEEL_SLICES;
            context.fillStyle = `hsl(${(wheel.hue + slice * 45) % 360} 75% 60%)`;
            context.beginPath();
            context.moveTo(0, 0);
            context.arc(0, 0, wheel.size, from, from + (Math.PI * 2) / WHEEL_SLICES);
            context.fill();
          }
          context.strokeStyle = 'rgb(255 255 255 / 0.8)';
          context.lineWidth = Math.max(2, wheel.size / 40);
          context.beginPath();
          for (let slice = 0; slice < WHEEL_SLICES; slice += 1) {
            const angle = (slice * Math.PI * 2) / WHEEL_SLICES;
            context.moveTo(0, 0);
            context.lineTo(Math.cos(angle) * wheel.size, Math.sin(angle) * wheel.size);
          }
          context.stroke();
          context.fillStyle = '#ffffff';
          context.beginPath();
          context.arc(0, 0, wheel.size * 0.12, 0, Math.PI * 2);
          context.fill();
        });
        canvas.style.cssText = 'display: block; width: 100%; height: 100%;';
        const turning = layer(
          document,
          `left: ${wheel.x - wheel.size}px; top: ${wheel.y - wheel.size}px; width: ${diameter}px; height: ${diameter}px;` +
            ` transform: rotate(${(wheel.turn * 180) / Math.PI}deg);`,
          canvas,
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
 * Each layer is painted in a task of its own, the page given its turn between them (a click on the pop-up is
 * answered between two layers), and the layers are put on the page together once all are painted.
 */
export function startBackgroundEffect(
  canvas: HTMLCanvasElement,
  effect: BackgroundEffect,
  // Read here, in the effect's own chunk, not by the hook in the pop-up's.
  reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
): RunningEffect {
  const document = canvas.ownerDocument;
  const view = document.defaultView ?? window;
  const box = canvas.getBoundingClientRect();
  const field: EffectField = { width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
  const layers: Element[] = [];
  const motions: Motion[] = [];
  const steps = buildSteps(document, planEffect(effect, field, Math.random), field, layers, motions);
  let shown = true;
  let stopped = false;
  let running: RunningEffect | null = null;
  void (async () => {
    for (const step of steps) {
      await yieldToPage(view);
      if (stopped) return;
      step();
    }
    await yieldToPage(view);
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
