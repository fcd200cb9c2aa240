import type { RuleResult } from '../rules/types.ts';
import type { Decision } from './decide.ts';

export interface Explanation {
  id: string;
  /** null until a decision was recorded. */
  allowed: boolean | null;
  rules: RuleResult[];
  blockedBy: RuleResult[];
  /** When the frequency cap (d_f_r or d_f_a) lifts, epoch ms; null when none applies. */
  frequencyCapExpiresAt: number | null;
  /** When every block lifts by itself; null when allowed or permanently blocked. */
  retryAt: number | null;
  triggers: {
    planned: string[];
    armedAt: number | null;
    /** The last FIRES_KEPT fires, oldest first. */
    fired: { trigger: string; at: number }[];
  };
  shownAt: number | null;
  /** One sentence for people. */
  summary: string;
}

export interface ExplanationLog {
  decided(decision: Decision): void;
  armed(id: string, planned: string[], at: number): void;
  fired(id: string, trigger: string, at: number): void;
  shown(id: string, at: number): void;
  /** What `window.poptin.explain(id)` returns: a copy, null for an unknown id. */
  explain(id: string): Explanation | null;
  ids(): string[];
  clear(): void;
}

const FREQUENCY_RULES = new Set(['frequency (d_f_r)', 'after close (d_f_a)']);

/** A pop-up opened again and again on a long-lived page (a click-to-open button) keeps only its latest fires. */
export const FIRES_KEPT = 10;

/** What is known of a pop-up before anything was decided about it. */
export function emptyExplanation(id: string, summary = ''): Explanation {
  return {
    id,
    allowed: null,
    rules: [],
    blockedBy: [],
    frequencyCapExpiresAt: null,
    retryAt: null,
    triggers: { planned: [], armedAt: null, fired: [] },
    shownAt: null,
    summary,
  };
}

function summarize(explanation: Explanation): string {
  const time = (at: number) => new Date(at).toISOString();
  if (explanation.allowed === null) return 'no decision yet';
  if (!explanation.allowed) {
    const reasons = explanation.blockedBy.map((rule) => `${rule.rule}: ${rule.reason}`).join('; ');
    const until = explanation.retryAt !== null ? ` (until ${time(explanation.retryAt)})` : '';
    return `blocked by ${reasons}${until}`;
  }
  if (explanation.shownAt !== null) {
    const shownAt = explanation.shownAt;
    // The fire that opened the latest showing, not the first fire of the page.
    const opener =
      explanation.triggers.fired.filter((fire) => fire.at <= shownAt).pop() ?? explanation.triggers.fired[0];
    return `shown at ${time(shownAt)}${opener ? ` after ${opener.trigger}` : ''}`;
  }
  if (explanation.triggers.fired.length)
    return `allowed; ${explanation.triggers.fired.map((fire) => `${fire.trigger} fired at ${time(fire.at)}`).join(', ')}`;
  if (explanation.triggers.armedAt !== null) return `allowed; waiting for ${explanation.triggers.planned.join(' or ')}`;
  return `allowed; triggers not armed yet (${explanation.triggers.planned.join(' or ')})`;
}

/**
 * A copy its reader may change without changing the original. Written out rather than `structuredClone`d: the store
 * takes one at each decision, fire and show, and the structured serializer cost the bench's lightbox about 5 ms of
 * its script at 4× CPU slowdown.
 */
export function copyOfExplanation(explanation: Explanation): Explanation {
  const { triggers } = explanation;
  return {
    ...explanation,
    rules: explanation.rules.map((rule) => ({ ...rule })),
    blockedBy: explanation.blockedBy.map((rule) => ({ ...rule })),
    triggers: {
      planned: [...triggers.planned],
      armedAt: triggers.armedAt,
      fired: triggers.fired.map((fire) => ({ ...fire })),
    },
  };
}

/** Keeps, per pop-up, why it did or did not show; the controller exposes `explain` as window.poptin.explain. */
export function createExplanationLog(): ExplanationLog {
  const entries = new Map<string, Explanation>();
  const entry = (id: string) => {
    let found = entries.get(id);
    if (!found) {
      found = emptyExplanation(id);
      entries.set(id, found);
    }
    return found;
  };
  return {
    decided(decision) {
      const target = entry(decision.id);
      target.allowed = decision.allowed;
      target.rules = decision.rules;
      target.blockedBy = decision.blockedBy;
      target.retryAt = decision.retryAt;
      target.triggers.planned = decision.triggers;
      const caps = decision.rules.filter(
        (rule) => FREQUENCY_RULES.has(rule.rule) && !rule.allowed && rule.expiresAt !== undefined,
      );
      target.frequencyCapExpiresAt = caps.length ? Math.max(...caps.map((rule) => rule.expiresAt as number)) : null;
    },
    armed(id, planned, at) {
      const target = entry(id);
      target.triggers.planned = planned;
      target.triggers.armedAt = at;
    },
    fired(id, trigger, at) {
      const fired = entry(id).triggers.fired;
      fired.push({ trigger, at });
      if (fired.length > FIRES_KEPT) fired.splice(0, fired.length - FIRES_KEPT);
    },
    shown(id, at) {
      entry(id).shownAt = at;
    },
    explain(id) {
      const found = entries.get(id);
      if (!found) return null;
      const copy = copyOfExplanation(found);
      copy.summary = summarize(copy);
      return copy;
    },
    ids: () => [...entries.keys()],
    clear: () => entries.clear(),
  };
}
