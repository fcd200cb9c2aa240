/** The verdict of one display rule for one pop-up; `expiresAt` (epoch ms) says when a block lifts by itself. */
export interface RuleResult {
  allowed: boolean;
  rule: string;
  reason: string;
  expiresAt?: number;
}

export function allow(rule: string, reason: string): RuleResult {
  return { allowed: true, rule, reason };
}

export function block(rule: string, reason: string, expiresAt?: number): RuleResult {
  return expiresAt === undefined ? { allowed: false, rule, reason } : { allowed: false, rule, reason, expiresAt };
}

/** Whether a rule wants the pop-up shown when its condition holds, or hidden. */
export type ShowRole = 'show' | 'dont_show';

export function readShowRole(word: string): ShowRole | null {
  const normalized = word
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (normalized === 'show' || normalized === 'display') return 'show';
  if (['dont_show', 'do_not_show', "don't_show", 'hide', 'not_show', 'dontshow'].includes(normalized))
    return 'dont_show';
  return null;
}

/** Allowed when a show rule's condition holds, or a dont_show rule's condition does not. */
export function roleAllows(role: ShowRole, conditionHolds: boolean): boolean {
  return role === 'show' ? conditionHolds : !conditionHolds;
}
