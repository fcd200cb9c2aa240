import { useId, useMemo } from 'react';
import {
  type GamifiedPrize,
  LABEL_LINE_HEIGHT,
  sliceDegrees,
  spinRotation,
  WHEEL_FACE_RADIUS,
  type WheelLabel,
  wheelLabels,
} from '../../core/games/index.ts';
import { direction } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useGame, usePaintedSince } from './use-game.ts';

const RADIUS = WHEEL_FACE_RADIUS;
/** The pegs between the slices sit just inside the rim. */
const PEG_RADIUS = 83;
/** The lights on the rim: fixed, they do not turn with the face. */
const LIGHTS = 16;
const RIM_MIDDLE = 92.5;

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

/** Every other slice takes the alternate colour; with an odd count the last takes a third, so neighbours differ. */
function sliceTone(index: number, count: number): string {
  if (count > 1 && count % 2 === 1 && index === count - 1) return 'third';
  return index % 2 === 0 ? 'even' : 'odd';
}

function SliceLabel({ layout }: { layout: WheelLabel }): React.JSX.Element {
  const { lines, fontSize, radius, rotation, turned, direction } = layout;
  const step = fontSize * LABEL_LINE_HEIGHT;
  return (
    <text
      transform={`rotate(${rotation % 360}) translate(${(turned ? -radius : radius).toFixed(2)} 0)`}
      fontSize={fontSize}
      direction={direction}
    >
      {lines.map((line, row) => {
        const y = ((row - (lines.length - 1) / 2) * step).toFixed(2);
        return (
          <tspan key={y} x="0" y={y}>
            {line}
          </tspan>
        );
      })}
    </text>
  );
}

/** The turning face's drawing: built again only when the prizes or the chosen slice change, not at each render. */
function faceOf(
  prizes: readonly GamifiedPrize[],
  labels: readonly React.JSX.Element[],
  chosen: number,
): React.JSX.Element {
  const degrees = sliceDegrees(prizes.length);
  // One group, built whole before it joins the face already on the page: its pieces added one by one to the drawn
  // face would each be a change to a rendered SVG.
  return (
    <g className={chosen >= 0 ? 'decided' : undefined}>
      <defs>
        {/* Each slice lighter by the hub and darker by the rim, as a dished face catches the light. */}
        <radialGradient id="slice-shade" gradientUnits="userSpaceOnUse" cx="0" cy="0" r={RADIUS}>
          <stop offset="0.25" stopColor="#ffffff" stopOpacity="0.18" />
          <stop offset="0.65" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="0.9" stopColor="#000000" stopOpacity="0.04" />
          <stop offset="1" stopColor="#000000" stopOpacity="0.16" />
        </radialGradient>
      </defs>
      {prizes.map((prize, slice) => (
        <g
          key={prize.key}
          part="slice"
          data-prize-id={prize.prizeId}
          className={`slice ${sliceTone(slice, prizes.length)}${slice === chosen ? ' chosen' : ''}`}
        >
          <path d={slicePath(slice, prizes.length)} />
          <path className="shade" d={slicePath(slice, prizes.length)} fill="url(#slice-shade)" />
          {labels[slice]}
        </g>
      ))}
      {prizes.length > 1 &&
        prizes.map((prize, slice) => {
          const [x, y] = pointAt(slice * degrees, PEG_RADIUS).split(' ');
          return <circle key={prize.key} className="peg" cx={x} cy={y} r="2.2" />;
        })}
    </g>
  );
}

const SLICE_COLOURS = {
  even: 'var(--poptin-wheel-slice)',
  odd: 'var(--poptin-wheel-slice-alternate)',
  third: 'var(--poptin-wheel-slice-third)',
} as const;

/**
 * What the face shows until it is drawn: its slices' colours as one gradient on a disc of its size, which costs the
 * wheel's first frame no element.
 */
function facePlaceholder(count: number): React.CSSProperties {
  const degrees = sliceDegrees(Math.max(1, count));
  const stops = Array.from(
    { length: Math.max(1, count) },
    (_, slice) =>
      `${SLICE_COLOURS[sliceTone(slice, count) as keyof typeof SLICE_COLOURS]} ${slice * degrees}deg ${(slice + 1) * degrees}deg`,
  );
  return {
    background: `conic-gradient(${stops.join(', ')})`,
    clipPath: `circle(${WHEEL_FACE_RADIUS / 2}%)`,
  };
}

/** The fixed parts over the turning face: the rim with its lights, and the gloss of the light falling on it. */
const frameParts = (
  <>
    <defs>
      <radialGradient id="bulb" cx="0.4" cy="0.35" r="0.65">
        <stop offset="0" className="bulb-core" />
        <stop offset="0.5" className="bulb-light" />
        <stop offset="1" className="bulb-edge" />
      </radialGradient>
      <linearGradient id="rim-sheen" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ffffff" stopOpacity="0.45" />
        <stop offset="0.5" stopColor="#ffffff" stopOpacity="0" />
        <stop offset="1" stopColor="#000000" stopOpacity="0.35" />
      </linearGradient>
      <radialGradient id="gloss" cx="0.3" cy="0.2" r="0.9">
        <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
        <stop offset="0.45" stopColor="#ffffff" stopOpacity="0" />
        <stop offset="0.85" stopColor="#000000" stopOpacity="0" />
        <stop offset="1" stopColor="#000000" stopOpacity="0.1" />
      </radialGradient>
    </defs>
    <circle className="rim" r={RIM_MIDDLE} />
    <circle className="rim-sheen" r={RIM_MIDDLE} stroke="url(#rim-sheen)" />
    <circle className="rim-edge" r={RADIUS} />
    {Array.from({ length: LIGHTS }, (_, light) => {
      const [x, y] = pointAt((light * 360) / LIGHTS, RIM_MIDDLE).split(' ');
      const odd = light % 2 === 1;
      return <circle key={`${x},${y}`} className={odd ? 'bulb odd' : 'bulb'} cx={x} cy={y} r="2.7" fill="url(#bulb)" />;
    })}
    <circle className="gloss" r={RADIUS} fill="url(#gloss)" />
  </>
);

/** The marker at the top that the chosen slice stops under. */
const pointer = (
  <span part="pointer" aria-hidden="true">
    <svg viewBox="0 0 40 52" aria-hidden="true" focusable="false">
      <path d="M20 50 L6.2 24.5 A16 16 0 1 1 33.8 24.5 Z" />
      <circle cx="20" cy="18" r="5.5" />
    </svg>
  </span>
);

/**
 * The spin wheel: one slice per prize, a pointer at the top, a Spin button at the hub (the wheel itself takes
 * clicks too). The face turns alone, as one layer: the rim, its lights and the gloss over it stay still. Played,
 * it turns 24 × 30° plus the offset that stops the chosen prize under the pointer (widget §4); the result follows
 * 7 s later.
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
  const index = snapshot.prize ? prizes.indexOf(snapshot.prize) : -1;
  // Marked once the result shows: the spin's own frame changes nothing on the face but its turn.
  const chosen = snapshot.state === 'won' || snapshot.state === 'lost' ? index : -1;
  // The face's slices and labels are drawn in the task after the wheel's first frame, which shows their colours
  // alone: the wheel's show is two tasks, not one long one.
  const faceDrawn = usePaintedSince(model !== null);
  // Laid out once per prize set, not at each of the game's renders, and not before the face is drawn.
  const labels = useMemo(() => (faceDrawn ? wheelLabels(prizes.map((prize) => prize.label)) : []), [faceDrawn, prizes]);
  // The same elements at each drawing of the face: marking the chosen slice at the result leaves the labels alone.
  const labelElements = useMemo(
    () => labels.map((layout) => <SliceLabel key={layout.rotation} layout={layout} />),
    [labels],
  );
  const face = useMemo(
    () => (faceDrawn ? faceOf(prizes, labelElements, chosen) : null),
    [faceDrawn, prizes, labelElements, chosen],
  );
  if (!model) return <SurfaceStyles />;
  const rotation = index >= 0 ? spinRotation(index, prizes.length, jitter) : 0;
  return (
    <>
      <SurfaceStyles />
      <div part="base" data-state={snapshot.state} dir={direction(language)} lang={language}>
        {pointer}
        {/* The wheel itself is the pointer's target; the Spin button is the keyboard's and screen readers' one. */}
        <div part="wheel" aria-hidden="true" data-disabled={idle ? undefined : ''} onClick={play}>
          <svg
            part="face"
            viewBox="-100 -100 200 200"
            aria-hidden="true"
            focusable="false"
            style={{ transform: `rotate(${rotation}deg)`, ...(face ? {} : facePlaceholder(prizes.length)) }}
            data-drawn={face ? '' : undefined}
            data-rotation={rotation}
          >
            {face}
          </svg>
          {/* Its lights blink from the frame after the one where the face starts to turn, which restyles nothing else. */}
          <svg
            className="frame"
            viewBox="-100 -100 200 200"
            aria-hidden="true"
            focusable="false"
            data-blinking={painted && snapshot.state === 'playing' ? '' : undefined}
          >
            {frameParts}
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
