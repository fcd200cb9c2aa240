import { allow, block, type RuleResult, readShowRole, roleAllows, type ShowRole } from './types.ts';

/** What a visitor did with a pop-up; kept by the visitor store (widget §6 engagement with other pop-ups). */
export type EngagementEvent = 'seen' | 'closed' | 'converted';

export interface EngagementRecord {
  id: string;
  /** poptin_type of that pop-up */
  kind: string;
  event: EngagementEvent;
  at: number;
}

export type EngagementCondition = 'seen_poptin' | 'not_seen' | 'closed' | 'converted';

export interface EngagementRule {
  show: ShowRole;
  condition: EngagementCondition;
  /** A pop-up type, or "any". */
  kind: string;
  /** A pop-up id, or "any" (any pop-up other than the one being decided). */
  id: string;
}

const CONDITION_ALIASES: Record<string, EngagementCondition> = {
  seen_poptin: 'seen_poptin',
  seen: 'seen_poptin',
  viewed: 'seen_poptin',
  not_seen: 'not_seen',
  not_seen_poptin: 'not_seen',
  unseen: 'not_seen',
  closed: 'closed',
  closed_poptin: 'closed',
  converted: 'converted',
  converted_poptin: 'converted',
  submitted: 'converted',
};

/*
 * Format of engagement_with_other_poptin_filter: one or more rules separated by ";", "," or line breaks;
 * each rule is four "|"-separated fields:
 *
 *     <show|dont_show>|<seen_poptin|not_seen|closed|converted>|<pop-up type|any>|<pop-up id|any>
 *
 *     show|seen_poptin|lightbox|a1b2c3d4e5f6g ; dont_show|converted|any|any
 *
 * A missing kind or id means "any". A JSON array of {show, condition, kind, id} is accepted too.
 * All rules must allow (AND).
 */
export function parseEngagementFilter(text: string): { rules: EngagementRule[]; ignored: string[] } {
  const source = text.trim();
  const rules: EngagementRule[] = [];
  const ignored: string[] = [];
  if (!source) return { rules, ignored };
  let parts: string[][];
  if (source.startsWith('[') || source.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(source);
      const entries = Array.isArray(parsed) ? parsed : [parsed];
      parts = entries.map((entry) => {
        const record = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
        return [record.show, record.condition ?? record.event, record.kind ?? record.type, record.id].map((field) =>
          typeof field === 'string' ? field : '',
        );
      });
    } catch {
      parts = [];
      ignored.push(source);
    }
  } else {
    parts = source
      .split(/[;,]|\r?\n/)
      .filter((part) => part.trim())
      .map((part) => part.split('|'));
  }
  for (const fields of parts) {
    const [showWord = '', conditionWord = '', kindWord = '', idWord = ''] = fields.map((field) => field.trim());
    const show = readShowRole(showWord);
    const condition = CONDITION_ALIASES[conditionWord.toLowerCase()];
    if (!show || !condition) {
      ignored.push(fields.join('|'));
      continue;
    }
    rules.push({ show, condition, kind: kindWord.toLowerCase() || 'any', id: idWord || 'any' });
  }
  return { rules, ignored };
}

export function evaluateEngagementFilter(
  filterText: string,
  selfId: string,
  records: readonly EngagementRecord[],
): RuleResult {
  const name = 'engagement_with_other_poptin_filter';
  const { rules, ignored } = parseEngagementFilter(filterText);
  const note = ignored.length ? `; ignored unreadable rule(s): ${ignored.map((part) => `"${part}"`).join(', ')}` : '';
  if (rules.length === 0) return allow(name, `no engagement filter set${note}`);
  for (const rule of rules) {
    const holds = conditionHolds(rule, selfId, records);
    if (!roleAllows(rule.show, holds))
      return block(name, `${describe(rule)} — condition is ${holds ? 'true' : 'false'}${note}`);
  }
  return allow(name, `all ${rules.length} rule(s) pass: ${rules.map(describe).join('; ')}${note}`);
}

function conditionHolds(rule: EngagementRule, selfId: string, records: readonly EngagementRecord[]): boolean {
  const wanted: EngagementEvent =
    rule.condition === 'closed' ? 'closed' : rule.condition === 'converted' ? 'converted' : 'seen';
  const matches = records.some(
    (record) =>
      record.event === wanted &&
      (rule.kind === 'any' || record.kind.toLowerCase() === rule.kind) &&
      (rule.id === 'any' ? record.id !== selfId : record.id === rule.id),
  );
  return rule.condition === 'not_seen' ? !matches : matches;
}

function describe(rule: EngagementRule): string {
  const target = `${rule.kind === 'any' ? 'any kind' : rule.kind} ${rule.id === 'any' ? 'any other pop-up' : rule.id}`;
  return `${rule.show} when ${rule.condition} ${target}`;
}
