import { type Language, STRINGS } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import { recordOf, textOf } from './values.ts';

/** One prize of a game (gamified_prize, widget §3): the chance is a whole percent. */
export interface PrizeRow {
  key: string;
  label: string;
  code: string;
  prizeId: string;
  winner: boolean;
  chance: number;
}

export function prizesOf(value: unknown): PrizeRow[] {
  return Object.entries(recordOf(value)).map(([key, entry]) => {
    const prize = recordOf(entry);
    const chance = Number(textOf(prize.chances));
    return {
      key,
      label: textOf(prize.label),
      code: textOf(prize.code),
      prizeId: textOf(prize.prize_id) || key,
      winner: textOf(prize.is_winner) === '1' || prize.is_winner === true || textOf(prize.loosing_option) === '0',
      chance: Number.isFinite(chance) ? chance : 0,
    };
  });
}

/** The wire prize set; keys are kept, a new row's key is its prize id. */
export function prizeSetOf(rows: readonly PrizeRow[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    rows.map((row) => [
      row.key || row.prizeId,
      {
        label: row.label,
        code: row.code,
        prize_id: row.prizeId,
        is_winner: row.winner ? 1 : 0,
        loosing_option: 1,
        chances: row.chance,
      },
    ]),
  );
}

export function chanceTotal(rows: readonly PrizeRow[]): number {
  return rows.reduce((sum, row) => sum + row.chance, 0);
}

/** What is wrong with the prize set, or null: the chances are whole percents that sum to 100. */
export function prizesProblem(rows: readonly PrizeRow[], language: Language): string | null {
  if (rows.length === 0) return null;
  const words = STRINGS[language];
  if (rows.some((row) => !Number.isInteger(row.chance) || row.chance < 0 || row.chance > 100)) {
    return words.prizeChanceWhole;
  }
  if (rows.some((row) => !row.label.trim())) return words.prizeNeedsLabel;
  const total = chanceTotal(rows);
  if (total !== 100) return fill(words.prizeChancesSum, { total });
  return null;
}

/** A new prize row with a key not yet used. */
export function newPrize(rows: readonly PrizeRow[]): PrizeRow {
  let index = rows.length + 1;
  while (rows.some((row) => row.key === `prize${index}`)) index += 1;
  return { key: `prize${index}`, label: '', code: '', prizeId: `prize${index}`, winner: true, chance: 0 };
}
