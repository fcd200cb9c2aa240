import { fillPrizePlaceholder, type GameScreen, type GamifiedPrize } from '../../core/games/index.ts';
import { showGameScreen } from './game-screen.ts';

export type ShownPrize = Pick<GamifiedPrize, 'code' | 'label'>;

/**
 * Writes the chosen prize into a template: every `[data-poptin-coupon]` gets its code (and the label its
 * couponCopy event carries), every `[data-poptin-prize-label]` its label, hidden fields holding prize_code /
 * prize_label their values.
 */
export function writePrize(content: ParentNode, prize: ShownPrize): void {
  content.querySelectorAll<HTMLElement>('[data-poptin-coupon]').forEach((coupon) => {
    coupon.dataset.poptinCoupon = prize.code;
    coupon.dataset.prizeLabel = prize.label;
    coupon.textContent = prize.code;
  });
  content.querySelectorAll<HTMLElement>('[data-poptin-prize-label]').forEach((label) => {
    label.textContent = prize.label;
  });
  content.querySelectorAll<HTMLInputElement>('input[type=hidden]').forEach((input) => {
    const placeholder = input.dataset.poptinPrizePlaceholder ?? input.value;
    if (placeholder.trim() !== 'prize_code' && placeholder.trim() !== 'prize_label') return;
    // Kept so a second result (a replayed template) can be written again.
    input.dataset.poptinPrizePlaceholder = placeholder;
    input.value = fillPrizePlaceholder(placeholder, prize);
  });
}

/** The result screen with the prize written into it. */
export function showGameResult(content: ParentNode, screen: GameScreen, prize: ShownPrize | null): void {
  showGameScreen(content, screen);
  if (prize) writePrize(content, prize);
}
