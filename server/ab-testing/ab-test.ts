import { createHash } from 'node:crypto';
import type { PopupRecord } from '../configuration/repository.ts';

/** The campaign a pop-up belongs to: its A/B parent, or itself when it is not a variant. */
export function campaignIdOf(popup: PopupRecord): string {
  return popup.ab_test_parent_id ?? popup.poptin_id;
}

/**
 * Keeps one variant per A/B campaign (a parent and the pop-ups whose ab_test_parent_id points to it).
 *
 * Rule: the variants of a campaign are sorted by poptin_id; the visitor gets the one at index
 * sha256(visitorId + "\n" + campaignId) mod variantCount (first 4 bytes of the hash, unsigned). The same
 * visitor therefore always sees the same variant, from any server process, with no state stored; across
 * many visitors the variants are split evenly. Adding or removing a variant reshuffles the campaign.
 * Pop-ups keep their original order; a campaign takes the place of its first member.
 */
export function chooseVariants(popups: readonly PopupRecord[], visitorId: string): PopupRecord[] {
  const campaigns = new Map<string, PopupRecord[]>();
  for (const popup of popups) {
    const id = campaignIdOf(popup);
    campaigns.set(id, [...(campaigns.get(id) ?? []), popup]);
  }
  const chosen: PopupRecord[] = [];
  for (const [campaignId, variants] of campaigns) {
    if (variants.length === 1) {
      chosen.push(variants[0]!);
      continue;
    }
    const sorted = [...variants].sort((a, b) => (a.poptin_id < b.poptin_id ? -1 : 1));
    const hash = createHash('sha256').update(`${visitorId}\n${campaignId}`).digest();
    chosen.push(sorted[hash.readUInt32BE(0) % sorted.length]!);
  }
  return chosen;
}

/**
 * Whether a visitor is in an A/B test's control group, who see none of its variants: sha256("control\n" + visitorId +
 * "\n" + testId), its first 4 bytes unsigned, mod 10,000, is under percent × 100. Stable per visitor as the variant
 * is, from a hash of its own, so the group takes the same share of every variant's visitors.
 */
export function inControlGroup(visitorId: string, testId: string, percent: number): boolean {
  if (percent <= 0) return false;
  const hash = createHash('sha256').update(`control\n${visitorId}\n${testId}`).digest();
  return hash.readUInt32BE(0) % 10_000 < percent * 100;
}

/** The chosen pop-ups whose A/B test holds this visitor out, apart from those it may show, each with its test. */
export function holdOutControlGroups(
  chosen: readonly PopupRecord[],
  visitorId: string,
): { shown: PopupRecord[]; heldOut: PopupRecord[]; tests: { testId: string; heldOut: boolean }[] } {
  const shown: PopupRecord[] = [];
  const heldOut: PopupRecord[] = [];
  const tests: { testId: string; heldOut: boolean }[] = [];
  for (const popup of chosen) {
    const percent = popup.ab_control_percent ?? 0;
    if (percent <= 0) {
      shown.push(popup);
      continue;
    }
    const testId = campaignIdOf(popup);
    const out = inControlGroup(visitorId, testId, percent);
    tests.push({ testId, heldOut: out });
    (out ? heldOut : shown).push(popup);
  }
  return { shown, heldOut, tests };
}
