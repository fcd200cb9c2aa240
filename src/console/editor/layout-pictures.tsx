import type { PopupType } from '../../core/config/types.ts';
import type { Horizontal, Vertical } from '../../core/popup/layout.ts';
import type { FormatChoiceId } from './model/formats.ts';

/** Small schematics of a page (64×44) with the pop-up drawn where each kind puts it: for the eyes only. */
const PAGE = <rect x="1" y="1" width="62" height="42" rx="4" className="pic-page" />;
const LINES = (
  <g className="pic-lines">
    <rect x="8" y="8" width="30" height="3" rx="1.5" />
    <rect x="8" y="14" width="44" height="3" rx="1.5" />
    <rect x="8" y="32" width="40" height="3" rx="1.5" />
  </g>
);

const SHAPES: Record<PopupType, React.ReactNode> = {
  lightbox: (
    <>
      {LINES}
      <rect x="1" y="1" width="62" height="42" rx="4" className="pic-dim" />
      <rect x="20" y="11" width="24" height="22" rx="3" className="pic-popup" />
    </>
  ),
  bar: (
    <>
      {LINES}
      <rect x="1" y="1" width="62" height="8" rx="2" className="pic-popup" />
    </>
  ),
  sside: (
    <>
      {LINES}
      <rect x="40" y="14" width="20" height="26" rx="3" className="pic-popup" />
    </>
  ),
  bside: (
    <>
      {LINES}
      <rect x="44" y="26" width="16" height="14" rx="3" className="pic-popup" />
    </>
  ),
  fullpage: <rect x="4" y="4" width="56" height="36" rx="3" className="pic-popup" />,
  embedded: (
    <>
      {LINES}
      <rect x="8" y="20" width="48" height="9" rx="2" className="pic-popup" />
    </>
  ),
  content: (
    <>
      <g className="pic-lines">
        <rect x="8" y="6" width="48" height="3" rx="1.5" />
        <rect x="8" y="11" width="40" height="3" rx="1.5" />
      </g>
      <rect x="8" y="18" width="48" height="20" rx="2" className="pic-popup" />
    </>
  ),
  mobile: (
    <>
      <rect x="22" y="3" width="20" height="38" rx="4" className="pic-phone" />
      <rect x="22" y="26" width="20" height="15" rx="3" className="pic-popup" />
    </>
  ),
  social: (
    <>
      {LINES}
      <g className="pic-popup">
        <circle cx="6" cy="14" r="3" />
        <circle cx="6" cy="22" r="3" />
        <circle cx="6" cy="30" r="3" />
      </g>
    </>
  ),
  browsing: (
    <>
      {LINES}
      <rect x="1" y="37" width="62" height="6" rx="2" className="pic-popup" />
    </>
  ),
  gamified: (
    <>
      {LINES}
      <rect x="1" y="1" width="62" height="42" rx="4" className="pic-dim" />
      <circle cx="32" cy="22" r="13" className="pic-popup" />
      <path d="M32 9v26M19 22h26M23 13l18 18M41 13L23 31" className="pic-spokes" />
    </>
  ),
};

export function KindPicture({ kind }: { kind: PopupType }) {
  return (
    <svg viewBox="0 0 64 44" width="64" height="44" aria-hidden="true" focusable="false" className="pic">
      {PAGE}
      {SHAPES[kind]}
    </svg>
  );
}

const X: Record<Horizontal, number> = { left: 6, center: 23, right: 40 };
const Y: Record<Vertical, number> = { top: 5, middle: 15, bottom: 25 };

export function PositionPicture({ vertical, horizontal }: { vertical: Vertical; horizontal: Horizontal }) {
  return (
    <svg viewBox="0 0 64 44" width="48" height="33" aria-hidden="true" focusable="false" className="pic">
      {PAGE}
      <rect x={X[horizontal]} y={Y[vertical]} width="18" height="14" rx="2" className="pic-popup" />
    </svg>
  );
}

const FORMAT_SHAPES: Record<FormatChoiceId, React.ReactNode> = {
  // Social buttons gliding in from the edge, with their motion drawn behind them.
  'slides-in': (
    <>
      {LINES}
      <g className="pic-motion">
        <rect x="2" y="13" width="6" height="2" rx="1" />
        <rect x="2" y="21" width="6" height="2" rx="1" />
        <rect x="2" y="29" width="6" height="2" rx="1" />
      </g>
      <g className="pic-popup">
        <circle cx="13" cy="14" r="3" />
        <circle cx="13" cy="22" r="3" />
        <circle cx="13" cy="30" r="3" />
      </g>
    </>
  ),
  // The same buttons, simply there.
  appears: (
    <>
      {LINES}
      <g className="pic-popup">
        <circle cx="6" cy="14" r="3" />
        <circle cx="6" cy="22" r="3" />
        <circle cx="6" cy="30" r="3" />
      </g>
    </>
  ),
  // A phone's sheet with a field and its button.
  'sends-form': (
    <>
      <rect x="22" y="3" width="20" height="38" rx="4" className="pic-phone" />
      <rect x="22" y="22" width="20" height="19" rx="3" className="pic-popup" />
      <rect x="25" y="26" width="14" height="4" rx="1" className="pic-field" />
      <rect x="25" y="32" width="14" height="4" rx="1" className="pic-field" />
    </>
  ),
  // A phone's sheet whose one button is a call.
  calls: (
    <>
      <rect x="22" y="3" width="20" height="38" rx="4" className="pic-phone" />
      <rect x="22" y="22" width="20" height="19" rx="3" className="pic-popup" />
      <path
        d="M29 27.5c.6 2.6 2.4 4.4 5 5l1.2-1.2c.3-.3.7-.3 1 0l1.3 1c.3.3.3.7 0 1l-.9.9c-3.6.6-8.8-4.6-8.2-8.2l.9-.9c.3-.3.7-.3 1 0l1 1.3c.3.3.3.7 0 1z"
        className="pic-field"
      />
    </>
  ),
};

export function FormatPicture({ choice }: { choice: FormatChoiceId }) {
  return (
    <svg viewBox="0 0 64 44" width="64" height="44" aria-hidden="true" focusable="false" className="pic">
      {PAGE}
      {FORMAT_SHAPES[choice]}
    </svg>
  );
}

/** A bar or a phone's sheet along the top or the bottom edge. */
export function EdgePicture({ kind, vertical }: { kind: 'bar' | 'mobile'; vertical: Vertical }) {
  const top = vertical === 'top';
  return (
    <svg viewBox="0 0 64 44" width="48" height="33" aria-hidden="true" focusable="false" className="pic">
      {PAGE}
      {kind === 'bar' ? (
        <rect x="1" y={top ? 1 : 35} width="62" height="8" rx="2" className="pic-popup" />
      ) : (
        <>
          <rect x="22" y="3" width="20" height="38" rx="4" className="pic-phone" />
          <rect x="22" y={top ? 3 : 28} width="20" height="13" rx="3" className="pic-popup" />
        </>
      )}
    </svg>
  );
}
