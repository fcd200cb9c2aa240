import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../src/core/random.ts';
import { abVerdict, betaDraw, MIN_VIEWS_PER_VARIANT } from './ab-verdict.ts';

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

// Lanczos approximation (g = 7, n = 9), accurate to about 15 digits for positive arguments.
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let index = 1; index < 9; index += 1) sum += c[index]! / (z + index);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** P(rate of B > rate of A) for Beta posteriors, in closed form (a sum over B's successes; Evan Miller's formula). */
function probabilityBBeatsA(
  a: { views: number; conversions: number },
  b: { views: number; conversions: number },
): number {
  const alphaA = 1 + a.conversions;
  const betaA = 1 + a.views - a.conversions;
  const alphaB = 1 + b.conversions;
  const betaB = 1 + b.views - b.conversions;
  let total = 0;
  for (let i = 0; i < alphaB; i += 1) {
    total += Math.exp(
      logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - logBeta(alphaA, betaA),
    );
  }
  return total;
}

describe('A/B verdict', () => {
  it('matches the closed form of P(B beats A) for two variants, within the sampling error', () => {
    const cases = [
      [
        { views: 1000, conversions: 50 },
        { views: 1000, conversions: 60 },
      ],
      [
        { views: 2000, conversions: 100 },
        { views: 2000, conversions: 140 },
      ],
      [
        { views: 120, conversions: 12 },
        { views: 130, conversions: 10 },
      ],
      [
        { views: 5000, conversions: 250 },
        { views: 5000, conversions: 250 },
      ],
    ];
    for (const [a, b] of cases) {
      const exact = probabilityBBeatsA(a!, b!);
      const verdict = abVerdict([
        { poptin_id: 'a', ...a! },
        { poptin_id: 'b', ...b! },
      ]);
      // 40,000 draws: the standard error is at most 0.0025; 0.01 is four of them.
      assert.ok(
        Math.abs(verdict.variants[1]!.probability_best - exact) < 0.01,
        `${JSON.stringify([a, b])}: ${verdict.variants[1]!.probability_best} vs ${exact}`,
      );
      assert.ok(
        Math.abs(verdict.variants[0]!.probability_best + verdict.variants[1]!.probability_best - 1) < 2e-4,
        'the probabilities add up to 1 (each rounded to 4 decimals)',
      );
    }
    // Known values: no views against one view that converted is P(Y > X) with X uniform, Y of density 2y: 2/3.
    assert.ok(Math.abs(probabilityBBeatsA({ views: 0, conversions: 0 }, { views: 1, conversions: 1 }) - 2 / 3) < 1e-9);
    assert.ok(
      Math.abs(
        abVerdict([
          { poptin_id: 'a', views: 0, conversions: 0 },
          { poptin_id: 'b', views: 1, conversions: 1 },
        ]).variants[1]!.probability_best -
          2 / 3,
      ) < 0.01,
    );
    assert.ok(
      Math.abs(probabilityBBeatsA({ views: 5000, conversions: 250 }, { views: 5000, conversions: 250 }) - 0.5) < 1e-6,
    );
  });

  it('draws Beta variates with the right mean and variance', () => {
    const uniform = seededRandom(7);
    const draws = Array.from({ length: 50_000 }, () => betaDraw(3, 7, uniform));
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / draws.length;
    assert.ok(Math.abs(mean - 0.3) < 0.003, String(mean));
    assert.ok(Math.abs(variance - (3 * 7) / (100 * 11)) < 0.0005, String(variance));
  });

  it('gives the same figures every time, and an expected loss of about 0 for a clear winner', () => {
    const counts = [
      { poptin_id: 'a', views: 3000, conversions: 90 },
      { poptin_id: 'b', views: 3000, conversions: 150 },
      { poptin_id: 'c', views: 3000, conversions: 100 },
    ];
    assert.deepEqual(abVerdict(counts), abVerdict(counts));
    const verdict = abVerdict(counts);
    assert.equal(verdict.winner, 'b');
    assert.ok(verdict.variants[1]!.expected_loss < 0.0001);
    // Choosing a gives up about the difference of the rates: 150/3000 − 90/3000 = 0.02.
    assert.ok(Math.abs(verdict.variants[0]!.expected_loss - 0.02) < 0.002, String(verdict.variants[0]!.expected_loss));
    const sum = verdict.variants.reduce((total, variant) => total + variant.probability_best, 0);
    assert.ok(Math.abs(sum - 1) < 1e-3);
  });

  it('names a winner only past 95 % and with enough views in every variant', () => {
    const short = abVerdict([
      { poptin_id: 'a', views: MIN_VIEWS_PER_VARIANT - 1, conversions: 10 },
      { poptin_id: 'b', views: 5000, conversions: 900 },
    ]);
    assert.equal(short.winner, null);
    assert.match(short.reason, /1000 views first \(a has fewer\)/);
    const close = abVerdict([
      { poptin_id: 'a', views: 1000, conversions: 50 },
      { poptin_id: 'b', views: 1000, conversions: 60 },
    ]);
    assert.equal(close.winner, null, 'about 84 % is not enough');
    assert.match(close.reason, /95 %/);
    assert.equal(abVerdict([{ poptin_id: 'a', views: 10, conversions: 1 }]).winner, null);
  });
});
