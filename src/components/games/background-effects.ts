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

function draw(
  context: CanvasRenderingContext2D,
  effect: BackgroundEffect,
  particles: readonly Particle[],
  field: EffectField,
): void {
  context.clearRect(0, 0, field.width, field.height);
  for (const particle of particles) {
    context.save();
    switch (effect) {
      case 'snow':
      case 'starry-sky':
        context.globalAlpha = effect === 'starry-sky' ? 0.35 + 0.65 * Math.abs(Math.sin(particle.phase)) : 0.9;
        context.fillStyle = effect === 'snow' ? '#ffffff' : '#fff7cc';
        context.beginPath();
        context.arc(particle.x, particle.y, particle.size, 0, Math.PI * 2);
        context.fill();
        break;
      case 'rain':
        context.strokeStyle = '#93c5fd';
        context.lineWidth = 1.2;
        context.beginPath();
        context.moveTo(particle.x, particle.y);
        context.lineTo(particle.x - particle.size * 0.05, particle.y + particle.size);
        context.stroke();
        break;
      case 'confetti':
        context.translate(particle.x, particle.y);
        context.rotate(particle.phase);
        context.fillStyle = `hsl(${particle.hue} 85% 58%)`;
        context.fillRect(-particle.size / 2, -particle.size / 4, particle.size, particle.size / 2);
        break;
      case 'ball':
        context.fillStyle = `hsl(${particle.hue} 80% 60%)`;
        context.beginPath();
        context.arc(particle.x, particle.y, particle.size, 0, Math.PI * 2);
        context.fill();
        break;
      case 'wheel': {
        context.translate(particle.x, particle.y);
        context.rotate(particle.phase);
        const slices = 8;
        for (let slice = 0; slice < slices; slice += 1) {
          context.fillStyle = `hsl(${(particle.hue + slice * 45) % 360} 75% 60%)`;
          context.beginPath();
          context.moveTo(0, 0);
          context.arc(0, 0, particle.size, (slice * Math.PI * 2) / slices, ((slice + 1) * Math.PI * 2) / slices);
          context.fill();
        }
        break;
      }
    }
    context.restore();
  }
}

/**
 * Draws `effect` on `canvas` at its widget §9 opacity. Under reduced motion it draws one still frame and
 * never animates; otherwise it animates on animation frames until paused or stopped.
 */
export function startBackgroundEffect(
  canvas: HTMLCanvasElement,
  effect: BackgroundEffect,
  { reducedMotion }: { reducedMotion: boolean },
): RunningEffect {
  const box = canvas.getBoundingClientRect();
  const field: EffectField = { width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
  canvas.width = field.width;
  canvas.height = field.height;
  canvas.style.opacity = String(EFFECT_OPACITY[effect]);
  canvas.dataset.effect = effect;
  const context = canvas.getContext('2d');
  const particles = createParticles(effect, field, Math.random);
  if (context) draw(context, effect, particles, field);
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
    const seconds = last === 0 ? 0 : Math.min(LONGEST_STEP_S, (now - last) / 1_000);
    last = now;
    stepParticles(effect, particles, seconds, field);
    draw(context, effect, particles, field);
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
