// The background effects of games (widget §2): a chunk of its own, loaded only by a pop-up that has one.
import {
  type BackgroundEffect,
  createParticles,
  EFFECT_OPACITY,
  type EffectField,
  type Particle,
  stepParticles,
} from '../../core/games/index.ts';
import { combine, listenSafely } from '../../core/safety.ts';

export interface RunningEffect {
  /** Stops the animation where it is (the pop-up closed or is hidden). */
  pause(): void;
  resume(): void;
  /** Stops for good. */
  stop(): void;
}

/** The inputs whose next frame the effect leaves to what they did. */
const INPUT_EVENTS = ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup'] as const;

/** A frame longer than this (a background tab) moves the particles as if it were this long. */
const LONGEST_STEP_S = 0.1;

/**
 * A new picture at most every so often: about 30 a second, every other frame on a 60 Hz screen. Slow particles
 * behind a pop-up look the same, and every other frame is left to the page (docs/performance.md, "Interactions").
 */
export const EFFECT_FRAME_INTERVAL_MS = 30;

/**
 * The effect is drawn at half the screen's resolution and stretched over it by CSS: a full-screen canvas is
 * committed to the screen on every frame, and a quarter of the pixels is a quarter of that work, which at 4× CPU
 * slowdown in software rendering was 20–45 ms a frame (docs/performance.md, "Interactions"). Soft-edged
 * particles behind a pop-up lose nothing a visitor sees.
 */
export const EFFECT_RESOLUTION = 0.5;

/**
 * Pieces of a few colours: each picture sets a colour and fills once per colour, not once per piece, which at
 * hundreds of pieces and 4× CPU slowdown was the larger part of a picture's cost (docs/performance.md,
 * "Interactions"). Twelve hues, 30° apart, look as many-coloured as a hue for every piece.
 */
const HUES = 12;
const TWINKLE_LEVELS = 6;

/** The pieces of each colour, grouped once for a set of particles (their hues never change). */
const byColour = new WeakMap<readonly Particle[], Map<string, Particle[]>>();
function colourGroups(particles: readonly Particle[], colour: (hue: number) => string): Map<string, Particle[]> {
  let groups = byColour.get(particles);
  if (!groups) {
    groups = new Map();
    for (const particle of particles) {
      const key = colour((Math.round((particle.hue * HUES) / 360) % HUES) * (360 / HUES));
      const group = groups.get(key);
      if (group) group.push(particle);
      else groups.set(key, [particle]);
    }
    byColour.set(particles, groups);
  }
  return groups;
}

const WHEEL_SLICES = 8;

/** Draws from here on at the particle's place, turned by its phase, at the canvas's scale: no save and restore. */
function placeTurned(context: CanvasRenderingContext2D, particle: Particle, scale: number): void {
  const cos = Math.cos(particle.phase) * scale;
  const sin = Math.sin(particle.phase) * scale;
  context.setTransform(cos, sin, -sin, cos, particle.x * scale, particle.y * scale);
}

function draw(context: CanvasRenderingContext2D, effect: BackgroundEffect, particles: readonly Particle[]): void {
  const scale = EFFECT_RESOLUTION;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  context.setTransform(scale, 0, 0, scale, 0, 0);
  switch (effect) {
    case 'snow':
      // One colour and one opacity: every flake in one path, filled once.
      context.globalAlpha = 0.9;
      context.fillStyle = '#ffffff';
      context.beginPath();
      for (const particle of particles) {
        context.moveTo(particle.x + particle.size, particle.y);
        context.arc(particle.x, particle.y, particle.size, 0, Math.PI * 2);
      }
      context.fill();
      break;
    case 'starry-sky': {
      // Each star's brightness, to the nearest of a few levels: one path and one fill a level.
      context.fillStyle = '#fff7cc';
      const levels: Particle[][] = Array.from({ length: TWINKLE_LEVELS }, () => []);
      for (const particle of particles)
        levels[Math.round(Math.abs(Math.sin(particle.phase)) * (TWINKLE_LEVELS - 1))]!.push(particle);
      levels.forEach((stars, level) => {
        if (stars.length === 0) return;
        context.globalAlpha = 0.35 + (0.65 * level) / (TWINKLE_LEVELS - 1);
        context.beginPath();
        for (const star of stars) {
          context.moveTo(star.x + star.size, star.y);
          context.arc(star.x, star.y, star.size, 0, Math.PI * 2);
        }
        context.fill();
      });
      break;
    }
    case 'rain':
      context.strokeStyle = '#93c5fd';
      context.lineWidth = 1.2;
      context.beginPath();
      for (const particle of particles) {
        context.moveTo(particle.x, particle.y);
        context.lineTo(particle.x - particle.size * 0.05, particle.y + particle.size);
      }
      context.stroke();
      break;
    case 'confetti':
      for (const [colour, pieces] of colourGroups(particles, (hue) => `hsl(${hue} 85% 58%)`)) {
        context.fillStyle = colour;
        context.beginPath();
        // Each piece a rectangle twice as long as it is wide, turned by its phase about its middle.
        for (const piece of pieces) {
          const cos = Math.cos(piece.phase);
          const sin = Math.sin(piece.phase);
          const [alongX, alongY] = [(cos * piece.size) / 2, (sin * piece.size) / 2];
          const [acrossX, acrossY] = [(-sin * piece.size) / 4, (cos * piece.size) / 4];
          context.moveTo(piece.x - alongX - acrossX, piece.y - alongY - acrossY);
          context.lineTo(piece.x + alongX - acrossX, piece.y + alongY - acrossY);
          context.lineTo(piece.x + alongX + acrossX, piece.y + alongY + acrossY);
          context.lineTo(piece.x - alongX + acrossX, piece.y - alongY + acrossY);
          context.closePath();
        }
        context.fill();
      }
      break;
    case 'ball':
      for (const [colour, balls] of colourGroups(particles, (hue) => `hsl(${hue} 80% 60%)`)) {
        context.fillStyle = colour;
        context.beginPath();
        for (const ball of balls) {
          context.moveTo(ball.x + ball.size, ball.y);
          context.arc(ball.x, ball.y, ball.size, 0, Math.PI * 2);
        }
        context.fill();
      }
      break;
    case 'wheel':
      for (const particle of particles) {
        placeTurned(context, particle, scale);
        for (let slice = 0; slice < WHEEL_SLICES; slice += 1) {
          context.fillStyle = `hsl(${(particle.hue + slice * 45) % 360} 75% 60%)`;
          context.beginPath();
          context.moveTo(0, 0);
          const from = (slice * Math.PI * 2) / WHEEL_SLICES;
          context.arc(0, 0, particle.size, from, from + (Math.PI * 2) / WHEEL_SLICES);
          context.fill();
        }
      }
      break;
  }
}

/**
 * Draws `effect` on `canvas` at its widget §9 opacity. Under reduced motion it draws one still frame and
 * never animates; otherwise it animates on animation frames, about 30 pictures a second, until paused or stopped.
 */
export function startBackgroundEffect(
  canvas: HTMLCanvasElement,
  effect: BackgroundEffect,
  { reducedMotion }: { reducedMotion: boolean },
): RunningEffect {
  const box = canvas.getBoundingClientRect();
  const field: EffectField = { width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
  canvas.width = Math.max(1, Math.round(field.width * EFFECT_RESOLUTION));
  canvas.height = Math.max(1, Math.round(field.height * EFFECT_RESOLUTION));
  canvas.style.opacity = String(EFFECT_OPACITY[effect]);
  canvas.dataset.effect = effect;
  const context = canvas.getContext('2d');
  const particles = createParticles(effect, field, Math.random);
  if (context) draw(context, effect, particles);
  if (reducedMotion || !context) {
    canvas.dataset.motion = 'still';
    return { pause: () => undefined, resume: () => undefined, stop: () => undefined };
  }
  canvas.dataset.motion = 'running';
  let frame = 0;
  let last = 0;
  let stopped = false;
  // The frame after a visitor's input shows what the input did (a spin, an opened box, a closed pop-up): the
  // effect lets that frame go without a new picture of its own, whose drawing and commit cost it 10 ms and more
  // at 4× CPU slowdown (docs/performance.md, "Interactions"). Its particles move on in the frame after.
  let inputSinceLastFrame = false;
  const onInput = () => (inputSinceLastFrame = true);
  const stopListening = combine(
    INPUT_EVENTS.map((type) => listenSafely(canvas.ownerDocument, type, onInput, { capture: true, passive: true })),
  );
  const tick = (now: number) => {
    frame = requestAnimationFrame(tick);
    if (inputSinceLastFrame) {
      inputSinceLastFrame = false;
      return;
    }
    if (last !== 0 && now - last < EFFECT_FRAME_INTERVAL_MS) return;
    const seconds = last === 0 ? 0 : Math.min(LONGEST_STEP_S, (now - last) / 1_000);
    last = now;
    stepParticles(effect, particles, seconds, field);
    draw(context, effect, particles);
  };
  const resume = () => {
    if (stopped || frame !== 0) return;
    last = 0;
    canvas.dataset.motion = 'running';
    frame = requestAnimationFrame(tick);
  };
  const pause = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    if (!stopped) canvas.dataset.motion = 'paused';
  };
  resume();
  return {
    pause,
    resume,
    stop: () => {
      pause();
      stopListening();
      stopped = true;
      canvas.dataset.motion = 'stopped';
    },
  };
}
