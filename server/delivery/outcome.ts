// What one try of a delivery came to, and when the next try is due.

/** An answer or a failure of one try. */
export type Attempt =
  | {
      kind: 'answered';
      statusCode: number;
      body: string;
      retryAfterMs: number | null;
      /** The answer's headers, for a vendor's own rate-limit headers. */
      headers?: Record<string, string | string[] | undefined>;
      /**
       * A vendor's reading of its answer, over the status code's: an "already subscribed" that is a success, a
       * rate limit answered with a 403.
       */
      verdict?: 'delivered' | 'retry' | 'permanent';
    }
  /** No answer: refused connection, reset, timeout, DNS failure. Worth trying again. */
  | { kind: 'network'; error: string }
  /** Refused before sending (SSRF check, bad settings): trying again would change nothing. */
  | { kind: 'refused'; error: string }
  /** Nothing to send, on purpose (no e-mail address, no consent to marketing e-mail): done. */
  | { kind: 'skipped'; reason: string };

export type Outcome = { kind: 'delivered' } | { kind: 'retry'; afterMs: number } | { kind: 'failed'; reason: string };

export const RESPONSE_EXCERPT_CHARS = 2000;

/** How long deliveries are retried, and the back-off between tries. */
export interface RetryPolicy {
  /** First wait; doubled at each try. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  /** Past this age a delivery that still fails is given up (3 days). */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 10_000,
  maxMs: 6 * 60 * 60_000,
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
};

/** Answers that say "not now" rather than "never". */
export function isTransientStatus(statusCode: number): boolean {
  return statusCode >= 500 || statusCode === 408 || statusCode === 429;
}

/**
 * Exponential back-off with full jitter: a random wait up to base·2^(tries-1), capped, so that deliveries that
 * failed together do not all come back together (the leads of one batch call share their draw: they come back as
 * one call). A Retry-After the destination sent is a floor.
 */
export function backoffMs(
  policy: RetryPolicy,
  attempts: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return retryAfterMs === null ? jittered : Math.min(policy.maxMs, Math.max(retryAfterMs, jittered));
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function readRetryAfter(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** What to do after a try of a delivery first made `ageMs` ago, tried `attempts` times so far. */
export function decide(
  attempt: Attempt,
  attempts: number,
  ageMs: number,
  policy: RetryPolicy,
  random?: () => number,
): Outcome {
  if (attempt.kind === 'refused') return { kind: 'failed', reason: attempt.error };
  if (attempt.kind === 'skipped') return { kind: 'delivered' };
  if (attempt.kind === 'answered' && attempt.verdict === 'delivered') return { kind: 'delivered' };
  if (attempt.kind === 'answered' && attempt.statusCode >= 200 && attempt.statusCode < 300 && !attempt.verdict)
    return { kind: 'delivered' };
  if (
    attempt.kind === 'answered' &&
    (attempt.verdict === 'permanent' || (!attempt.verdict && !isTransientStatus(attempt.statusCode)))
  ) {
    const redirect = attempt.statusCode >= 300 && attempt.statusCode < 400 ? ' (redirects are not followed)' : '';
    return { kind: 'failed', reason: `answered ${attempt.statusCode}${redirect}` };
  }
  const afterMs = backoffMs(policy, attempts, attempt.kind === 'answered' ? attempt.retryAfterMs : null, random);
  if (ageMs + afterMs > policy.giveUpAfterMs) {
    const last = attempt.kind === 'answered' ? `answered ${attempt.statusCode}` : attempt.error;
    return {
      kind: 'failed',
      reason: `still failing after ${attempts} tries over ${Math.round(ageMs / 3_600_000)} h: ${last}`,
    };
  }
  return { kind: 'retry', afterMs };
}
