import type { LeftOutPoptin } from '../../src/core/api/contract.ts';
import type { AbTest, ControlGroupFigures } from '../../src/core/api/insights-contract.ts';
import type { ConfigChanges, PopupRecord } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import type { MailSettings } from '../delivery/senders.ts';
import { abVerdict } from './ab-verdict.ts';
import { mailWinnerApplied } from './ab-winner-mail.ts';

interface VariantRow {
  poptin_id: string;
  test_id: string;
  poptin_name: string;
  active: boolean;
  views: unknown;
  conversions: unknown;
  ab_auto_apply: boolean;
  ab_winner_applied_at: unknown;
  ab_control_percent: unknown;
}

/** z of a two-sided 95 % interval. */
const Z95 = 1.959964;

/**
 * The site's conversion among the visitors a test held out and among those it could show its variants to: the share
 * of each group who became a lead of the site (on any of its pop-ups, not spam) after the test first met them, and the
 * uplift (exposed − control, a difference of rates) with its 95 % interval (the normal approximation of a difference
 * of two proportions); null while either group is empty.
 */
async function controlFigures(
  storage: AbTestStorage,
  clientId: string,
  testId: string,
  percent: number,
): Promise<ControlGroupFigures> {
  const rows = await storage.db.query<{ held_out: boolean; visitors: unknown; converted: unknown }>(
    `SELECT a.held_out, count(*) AS visitors, count(*) FILTER (WHERE EXISTS (
       SELECT 1 FROM conversions c WHERE c.client_id = a.client_id AND c.visitor_id = a.visitor_id
         AND c.spam_reason IS NULL AND c.created_at >= a.first_seen_at)) AS converted
     FROM ab_test_visitors a WHERE a.client_id = $1 AND a.test_id = $2 GROUP BY a.held_out`,
    [clientId, testId],
  );
  const round = (value: number) => Math.round(value * 1_000_000) / 1_000_000;
  const group = (heldOut: boolean) => {
    const row = rows.find((entry) => entry.held_out === heldOut);
    const visitors = Number(row?.visitors ?? 0);
    const conversions = Number(row?.converted ?? 0);
    return { visitors, conversions, conversion_rate: visitors > 0 ? round(conversions / visitors) : 0 };
  };
  const control = group(true);
  const exposed = group(false);
  if (control.visitors === 0 || exposed.visitors === 0)
    return { percent, control, exposed, uplift: null, interval: null };
  const [pc, pe] = [control.conversions / control.visitors, exposed.conversions / exposed.visitors];
  const spread = Z95 * Math.sqrt((pc * (1 - pc)) / control.visitors + (pe * (1 - pe)) / exposed.visitors);
  return {
    percent,
    control,
    exposed,
    uplift: round(pe - pc),
    interval: [round(pe - pc - spread), round(pe - pc + spread)],
  };
}

/**
 * A client's A/B tests (a pop-up and the pop-ups whose ab_test_parent_id names it, see ab-test.ts), each with
 * its verdict over every view and conversion its variants have had (the daily roll-ups), its settings and, when it
 * holds out a control group or did, the site's conversion in each group.
 */
/** The A/B tests' own SQL, and the announcement of the configuration a winner changes. */
export interface AbTestStorage {
  db: Database;
  configuration: ConfigChanges;
}

export async function listAbTests(storage: AbTestStorage, clientId: string, testId?: string): Promise<AbTest[]> {
  const rows = await storage.db.query<VariantRow>(
    `SELECT p.poptin_id, COALESCE(p.ab_test_parent_id, p.poptin_id) AS test_id, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.active,
       COALESCE((SELECT sum(views) FROM stats_daily_live s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id), 0) AS views,
       COALESCE((SELECT sum(conversions) FROM stats_daily_live s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id), 0) AS conversions,
       p.ab_auto_apply, p.ab_winner_applied_at, p.ab_control_percent
     FROM popups p
     WHERE p.client_id = $1 AND p.deleted_at IS NULL
       AND ($2::text IS NULL OR COALESCE(p.ab_test_parent_id, p.poptin_id) = $2)
       AND (p.ab_test_parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM popups c WHERE c.ab_test_parent_id = p.poptin_id AND c.client_id = $1 AND c.deleted_at IS NULL))
     ORDER BY test_id, p.poptin_id`,
    [clientId, testId ?? null],
  );
  const tests = new Map<string, VariantRow[]>();
  for (const row of rows) tests.set(row.test_id, [...(tests.get(row.test_id) ?? []), row]);
  return Promise.all(
    [...tests].map(async ([id, variants]): Promise<AbTest> => {
      const parent = variants.find((variant) => variant.poptin_id === id);
      const percent = Number(parent?.ab_control_percent ?? 0);
      const verdict = abVerdict(
        variants.map((variant) => ({
          poptin_id: variant.poptin_id,
          views: Number(variant.views),
          conversions: Number(variant.conversions),
        })),
      );
      const applied = parent?.ab_winner_applied_at;
      return {
        ...verdict,
        test_id: id,
        name: parent?.poptin_name ?? '',
        variants: verdict.variants.map((variant, index) => ({
          ...variant,
          poptin_name: variants[index]!.poptin_name,
          active: variants[index]!.active,
        })),
        auto_apply: parent?.ab_auto_apply ?? false,
        winner_applied_at: applied ? new Date(applied as string).toISOString() : null,
        control: await controlFigures(storage, clientId, id, percent),
      };
    }),
  );
}

/**
 * Sends all of a test's traffic to one variant: the others are paused (they can be resumed like any pop-up), and
 * the test is marked applied, so that the server does not apply a winner of its own after.
 * Null when the site has no such test or the variant is not one of it.
 */
export async function declareWinner(
  storage: AbTestStorage,
  clientId: string,
  testId: string,
  winnerId: string,
): Promise<AbTest | null> {
  const [test] = await listAbTests(storage, clientId, testId);
  if (!test?.variants.some((variant) => variant.poptin_id === winnerId)) return null;
  await applyWinner(storage, clientId, testId, winnerId, false);
  return (await listAbTests(storage, clientId, testId))[0] ?? null;
}

/**
 * Pauses every variant but the winner and marks the test applied, in one transaction; `once`: only if it was not
 * applied yet (the server's own, which another process may be doing). Answers whether it applied it.
 */
async function applyWinner(storage: AbTestStorage, clientId: string, testId: string, winnerId: string, once: boolean) {
  const applied = await storage.db.transaction(async (tx) => {
    const marked = await tx.query(
      `UPDATE popups SET ab_winner_applied_at = COALESCE(ab_winner_applied_at, now())
       WHERE client_id = $1 AND poptin_id = $2 AND NOT ($3::boolean AND ab_winner_applied_at IS NOT NULL) RETURNING 1`,
      [clientId, testId, once],
    );
    if (marked.length === 0) return false;
    await tx.query(
      `UPDATE popups SET active = (poptin_id = $3 AND published_at IS NOT NULL), updated_at = now()
       WHERE client_id = $1 AND deleted_at IS NULL AND (poptin_id = $2 OR ab_test_parent_id = $2) AND (active OR poptin_id = $3)`,
      [clientId, testId, winnerId],
    );
    return true;
  });
  if (applied) await storage.configuration.configChanged(clientId);
  return applied;
}

/** Changes a test's settings: whether its winner is applied by itself, and its control group's share. */
export async function changeAbTestSettings(
  storage: AbTestStorage,
  clientId: string,
  testId: string,
  changes: { auto_apply?: boolean; control_percent?: number },
): Promise<AbTest | null> {
  const [test] = await listAbTests(storage, clientId, testId);
  if (!test) return null;
  await storage.db.query(
    `UPDATE popups SET ab_auto_apply = COALESCE($3, ab_auto_apply), ab_control_percent = COALESCE($4, ab_control_percent)
     WHERE client_id = $1 AND poptin_id = $2`,
    [clientId, testId, changes.auto_apply ?? null, changes.control_percent ?? null],
  );
  await storage.configuration.configChanged(clientId);
  return (await listAbTests(storage, clientId, testId))[0] ?? null;
}

/** Notes the visitors a display call met in tests with a control group, once each: held out or not. */
export async function recordTestVisitors(
  storage: AbTestStorage,
  clientId: string,
  visitorId: string,
  tests: { testId: string; heldOut: boolean }[],
): Promise<void> {
  await storage.db.query(
    `INSERT INTO ab_test_visitors (client_id, test_id, visitor_id, held_out)
     SELECT $1, test.test_id, $2, test.held_out FROM unnest($3::text[], $4::boolean[]) AS test (test_id, held_out)
     ON CONFLICT (client_id, test_id, visitor_id) DO NOTHING`,
    [clientId, visitorId, tests.map((test) => test.testId), tests.map((test) => test.heldOut)],
  );
}

/** A variant a control group keeps from this visitor, as the display answer's left_out explains it. */
export function controlGroupLeftOut(popup: PopupRecord): LeftOutPoptin {
  return {
    poptin_id: popup.poptin_id,
    poptin_type: String(popup.config.poptin_type ?? '').toLowerCase(),
    blocked_by: [
      {
        rule: 'ab-control-group',
        reason: `this visitor is in the control group of its A/B test (${popup.ab_control_percent ?? 0} % of visitors see none of its variants, to measure its uplift)`,
      },
    ],
  };
}

/**
 * Applies the winner of every test set to apply it by itself once its verdict names one (while two variants or more
 * are still shown), once across every server process (the applied time is claimed first), and mails the site's
 * owners. Answers the tests applied.
 */
export async function applyDueWinners(storage: AbTestStorage, mail: MailSettings | null): Promise<AbTest[]> {
  const due = await storage.db.query<{ client_id: string; poptin_id: string }>(
    `SELECT p.client_id, p.poptin_id FROM popups p WHERE p.ab_auto_apply AND p.ab_winner_applied_at IS NULL AND p.deleted_at IS NULL
       AND (SELECT count(*) FROM popups v WHERE (v.poptin_id = p.poptin_id OR v.ab_test_parent_id = p.poptin_id) AND v.active AND v.deleted_at IS NULL) > 1`,
  );
  const applied: AbTest[] = [];
  for (const { client_id: clientId, poptin_id: testId } of due) {
    const [test] = await listAbTests(storage, clientId, testId);
    if (!test?.winner) continue;
    if (!(await applyWinner(storage, clientId, testId, test.winner, true))) continue;
    const [after] = await listAbTests(storage, clientId, testId);
    if (!after) continue;
    applied.push(after);
    if (!mail) continue;
    const owners = await storage.db.query<{ email: string }>(
      'SELECT o.email FROM owner_sites s JOIN owners o ON o.id = s.owner_id WHERE s.client_id = $1 ORDER BY o.email',
      [clientId],
    );
    if (owners.length > 0)
      await mailWinnerApplied(
        mail,
        owners.map((owner) => owner.email),
        { clientId, test: after },
      );
  }
  return applied;
}

/** How often a server process looks for winners to apply. */
export const DEFAULT_WINNER_CHECK_MS = 60_000;
