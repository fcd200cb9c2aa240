import { useState } from 'react';
import { direction } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useGame, usePaintedSince } from './use-game.ts';

export const GIFT_BOX_COUNT = 3;

/**
 * The gift boxes: the visitor opens one (click, Enter or Space); the prize is picked by weighted chance
 * whichever box it is, shown in the opened box once the frame of the lid's lift is painted (its glow starts and
 * the other boxes dim then too), and the result screen follows.
 */
export function GiftBoxView(): React.JSX.Element {
  const { model, snapshot, language, spoken, play } = useGame('gift-box');
  const [opened, setOpened] = useState<number | null>(null);
  const idle = snapshot.state === 'idle';
  const painted = usePaintedSince(!idle);
  if (!model) return <SurfaceStyles />;
  const open = (box: number) => {
    if (play()) setOpened(box);
  };
  return (
    <>
      <SurfaceStyles />
      <div
        part="base"
        data-state={snapshot.state}
        dir={direction(language)}
        lang={language}
        role="group"
        aria-label={translate(language, 'giftBoxesLabel')}
      >
        {Array.from({ length: GIFT_BOX_COUNT }, (_, box) => {
          const isOpened = opened === box && !idle;
          // The click's frame lifts the lid alone: the glow behind the opened box (a layer of its own) starts, and
          // the other boxes dim (restyled and painted again), a frame later.
          const disabled = isOpened || painted;
          return (
            <button
              key={box}
              type="button"
              part={isOpened ? 'box opened' : 'box'}
              aria-disabled={disabled ? 'true' : undefined}
              aria-pressed={isOpened}
              data-glow={isOpened && painted ? '' : undefined}
              onClick={() => open(box)}
            >
              <span className="visually-hidden">
                {translate(language, 'giftBoxLabel', { number: box + 1, count: GIFT_BOX_COUNT })}
              </span>
              <span part="lid" aria-hidden="true">
                <span part="bow" />
              </span>
              <span part="gift" aria-hidden="true" />
              {isOpened && painted && snapshot.prize && (
                <>
                  {' '}
                  <span part="prize">{snapshot.prize.label || snapshot.prize.code}</span>
                </>
              )}
            </button>
          );
        })}
        <p className="visually-hidden" aria-live="polite">
          {painted ? spoken || translate(language, 'giftBoxOpening') : ''}
        </p>
      </div>
    </>
  );
}
