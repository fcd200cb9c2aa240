import type { RandomSource } from '../random.ts';
import type { BackgroundEffect } from './delays.ts';

/**
 * The background effects of games are painted once and moved by the compositor (docs/performance.md,
 * "Interactions"): what each layer holds and how it moves is planned here; the drawing and the animations are the
 * effect chunk's (src/components/games/background-effects.ts).
 */
export interface EffectField {
  readonly width: number;
  readonly height: number;
}

/** One piece of an effect, in field pixels: where it is painted, its size, colour and the angle it is drawn at. */
export interface Piece {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly hue: number;
  readonly turn: number;
}

/**
 * A layer of falling pieces: a tile of the field's height, painted twice one over the other and moved down by
 * one tile's height in `seconds`, again and again (seamless). It sways `sway` px either side over `swaySeconds`,
 * so it is that much wider than the field on each side. Nearer layers are bigger, brighter and faster.
 */
export interface FallingLayer {
  readonly pieces: readonly Piece[];
  readonly depth: number;
  readonly seconds: number;
  readonly sway: number;
  readonly swaySeconds: number;
}

/** A ball bouncing between the field's edges: X and Y go to and fro on their own, in `xSeconds` and `ySeconds`. */
export interface Ball extends Piece {
  readonly x: number;
  readonly y: number;
  readonly xSeconds: number;
  readonly ySeconds: number;
  /** Where in its to-and-fro each starts: seconds into the animation (alternate, twice its seconds a cycle). */
  readonly xStart: number;
  readonly yStart: number;
}

/** Stars that brighten and dim together, `seconds` each way; `seconds` 0 is the layer that stays lit. */
export interface TwinkleLayer {
  readonly stars: readonly Piece[];
  readonly seconds: number;
  readonly start: number;
}

/** A wheel turning in place, one turn in `seconds`, clockwise or not. */
export interface TurningWheel extends Piece {
  readonly seconds: number;
  readonly clockwise: boolean;
}

export type EffectPlan =
  | { readonly kind: 'falling'; readonly effect: 'snow' | 'rain' | 'confetti'; readonly layers: FallingLayer[] }
  | { readonly kind: 'balls'; readonly balls: Ball[] }
  | { readonly kind: 'stars'; readonly layers: TwinkleLayer[] }
  | { readonly kind: 'wheels'; readonly wheels: TurningWheel[] };

/** How many pieces each effect paints on a field of 100 000 px² (a 400 × 250 pop-up), at least 6. */
const DENSITY: Readonly<Record<BackgroundEffect, number>> = {
  wheel: 2,
  'starry-sky': 40,
  ball: 5,
  snow: 30,
  rain: 40,
  confetti: 35,
};

/** Each ball is a layer of its own for the compositor: a few dozen are as lively and cost little. */
const MOST_BALLS = 40;

export function particleCount(effect: BackgroundEffect, field: EffectField): number {
  const scaled = Math.round((DENSITY[effect] * field.width * field.height) / 100_000);
  return Math.min(effect === 'ball' ? MOST_BALLS : 400, Math.max(effect === 'wheel' ? 1 : 6, scaled));
}

/** Far, middle and near: the share of the pieces and how big and fast each depth draws them. */
const DEPTHS = [
  { share: 0.45, depth: 0.55 },
  { share: 0.35, depth: 0.8 },
  { share: 0.2, depth: 1 },
] as const;

/** Speeds of the nearest layer in px per second, its pieces' sizes, and its sway either side. */
const FALLING = {
  snow: { speed: 48, size: (random: RandomSource) => 1.6 + random() * 2.4, sway: 14, swaySeconds: 5 },
  rain: { speed: 620, size: (random: RandomSource) => 10 + random() * 10, sway: 0, swaySeconds: 0 },
  confetti: { speed: 95, size: (random: RandomSource) => 5 + random() * 4, sway: 28, swaySeconds: 3.2 },
} as const;

function fallingLayers(effect: 'snow' | 'rain' | 'confetti', field: EffectField, random: RandomSource): FallingLayer[] {
  const { speed, size, sway, swaySeconds } = FALLING[effect];
  const total = particleCount(effect, field);
  return DEPTHS.map(({ share, depth }, index) => {
    const swayHere = sway * depth;
    const pieces = Array.from({ length: Math.max(2, Math.round(total * share)) }, () => ({
      x: random() * (field.width + swayHere * 2),
      y: random() * field.height,
      size: size(random) * depth,
      hue: Math.floor(random() * 360),
      turn: random() * Math.PI * 2,
    }));
    return {
      pieces,
      depth,
      seconds: field.height / (speed * depth),
      sway: swayHere,
      // Layers out of step with one another: the near one sways faster.
      swaySeconds: swaySeconds * (1.4 - depth * 0.4) + index * 0.7,
    };
  });
}

/**
 * Where a to-and-fro over `travel` px at `speed` px/s (negative: going back) is, as seconds into an alternate
 * animation of `travel / |speed|` seconds a way that starts at 0, at `position` px.
 */
export function bounceStart(position: number, travel: number, speed: number): { seconds: number; start: number } {
  const seconds = Math.max(0.001, travel / Math.max(1, Math.abs(speed)));
  const along = travel <= 0 ? 0 : Math.min(1, Math.max(0, position / travel));
  return { seconds, start: speed >= 0 ? along * seconds : (2 - along) * seconds };
}

function balls(field: EffectField, random: RandomSource): Ball[] {
  return Array.from({ length: particleCount('ball', field) }, () => {
    const size = 8 + random() * 14;
    const [xTravel, yTravel] = [Math.max(0, field.width - size * 2), Math.max(0, field.height - size * 2)];
    const speed = () => (random() < 0.5 ? -1 : 1) * (30 + random() * 70);
    const x = random() * xTravel;
    const y = random() * yTravel;
    const across = bounceStart(x, xTravel, speed());
    const down = bounceStart(y, yTravel, speed());
    return {
      x,
      y,
      size,
      hue: Math.floor(random() * 360),
      turn: 0,
      xSeconds: across.seconds,
      ySeconds: down.seconds,
      xStart: across.start,
      yStart: down.start,
    };
  });
}

/** Four groups twinkle, each at its own pace; a fifth stays lit. */
const TWINKLE_SECONDS = [0, 1.3, 1.9, 2.6, 3.4];

function stars(field: EffectField, random: RandomSource): TwinkleLayer[] {
  const layers = TWINKLE_SECONDS.map((seconds) => ({ stars: [] as Piece[], seconds, start: random() * seconds * 2 }));
  for (let star = particleCount('starry-sky', field); star > 0; star -= 1)
    layers[Math.floor(random() * layers.length)]!.stars.push({
      x: random() * field.width,
      y: random() * field.height,
      size: 0.6 + random() * random() * 2.2,
      hue: 0,
      turn: 0,
    });
  return layers;
}

function wheels(field: EffectField, random: RandomSource): TurningWheel[] {
  return Array.from({ length: particleCount('wheel', field) }, () => ({
    x: random() * field.width,
    y: random() * field.height,
    size: Math.min(field.width, field.height) * (0.25 + random() * 0.2),
    hue: Math.floor(random() * 360),
    turn: random() * Math.PI * 2,
    // About a tenth of a turn a second, as the wheels turned before.
    seconds: 9 + random() * 4,
    clockwise: random() < 0.7,
  }));
}

export function planEffect(effect: BackgroundEffect, field: EffectField, random: RandomSource): EffectPlan {
  switch (effect) {
    case 'snow':
    case 'rain':
    case 'confetti':
      return { kind: 'falling', effect, layers: fallingLayers(effect, field, random) };
    case 'ball':
      return { kind: 'balls', balls: balls(field, random) };
    case 'starry-sky':
      return { kind: 'stars', layers: stars(field, random) };
    case 'wheel':
      return { kind: 'wheels', wheels: wheels(field, random) };
  }
}

/** The places a piece at `y` is painted on a falling layer two tiles high, so that each tile shows it whole. */
export function tiledPlaces(y: number, size: number, tileHeight: number): number[] {
  return [y - tileHeight, y, y + tileHeight, y + tileHeight * 2].filter(
    (place) => place + size >= 0 && place - size <= tileHeight * 2,
  );
}
