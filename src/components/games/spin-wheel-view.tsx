import { useId, useMemo } from 'react';
import { sliceDegrees, spinRotation } from '../../core/games/index.ts';
import { direction } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useGame, usePaintedSince } from './use-game.ts';

const RADIUS = 96;
/** Labels run along the middle of their slice, from the hub outwards, centred this far out. */
const LABEL_RADIUS = 57;
/** Longer labels are cut on the wheel face; the full text is in the prize list read to screen readers. */
const FACE_LABEL_LENGTH = 18;
/** Labels longer than this are drawn smaller to fit between the hub and the rim. */
const SHORT_LABEL_LENGTH = 10;

function pointAt(degrees: number, radius: number): string {
  const radians = (degrees * Math.PI) / 180;
  return `${(radius * Math.sin(radians)).toFixed(3)} ${(-radius * Math.cos(radians)).toFixed(3)}`;
}

/** Slice `index` of `count`, drawn clockwise from the top like `spinRotation` counts them. */
function slicePath(index: number, count: number): string {
  if (count === 1)
    return `M 0 ${-RADIUS} A ${RADIUS} ${RADIUS} 0 1 1 0 ${RADIUS} A ${RADIUS} ${RADIUS} 0 1 1 0 ${-RADIUS} Z`;
  const degrees = sliceDegrees(count);
  const largeArc = degrees > 180 ? 1 : 0;
  return `M 0 0 L ${pointAt(index * degrees, RADIUS)} A ${RADIUS} ${RADIUS} 0 ${largeArc} 1 ${pointAt((index + 1) * degrees, RADIUS)} Z`;
}

const faceLabel = (label: string) =>
  label.length > FACE_LABEL_LENGTH ? `${label.slice(0, FACE_LABEL_LENGTH - 1).trimEnd()}…` : label;

/**
 * The spin wheel: one slice per prize, a pointer at the top, a Spin button at the hub (the wheel itself takes
 * clicks too). Played, it turns
 * 24 × 30° plus the offset that stops the chosen prize under the pointer (widget §4); the result follows 7 s later.
 */
export function SpinWheelView(): React.JSX.Element {
  const { model, snapshot, language, spoken, play } = useGame('spin-wheel');
  const prizesId = useId();
  const prizes = model?.prizes ?? [];
  // The stop inside the slice is chosen once per game, so a re-render does not move the wheel.
  const jitter = useMemo(() => Math.random(), [snapshot.prize]);
  const idle = snapshot.state === 'idle';
  // The button's name says "spinning" from the frame after the one where the wheel starts to turn.
  const painted = usePaintedSince(!idle);
  if (!model) return <SurfaceStyles />;
  const index = snapshot.prize ? prizes.indexOf(snapshot.prize) : -1;
  const rotation = index >= 0 ? spinRotation(index, prizes.length, jitter) : 0;
  const degrees = sliceDegrees(prizes.length);
  return (
    <>
      <SurfaceStyles />
      <div part="base" data-state={snapshot.state} dir={direction(language)} lang={language}>
        <span part="pointer" aria-hidden="true" />
        {/* The wheel itself is the pointer's target; the Spin button is the keyboard's and screen readers' one. */}
        <div part="wheel" aria-hidden="true" data-disabled={idle ? undefined : ''} onClick={play}>
          <svg
            part="face"
            viewBox="-100 -100 200 200"
            aria-hidden="true"
            focusable="false"
            style={{ transform: `rotate(${rotation}deg)` }}
            data-rotation={rotation}
          >
            <circle className="rim" r="99" />
            {prizes.map((prize, slice) => (
              <g
                key={prize.key}
                part="slice"
                data-prize-id={prize.prizeId}
                className={slice % 2 === 0 ? 'slice even' : 'slice odd'}
              >
                <path d={slicePath(slice, prizes.length)} />
                <text
                  transform={`rotate(${(slice + 0.5) * degrees - 90}) translate(${LABEL_RADIUS} 0)`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  data-long={prize.label.length > SHORT_LABEL_LENGTH ? '' : undefined}
                >
                  {faceLabel(prize.label)}
                </text>
              </g>
            ))}
            <circle className="hub" r="14" />
          </svg>
        </div>
        <button
          type="button"
          part="spin-button"
          aria-describedby={prizesId}
          aria-disabled={idle ? undefined : 'true'}
          onClick={play}
        >
          <span aria-hidden="true">{translate(language, 'spinButton')}</span>
          <span className="visually-hidden">
            {translate(language, painted ? 'spinWheelSpinning' : 'spinWheelLabel')}
          </span>
        </button>
        <ul id={prizesId} className="visually-hidden">
          {prizes.map((prize) => (
            <li key={prize.key}>{prize.label}</li>
          ))}
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {spoken}
        </p>
      </div>
    </>
  );
}
