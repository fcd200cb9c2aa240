import { useLayoutEffect, useRef } from 'react';
import { remainingFraction, shouldReveal } from '../../core/games/index.ts';
import { direction } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useGame } from './use-game.ts';

const BRUSH_RADIUS = 20;
/** Coverage is sampled on every 7th pixel: exact enough for the 50% rule, cheap enough while dragging. */
const COVERAGE_SAMPLE_STEP = 7;
/** Coverage is measured every so many strokes while dragging, and always when the pen lifts. */
const STROKES_PER_CHECK = 6;

function drawCover(canvas: HTMLCanvasElement, text: string): void {
  // Layout size, not the drawn box: a pop-up's entry animation scales the card for a moment.
  canvas.width = Math.max(1, canvas.offsetWidth);
  canvas.height = Math.max(1, canvas.offsetHeight);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return;
  const style = getComputedStyle(canvas);
  context.globalCompositeOperation = 'source-over';
  context.fillStyle = style.getPropertyValue('--poptin-scratch-cover').trim() || '#9ca3af';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = style.getPropertyValue('--poptin-scratch-cover-text').trim() || '#ffffff';
  context.font = `600 ${Math.max(14, Math.round(canvas.height / 7))}px ${style.fontFamily || 'sans-serif'}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
}

/**
 * The scratch card (gamified format_2): a cover the visitor scratches away with mouse, touch or pen over
 * the prize picked at the first stroke. With 50% or less of the cover left it is revealed, and the result
 * follows 3 s later (widget §4). A "reveal" button is the keyboard and screen-reader way to the same end.
 */
export function ScratchCardView(): React.JSX.Element {
  const { model, snapshot, language, spoken, play, reveal } = useGame('scratch-card');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const coverText = translate(language, 'scratchCardCover');
  // The drag's listeners stay bound for the whole game: they reach the current callbacks through this ref.
  const current = useRef({ play, reveal, started: false });
  useLayoutEffect(() => {
    current.current = { play, reveal, started: snapshot.state !== 'idle' };
  });

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A pop-up prepares its template hidden, where the card has no size yet: the cover is drawn again
    // whenever the card changes size until the visitor starts scratching.
    const redraw = () => {
      if (!current.current.started) drawCover(canvas, coverText);
    };
    redraw();
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(redraw) : null;
    resized?.observe(canvas);
    let drawing = false;
    let strokes = 0;
    let last: { x: number; y: number } | null = null;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const pointOf = (event: PointerEvent) => {
      const box = canvas.getBoundingClientRect();
      return {
        x: ((event.clientX - box.left) * canvas.width) / Math.max(1, box.width),
        y: ((event.clientY - box.top) * canvas.height) / Math.max(1, box.height),
      };
    };
    const checkCoverage = () => {
      if (!context) return;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      if (shouldReveal(remainingFraction(data, COVERAGE_SAMPLE_STEP))) current.current.reveal();
    };
    const scratch = (event: PointerEvent) => {
      if (!context) return;
      const point = pointOf(event);
      context.globalCompositeOperation = 'destination-out';
      context.lineWidth = BRUSH_RADIUS * 2;
      context.lineCap = 'round';
      context.beginPath();
      context.moveTo(last?.x ?? point.x, last?.y ?? point.y);
      context.lineTo(point.x, point.y);
      context.stroke();
      last = point;
      strokes += 1;
      if (strokes % STROKES_PER_CHECK === 0) checkCoverage();
    };
    const down = (event: PointerEvent) => {
      // A locked card (or one with nothing to win) keeps its cover whole.
      if (!current.current.play() && !current.current.started) return;
      drawing = true;
      last = null;
      canvas.setPointerCapture?.(event.pointerId);
      scratch(event);
    };
    const move = (event: PointerEvent) => {
      if (drawing) scratch(event);
    };
    const up = () => {
      if (!drawing) return;
      drawing = false;
      checkCoverage();
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    return () => {
      resized?.disconnect();
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
    };
  }, [model, coverText]);

  if (!model) return <SurfaceStyles />;
  const prize = snapshot.prize;
  const revealNow = () => {
    play();
    reveal();
  };
  return (
    <>
      <SurfaceStyles />
      <div
        part="base"
        data-state={snapshot.state}
        data-revealed={snapshot.revealed ? '' : undefined}
        dir={direction(language)}
        lang={language}
      >
        <div part="card" role="group" aria-label={translate(language, 'scratchCardLabel')}>
          <p part="prize" aria-hidden={snapshot.revealed ? undefined : 'true'}>
            {prize ? prize.label || prize.code : ''}
          </p>
          <canvas part="cover" ref={canvasRef} aria-hidden="true" />
        </div>
        <button type="button" part="reveal-button" onClick={revealNow} disabled={snapshot.revealed}>
          {translate(language, 'scratchCardReveal')}
        </button>
        <p className="visually-hidden" aria-live="polite">
          {spoken}
        </p>
      </div>
    </>
  );
}
