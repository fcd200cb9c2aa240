import type { AbTest } from '../src/core/api/insights-contract.ts';
import { abVerdict } from './ab-verdict.ts';
import type { Store } from './db/store.ts';

interface VariantRow {
  poptin_id: string;
  test_id: string;
  poptin_name: string;
  active: boolean;
  views: unknown;
  conversions: unknown;
}

/**
 * A client's A/B tests (a pop-up and the pop-ups whose ab_test_parent_id names it, see ab-test.ts), each with
 * its verdict over every view and conversion its variants have had (the daily roll-ups).
 */
export async function listAbTests(store: Store, clientId: string, testId?: string): Promise<AbTest[]> {
  const rows = await store.db.query<VariantRow>(
    `SELECT p.poptin_id, COALESCE(p.ab_test_parent_id, p.poptin_id) AS test_id, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.active,
       COALESCE((SELECT sum(views) FROM stats_daily s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id), 0) AS views,
       COALESCE((SELECT sum(conversions) FROM stats_daily s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id), 0) AS conversions
     FROM popups p
     WHERE p.client_id = $1 AND p.deleted_at IS NULL
       AND ($2::text IS NULL OR COALESCE(p.ab_test_parent_id, p.poptin_id) = $2)
       AND (p.ab_test_parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM popups c WHERE c.ab_test_parent_id = p.poptin_id AND c.client_id = $1 AND c.deleted_at IS NULL))
     ORDER BY test_id, p.poptin_id`,
    [clientId, testId ?? null],
  );
  const tests = new Map<string, VariantRow[]>();
  for (const row of rows) tests.set(row.test_id, [...(tests.get(row.test_id) ?? []), row]);
  return [...tests].map(([id, variants]) => {
    const verdict = abVerdict(
      variants.map((variant) => ({
        poptin_id: variant.poptin_id,
        views: Number(variant.views),
        conversions: Number(variant.conversions),
      })),
    );
    return {
      ...verdict,
      test_id: id,
      name: variants.find((variant) => variant.poptin_id === id)?.poptin_name ?? '',
      variants: verdict.variants.map((variant, index) => ({
        ...variant,
        poptin_name: variants[index]!.poptin_name,
        active: variants[index]!.active,
      })),
    };
  });
}

/**
 * Sends all of a test's traffic to one variant: the others are paused (they can be resumed like any pop-up).
 * Null when the site has no such test or the variant is not one of it.
 */
export async function declareWinner(
  store: Store,
  clientId: string,
  testId: string,
  winnerId: string,
): Promise<AbTest | null> {
  const [test] = await listAbTests(store, clientId, testId);
  if (!test?.variants.some((variant) => variant.poptin_id === winnerId)) return null;
  await store.db.query(
    `UPDATE popups SET active = (poptin_id = $3 AND published_at IS NOT NULL), updated_at = now()
     WHERE client_id = $1 AND deleted_at IS NULL AND (poptin_id = $2 OR ab_test_parent_id = $2) AND (active OR poptin_id = $3)`,
    [clientId, testId, winnerId],
  );
  await store.configChanged(clientId);
  return (await listAbTests(store, clientId, testId))[0] ?? null;
}
