import { useLayoutEffect, useRef } from 'react';
import { remainingFraction, seededRandom, shouldReveal } from '../../core/games/index.ts';
import { direction } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useGame } from './use-game.ts';

const BRUSH_RADIUS = 20;
/** Coverage is sampled on every 7th pixel: exact enough for the 50% rule, cheap enough while dragging. */
const COVERAGE_SAMPLE_STEP = 7;
/** Coverage is measured every so many strokes while dragging, and always when the pen lifts. */
const STROKES_PER_CHECK = 6;

/** Grains of the foil's texture per 100 square pixels. */
const GRAINS_PER_AREA = 1.2;

/**
 * The silver foil, drawn once for its size: the cover's colour under bands of sheen, a grain that is the same on
 * every card (a fixed seed, and no draw from the page's Math.random), and the hint, embossed.
 */
function drawCover(canvas: HTMLCanvasElement, text: string): void {
  // Layout size, not the drawn box: a pop-up's entry animation scales the card for a moment.
  canvas.width = Math.max(1, canvas.offsetWidth);
  canvas.height = Math.max(1, canvas.offsetHeight);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return;
  const { width, height } = canvas;
  const style = getComputedStyle(canvas);
  context.globalCompositeOperation = 'source-over';
  context.fillStyle = style.getPropertyValue('--poptin-scratch-cover').trim() || '#b8bdc6';
  context.fillRect(0, 0, width, height);
  const sheen = context.createLinearGradient(0, 0, width, height);
  sheen.addColorStop(0, 'rgba(255,255,255,0.55)');
  sheen.addColorStop(0.3, 'rgba(255,255,255,0.05)');
  sheen.addColorStop(0.48, 'rgba(255,255,255,0.5)');
  sheen.addColorStop(0.7, 'rgba(0,0,0,0.12)');
  sheen.addColorStop(1, 'rgba(255,255,255,0.35)');
  context.fillStyle = sheen;
  context.fillRect(0, 0, width, height);
  const random = seededRandom(width * 7919 + height);
  for (let grain = Math.round((width * height * GRAINS_PER_AREA) / 100); grain > 0; grain--) {
    context.fillStyle = random() < 0.5 ? 'rgba(255,255,255,0.35)' : 'rgba(0,0,0,0.1)';
    context.fillRect(random() * width, random() * height, 1 + random() * 1.5, 1);
  }
  const size = Math.max(14, Math.round(height / 5.5));
  context.font = `800 ${size}px ${style.fontFamily || 'sans-serif'}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = 'rgba(255,255,255,0.75)';
  context.fillText(text, width / 2 + 1, height / 2 + 1);
  context.fillStyle = style.getPropertyValue('--poptin-scratch-cover-text').trim() || '#4b5563';
  context.fillText(text, width / 2, height / 2);
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
        <div className="ticket">
          <div part="card" role="group" aria-label={translate(language, 'scratchCardLabel')}>
            <div part="scratch-area">
              <p part="prize" aria-hidden={snapshot.revealed ? undefined : 'true'}>
                {prize ? prize.label || prize.code : ''}
              </p>
              <canvas part="cover" ref={canvasRef} aria-hidden="true" />
            </div>
          </div>
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
