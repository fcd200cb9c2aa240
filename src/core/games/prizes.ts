import type { RandomSource } from '../random.ts';
import { safeNavigationUrl } from '../safe-url.ts';
/** The gamified prize set of widget §3: prizes keyed by id, chances in percent. */
export interface GamifiedPrize {
  readonly key: string;
  readonly label: string;
  readonly code: string;
  readonly prizeId: string;
  readonly isWinner: boolean;
  /** Percent, 0–100; the pick uses chances / 100. */
  readonly chances: number;
  readonly redirect: PrizeRedirect | null;
}

export interface PrizeRedirect {
  readonly url: string;
  readonly close: boolean;
  readonly closeDelaySeconds: number | null;
}

export class PrizeSetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrizeSetError';
  }
}

const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Winner when is_winner is set or loosing_option is 0 (0 means a winning option). */
export function isWinningOption(entry: Record<string, unknown>): boolean {
  if (truthy(entry['is_winner'])) return true;
  const losing = entry['loosing_option'];
  return losing === 0 || losing === '0';
}

function redirectOf(entry: Record<string, unknown>): PrizeRedirect | null {
  const options = entry['redirect_to_options'];
  if (!truthy(entry['redirect_to']) || typeof options !== 'object' || options === null) return null;
  const record = options as Record<string, unknown>;
  const url = safeNavigationUrl(text(record['redirect_to_url']));
  if (url === null) return null;
  const delay = Number(record['redirect_close_delay']);
  return {
    url,
    close: truthy(record['redirect_close']),
    closeDelaySeconds: Number.isFinite(delay) && delay >= 0 ? delay : null,
  };
}

/** Reads gamified_prize (an object keyed by id, or a list, or its JSON text). Throws PrizeSetError naming what is wrong. */
export function parsePrizeSet(raw: unknown): GamifiedPrize[] {
  let source = raw;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source) as unknown;
    } catch {
      throw new PrizeSetError('gamified_prize is not valid JSON');
    }
  }
  if (typeof source !== 'object' || source === null)
    throw new PrizeSetError('gamified_prize must be an object of prizes keyed by id');
  const entries: [string, unknown][] = Array.isArray(source)
    ? source.map((value, index) => [String(index), value])
    : Object.entries(source);
  const prizes = entries.map(([key, value]): GamifiedPrize => {
    if (typeof value !== 'object' || value === null)
      throw new PrizeSetError(`gamified_prize "${key}" is not an object`);
    const entry = value as Record<string, unknown>;
    const chances = Number(entry['chances'] ?? 0);
    if (!Number.isFinite(chances) || chances < 0 || chances > 100) {
      throw new PrizeSetError(
        `gamified_prize "${key}" has chances ${text(entry['chances'])}; expected a percentage from 0 to 100`,
      );
    }
    return {
      key,
      label: text(entry['label']),
      code: text(entry['code']),
      prizeId: text(entry['prize_id']) || key,
      isWinner: isWinningOption(entry),
      chances,
      redirect: redirectOf(entry),
    };
  });
  if (prizes.length === 0) throw new PrizeSetError('gamified_prize holds no prizes');
  return prizes;
}

/**
 * Weighted pick with probability chances / 100. When the chances do not add up to 100 they are
 * taken relative to their sum; when all are 0 every prize is equally likely.
 */
export function pickPrize(prizes: readonly GamifiedPrize[], random: RandomSource = Math.random): GamifiedPrize {
  if (prizes.length === 0) throw new PrizeSetError('gamified_prize holds no prizes');
  const weights = prizes.map((prize) => prize.chances / 100);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return prizes[Math.min(prizes.length - 1, Math.floor(random() * prizes.length))]!;
  let point = random() * total;
  for (let index = 0; index < prizes.length; index += 1) {
    point -= weights[index]!;
    if (point < 0) return prizes[index]!;
  }
  return prizes[prizes.length - 1]!;
}

/** What a played game adds to the conversion (widget §3: the chosen prize gets prize_id and is_winner). */
export interface PrizeConversion {
  prize_id: string;
  is_winner: '1' | '0';
}

export function conversionFieldsOf(prize: Pick<GamifiedPrize, 'prizeId' | 'isWinner'>): PrizeConversion {
  return { prize_id: prize.prizeId, is_winner: prize.isWinner ? '1' : '0' };
}

/** Hidden fields may hold the placeholders prize_code or prize_label; returns the value to submit. */
export function fillPrizePlaceholder(value: string, prize: Pick<GamifiedPrize, 'code' | 'label'>): string {
  const trimmed = value.trim();
  if (trimmed === 'prize_code') return prize.code;
  if (trimmed === 'prize_label') return prize.label;
  return value;
}
