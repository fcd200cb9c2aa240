import type { RandomSource } from '../random.ts';
import type { BackgroundEffect } from './delays.ts';

/** One moving thing of a background effect, in canvas pixels; `phase` drives twinkling and turning. */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  phase: number;
  hue: number;
}

export interface EffectField {
  readonly width: number;
  readonly height: number;
}

/** How many particles each effect draws on a field of 100 000 px² (a 400 × 250 pop-up), at least 6. */
const DENSITY: Readonly<Record<BackgroundEffect, number>> = {
  wheel: 2,
  'starry-sky': 40,
  ball: 5,
  snow: 30,
  rain: 40,
  confetti: 35,
};

export function particleCount(effect: BackgroundEffect, field: EffectField): number {
  const scaled = Math.round((DENSITY[effect] * field.width * field.height) / 100_000);
  return Math.min(400, Math.max(effect === 'wheel' ? 1 : 6, scaled));
}

/** Speeds in pixels per second: snow drifts, rain falls fast, confetti flutters, balls bounce, stars stay. */
function launch(effect: BackgroundEffect, field: EffectField, random: RandomSource): Particle {
  const x = random() * field.width;
  const y = random() * field.height;
  const phase = random() * Math.PI * 2;
  const hue = Math.floor(random() * 360);
  switch (effect) {
    case 'snow':
      return { x, y, vx: (random() - 0.5) * 20, vy: 20 + random() * 30, size: 1.5 + random() * 2.5, phase, hue };
    case 'rain':
      return { x, y, vx: -20, vy: 350 + random() * 250, size: 8 + random() * 10, phase, hue };
    case 'confetti':
      return { x, y, vx: (random() - 0.5) * 60, vy: 40 + random() * 60, size: 4 + random() * 4, phase, hue };
    case 'ball':
      return { x, y, vx: (random() - 0.5) * 160, vy: (random() - 0.5) * 160, size: 8 + random() * 14, phase, hue };
    case 'starry-sky':
      return { x, y, vx: 0, vy: 0, size: 0.6 + random() * 1.6, phase, hue };
    case 'wheel':
      return { x, y, vx: 0, vy: 0, size: Math.min(field.width, field.height) * (0.25 + random() * 0.2), phase, hue };
  }
}

export function createParticles(effect: BackgroundEffect, field: EffectField, random: RandomSource): Particle[] {
  return Array.from({ length: particleCount(effect, field) }, () => launch(effect, field, random));
}

/**
 * Moves every particle on by `seconds`: falling ones come back in at the top once they leave the bottom
 * (and wrap sideways), balls bounce off the edges, stars twinkle and wheels turn in place.
 */
export function stepParticles(
  effect: BackgroundEffect,
  particles: Particle[],
  seconds: number,
  field: EffectField,
): void {
  for (const particle of particles) {
    particle.phase = (particle.phase + seconds * (effect === 'wheel' ? 0.6 : 3)) % (Math.PI * 2);
    if (effect === 'starry-sky' || effect === 'wheel') continue;
    particle.x += particle.vx * seconds;
    particle.y += particle.vy * seconds;
    if (effect === 'ball') {
      if (particle.x < particle.size || particle.x > field.width - particle.size) particle.vx = -particle.vx;
      if (particle.y < particle.size || particle.y > field.height - particle.size) particle.vy = -particle.vy;
      particle.x = Math.min(Math.max(particle.x, particle.size), Math.max(particle.size, field.width - particle.size));
      particle.y = Math.min(Math.max(particle.y, particle.size), Math.max(particle.size, field.height - particle.size));
      continue;
    }
    if (particle.y - particle.size > field.height) particle.y = -particle.size;
    if (particle.x < -particle.size) particle.x += field.width + particle.size * 2;
    if (particle.x > field.width + particle.size) particle.x -= field.width + particle.size * 2;
  }
}
