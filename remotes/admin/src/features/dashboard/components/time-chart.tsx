import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayOfSeconds, daySeconds, shortDay } from '../dashboard-view';

export interface TimeSeries {
  label: string;
  values: number[];
  color: string;
}

export interface TimeChartProps {
  days: string[];
  series: TimeSeries[];
  locale: string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  summary: string;
  /** The legend's name of the days ('Day'). */
  dayLabel: string;
  height?: number;
}

/** Whole numbers only on the value axis: counts have no halves. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];
/** Ticks fall on whole days (uPlot would otherwise put two on a day in a week's chart). */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182].map((days) => days * 86_400);
const AXIS = { stroke: '#595959', grid: { stroke: '#f0f0f0', width: 1 }, ticks: { stroke: '#f0f0f0', width: 1 } };

/**
 * A line chart over days (uPlot: 23 KiB gzip, canvas; docs/decisions/dashboard.md), loaded on its own after the
 * figures. Days are UTC days, labelled in the reader's language; the width follows its card.
 */
export default function TimeChart({ days, series, locale, summary, dayLabel, height = 240 }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const numbers = new Intl.NumberFormat(locale);
    // Ticks as 26/10 (10/26 in English): a phone fits five of them; the legend gives the day in words.
    const tick = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      // The x values are UTC midnights: ticks and labels in UTC, whatever the browser's zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] } },
      series: [
        { label: dayLabel, value: (_u, v) => (v == null ? '' : shortDay(dayOfSeconds(v), locale)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: series.length === 1 ? `${s.color}1f` : undefined,
          width: 2,
          points: { show: days.length <= 31, size: 5 },
          value: (_u: uPlot, v: number | null) => (v == null ? '' : numbers.format(v)),
        })),
      ],
      axes: [
        { ...AXIS, space: 56, incrs: DAY_STEPS, values: (_u, splits) => splits.map((s) => tick.format(new Date(s * 1000))) },
        { ...AXIS, incrs: COUNT_STEPS, size: 48, values: (_u, splits) => splits.map((n) => numbers.format(n)) },
      ],
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
    };
    const chart = new uPlot(options, [days.map(daySeconds), ...series.map((s) => s.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, locale, dayLabel, height]);

  return <div ref={box} className="vt-dashboard__chart" role="img" aria-label={summary} />;
}
