import { CURRENCY, money } from '#web/lib/store-config';
import { ordersText, type Bucket, type BucketUnit } from './sales-range-buckets';
import { axisLabels, compactNumber, niceTicks } from './sales-range-scale';
import styles from './sales-range-chart.module.css';

/**
 * Revenue per bar, drawn by hand in SVG (a chart library would weigh more than the whole dashboard). The
 * SVG holds only the bars and grid lines and stretches to its box (preserveAspectRatio="none"); the axis
 * labels are HTML laid over it, so their text keeps its size at any width instead of shrinking with the
 * drawing. To assistive tech the whole figure is one image named by a summary; the table beside it
 * (Show as table) carries every figure.
 */
interface Props {
  buckets: readonly Bucket[];
  unit: BucketUnit;
  summary: string;
}

/** At least this many bar slots, so a range of one or two days does not draw a bar as wide as the card. */
const MIN_SLOTS = 6;
const HEIGHT = 100;

const percent = (n: number) => `${Math.round(n * 10_000) / 100}%`;

export function SalesRangeChart({ buckets, unit, summary }: Props) {
  const n = buckets.length;
  const slots = Math.max(n, MIN_SLOTS);
  const offset = (slots - n) / 2;
  const ticks = niceTicks(Math.max(...buckets.map((b) => b.revenue), 0));
  const top = ticks[ticks.length - 1] ?? 1;
  const gap = n > 60 ? 0.1 : 0.25;
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;

  return (
    <div className={styles.chart} role="img" aria-label={summary}>
      <span className={styles.unit}>{CURRENCY}</span>
      <div className={styles.yAxis}>
        {ticks.map((t) => (
          <span key={t} className={styles.yTick} style={{ bottom: percent(t / top) }}>
            {compactNumber(t)}
          </span>
        ))}
      </div>
      <div className={styles.plot}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${slots} ${HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          {ticks.map((t) => (
            <line
              key={t}
              className={t === 0 ? styles.baseline : styles.grid}
              x1={0}
              x2={slots}
              y1={y(t)}
              y2={y(t)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {buckets.map((b, i) =>
            b.revenue > 0 ? (
              <rect
                key={b.key}
                className={styles.bar}
                x={offset + i + gap / 2}
                width={1 - gap}
                // A sliver of a day still shows as a bar, never as nothing.
                y={Math.min(y(b.revenue), HEIGHT - 1)}
                height={Math.max(HEIGHT - y(b.revenue), 1)}
              >
                <title>{`${b.label}: ${money(b.revenue)}, ${ordersText(b.orders)}`}</title>
              </rect>
            ) : null,
          )}
        </svg>
      </div>
      <div className={styles.xAxis} data-unit={unit}>
        {axisLabels(n).map(({ index, minor }) => {
          const at = (offset + index + 0.5) / slots;
          const edge = at < 0.08 ? styles.start : at > 0.92 ? styles.end : '';
          return (
            <span
              key={index}
              className={`${styles.xTick} ${edge} ${minor ? styles.minor : ''}`}
              style={{ left: percent(at) }}
            >
              {buckets[index]?.short}
            </span>
          );
        })}
      </div>
    </div>
  );
}
