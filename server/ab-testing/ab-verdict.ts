import type { AbVerdict, VariantCounts, VariantVerdict } from '../../src/core/api/insights-contract.ts';
import { seededRandom } from '../../src/core/random.ts';

/**
 * Which variant of an A/B test converts best, and how sure that is: each variant's conversion rate has a
 * Beta(1 + conversions, 1 + views − conversions) posterior (a uniform prior); the probability that a variant
 * beats all the others and its expected loss (how much rate is given up, on average, by choosing it) are
 * estimated from draws of those posteriors with a fixed seed, so the same figures always give the same answer.
 */

export const WINNER_PROBABILITY = 0.95;
export const MIN_VIEWS_PER_VARIANT = 1000;
export const DRAWS = 40_000;
const SEED = 0x5eed_ab;

function standardNormal(uniform: () => number): number {
  // Box–Muller; 1 − u keeps the logarithm's argument above 0.
  return Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** A Gamma(shape, 1) draw, Marsaglia and Tsang's method (shape ≥ 1, as every posterior here has). */
function gamma(shape: number, uniform: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = standardNormal(uniform);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = uniform();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

export function betaDraw(alpha: number, beta: number, uniform: () => number): number {
  const x = gamma(alpha, uniform);
  return x / (x + gamma(beta, uniform));
}

export function abVerdict(counts: readonly VariantCounts[], draws = DRAWS, seed = SEED): AbVerdict {
  const uniform = seededRandom(seed);
  const wins = counts.map(() => 0);
  const losses = counts.map(() => 0);
  const rates = counts.map(() => 0);
  for (let draw = 0; draw < draws; draw += 1) {
    let best = 0;
    for (let index = 0; index < counts.length; index += 1) {
      const { views, conversions } = counts[index]!;
      rates[index] = betaDraw(1 + conversions, 1 + views - conversions, uniform);
      if (rates[index]! > rates[best]!) best = index;
    }
    wins[best]! += 1;
    for (let index = 0; index < counts.length; index += 1) losses[index]! += rates[best]! - rates[index]!;
  }
  const variants = counts.map((variant, index) => ({
    ...variant,
    conversion_rate: variant.views > 0 ? Math.round((variant.conversions / variant.views) * 10_000) / 10_000 : 0,
    probability_best: Math.round((wins[index]! / draws) * 10_000) / 10_000,
    expected_loss: Math.round((losses[index]! / draws) * 1_000_000) / 1_000_000,
  }));
  return { variants, ...decide(variants) };
}

function decide(variants: VariantVerdict[]): { winner: string | null; reason: string } {
  if (variants.length < 2) return { winner: null, reason: 'a test needs at least two variants' };
  const short = variants.filter((variant) => variant.views < MIN_VIEWS_PER_VARIANT);
  const leader = variants.reduce((best, variant) =>
    variant.probability_best > best.probability_best ? variant : best,
  );
  if (short.length > 0) {
    return {
      winner: null,
      reason: `every variant needs ${MIN_VIEWS_PER_VARIANT} views first (${short.map((variant) => variant.poptin_id).join(', ')} has fewer)`,
    };
  }
  if (leader.probability_best < WINNER_PROBABILITY) {
    return {
      winner: null,
      reason: `no variant is best with ${WINNER_PROBABILITY * 100} % probability yet (${leader.poptin_id}: ${(leader.probability_best * 100).toFixed(1)} %)`,
    };
  }
  return {
    winner: leader.poptin_id,
    reason: `${leader.poptin_id} is best with ${(leader.probability_best * 100).toFixed(1)} % probability`,
  };
}
