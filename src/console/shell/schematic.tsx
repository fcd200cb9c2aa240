import type { ReactNode } from 'react';

/**
 * A small drawing of a pop-up kind on a page: where it sits and how much of the page it takes. Stands for a pop-up
 * (or a template) that has no picture of its own; decorative, the kind is said in words beside it.
 */
const PAGE = <rect x="0" y="0" width="160" height="100" fill="#f1f3f6" />;
const LINES = (
  <g fill="#dfe3ea">
    <rect x="14" y="14" width="60" height="6" rx="3" />
    <rect x="14" y="28" width="132" height="4" rx="2" />
    <rect x="14" y="38" width="120" height="4" rx="2" />
    <rect x="14" y="48" width="126" height="4" rx="2" />
    <rect x="14" y="58" width="100" height="4" rx="2" />
    <rect x="14" y="68" width="128" height="4" rx="2" />
    <rect x="14" y="78" width="90" height="4" rx="2" />
  </g>
);

function Panel({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx="5" fill="#fff" stroke="#4f46e5" strokeWidth="1.5" />
      <rect x={x + w * 0.2} y={y + h * 0.22} width={w * 0.6} height={Math.max(3, h * 0.1)} rx="2" fill="#4f46e5" />
      {h > 24 && (
        <rect x={x + w * 0.15} y={y + h * 0.48} width={w * 0.7} height={Math.max(3, h * 0.08)} rx="2" fill="#c7cbff" />
      )}
      {h > 24 && (
        <rect x={x + w * 0.3} y={y + h * 0.68} width={w * 0.4} height={Math.max(4, h * 0.13)} rx="3" fill="#4f46e5" />
      )}
    </g>
  );
}

const SHAPES: Record<string, ReactNode> = {
  lightbox: (
    <>
      <rect width="160" height="100" fill="#141a24" opacity=".12" />
      <Panel x={45} y={18} w={70} h={64} />
    </>
  ),
  gamified: (
    <>
      <rect width="160" height="100" fill="#141a24" opacity=".12" />
      <circle cx="80" cy="50" r="32" fill="#fff" stroke="#4f46e5" strokeWidth="1.5" />
      <path d="M80 18v64M48 50h64M57 27l46 46M103 27 57 73" stroke="#c7cbff" strokeWidth="1.5" />
      <circle cx="80" cy="50" r="6" fill="#4f46e5" />
    </>
  ),
  fullpage: <Panel x={6} y={6} w={148} h={88} />,
  bar: <Panel x={0} y={0} w={160} h={18} />,
  browsing: <Panel x={0} y={82} w={160} h={18} />,
  sside: <Panel x={96} y={46} w={56} h={46} />,
  bside: <Panel x={8} y={46} w={56} h={46} />,
  mobile: <Panel x={20} y={56} w={120} h={44} />,
  social: (
    <g fill="#4f46e5">
      <rect x="6" y="30" width="14" height="12" rx="3" />
      <rect x="6" y="45" width="14" height="12" rx="3" opacity=".7" />
      <rect x="6" y="60" width="14" height="12" rx="3" opacity=".45" />
    </g>
  ),
  embedded: <Panel x={14} y={40} w={132} h={30} />,
  content: (
    <>
      <rect x="0" y="42" width="160" height="58" fill="#fff" opacity=".85" />
      <Panel x={40} y={50} w={80} h={42} />
    </>
  ),
};

export function KindSchematic({ kind, className = 'schematic' }: { kind: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 160 100" aria-hidden="true" focusable="false" data-kind={kind}>
      {PAGE}
      {LINES}
      {SHAPES[kind] ?? SHAPES.lightbox}
    </svg>
  );
}
