import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import { directionOf } from '../i18n/strings.ts';
import { formatNumber, linePoints, type PlotSize } from '../insights/model.ts';

export interface ChartSeries {
  name: string;
  values: number[];
  dashed?: boolean;
}

const HEIGHT = 220;
const PADDING = 28;

/** The width of an element's box, followed as it changes (the chart draws at its card's width, text unscaled). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(240, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A line chart drawn as SVG, with its figures in a table behind it: the table is what screen readers read (the
 * drawing is hidden from them), and a button shows it on screen too. Nothing moves, so reduced motion needs nothing;
 * in Hebrew time runs from the right.
 */
export function LineChart({
  caption,
  labels,
  series,
  labelHeader,
}: {
  caption: string;
  labels: string[];
  series: ChartSeries[];
  labelHeader: string;
}) {
  const { t, language } = useLanguage();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const rtl = directionOf(language) === 'rtl';
  const [figure, width] = useWidth<HTMLElement>(640);
  const SIZE: PlotSize = { width, height: HEIGHT, padding: PADDING };
  const { points, max } = linePoints(
    series.map((line) => line.values),
    SIZE,
    rtl,
  );
  // A label every 110 pixels or so under the axis, each centred on its point, the first half a step in so that none
  // is cut at an end.
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(width / 110))));
  const labelled = (index: number) => index % every === Math.floor(every / 2);
  return (
    <figure className="chart" ref={figure}>
      <figcaption>
        <span>{caption}</span>
        <button
          type="button"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown(!tableShown)}
        >
          {tableShown ? t('hideTable') : t('showTable')}
        </button>
      </figcaption>
      <svg viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} aria-hidden="true" focusable="false" className="chart-plot">
        {[SIZE.padding, SIZE.padding + (SIZE.height - 2 * SIZE.padding) / 2].map((y) => (
          <line key={y} x1={SIZE.padding} x2={SIZE.width - SIZE.padding} y1={y} y2={y} className="grid" />
        ))}
        <line
          x1={SIZE.padding}
          x2={SIZE.width - SIZE.padding}
          y1={SIZE.height - SIZE.padding}
          y2={SIZE.height - SIZE.padding}
          className="axis"
        />
        <text
          x={rtl ? SIZE.width - SIZE.padding : SIZE.padding}
          y={SIZE.padding - 10}
          className="tick"
          textAnchor={rtl ? 'end' : 'start'}
        >
          {formatNumber(max, language)}
        </text>
        {points.map((line, index) => (
          <polyline
            key={series[index].name}
            points={line.map(([x, y]) => `${x},${y}`).join(' ')}
            className={`series series-${index}${series[index].dashed ? ' dashed' : ''}`}
          />
        ))}
        {points[0]?.map(([x], index) =>
          labelled(index) ? (
            <text key={labels[index]} x={x} y={SIZE.height - 8} className="tick" textAnchor="middle">
              {labels[index]}
            </text>
          ) : null,
        )}
      </svg>
      <ul className="legend" aria-hidden="true">
        {series.map((line, index) => (
          <li key={line.name}>
            <span className={`swatch series-${index}${line.dashed ? ' dashed' : ''}`} />
            {line.name}
          </li>
        ))}
      </ul>
      <div id={tableId} className={tableShown ? 'chart-table' : 'chart-table visually-hidden'}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((line) => (
                <th scope="col" key={line.name}>
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((line) => (
                  <td key={line.name}>{formatNumber(line.values[row] ?? 0, language)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
