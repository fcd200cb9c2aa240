import type { FilterSettings } from '../config/types.ts';
import { allow, block, type RuleResult, readShowRole, roleAllows } from './types.ts';

/** source_code_target_*: show (or hide) the pop-up when the page's source contains the owner's snippet. */
export function evaluateSourceCodeTarget(filters: FilterSettings, readPageSource: () => string): RuleResult {
  const name = 'source_code_target';
  if (!filters.sourceCodeTargetActive) return allow(name, 'source code targeting is off');
  const snippet = filters.sourceCodeTargetHtml.trim();
  if (!snippet) return allow(name, 'source code targeting is on but its snippet is empty');
  const role = readShowRole(filters.sourceCodeTargetRole) ?? 'show';
  const found = normalizeSpace(readPageSource()).includes(normalizeSpace(snippet));
  const outcome = `page source ${found ? 'contains' : 'does not contain'} "${snippet}"`;
  return roleAllows(role, found) ? allow(name, `${role}: ${outcome}`) : block(name, `${role}: ${outcome}`);
}

// Serialised HTML re-flows whitespace (and the owner may paste it indented), so runs of spaces compare equal.
function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
