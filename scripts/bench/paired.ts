// Two builds' figures from interleaved visits, round by round: which is faster, and whether the rounds say so
// beyond chance (an exact two-sided sign test on the rounds' differences).

export interface PairedComparison {
  medianA: number;
  medianB: number;
  /** The median of B − A over the rounds: what B adds (negative: saves). */
  pairedMedian: number;
  /** Rounds in which B took less, and more, than A. */
  bLess: number;
  bMore: number;
  /** The sign test's two-sided p: the chance of rounds this one-sided if neither build were faster. */
  p: number;
  verdict: 'B takes less' | 'B takes more' | 'no difference shown';
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
}

/** `a[i]` and `b[i]` are the same round's visits of build A and build B. */
export function comparePaired(a: readonly number[], b: readonly number[], alpha = 0.05): PairedComparison {
  if (a.length !== b.length) throw new Error(`rounds differ: ${a.length} of A, ${b.length} of B`);
  const differences = a.map((value, round) => (b[round] as number) - value);
  const bLess = differences.filter((difference) => difference < 0).length;
  const bMore = differences.filter((difference) => difference > 0).length;
  const n = bLess + bMore;
  let tail = 0;
  for (let k = 0; k <= Math.min(bLess, bMore); k += 1) tail += binomial(n, k);
  const p = n === 0 ? 1 : Math.min(1, (2 * tail) / 2 ** n);
  return {
    medianA: median(a),
    medianB: median(b),
    pairedMedian: median(differences),
    bLess,
    bMore,
    p,
    verdict: p >= alpha ? 'no difference shown' : bLess > bMore ? 'B takes less' : 'B takes more',
  };
}
