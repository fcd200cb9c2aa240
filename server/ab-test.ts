import { createHash } from 'node:crypto';
import type { PopupRecord } from './db/configuration-store.ts';

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
