import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from 'shared-kernel/contracts';

export interface ChartSeries {
  key: string;
  label: string;
}

/**
 * A bar chart (SVG) of `data`, one bar per series in the §9 colours' order; `stacked` piles them up.
 * Decorative for assistive technologies: the table beside it holds the same numbers.
 */
export function BarsChart<T extends object>({
  data,
  x,
  series,
  stacked,
  format,
  label,
}: {
  data: T[];
  x: keyof T & string;
  series: ChartSeries[];
  stacked?: boolean;
  format?: (v: number) => string;
  label: string;
}) {
  const chart = (width?: number): ReactNode => (
    <BarChart data={data} width={width} height={width ? 280 : undefined} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={x as never} />
      <YAxis tickFormatter={format ? (v: number) => format(v) : undefined} width={90} />
      <Tooltip formatter={format ? (v) => format(Number(v)) : undefined} />
      {series.length > 1 && <Legend />}
      {series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={CHART_COLORS[i % CHART_COLORS.length]} stackId={stacked ? 'a' : undefined} />
      ))}
    </BarChart>
  );
  return (
    <figure aria-label={label} style={{ margin: 0, width: '100%', height: 280 }} aria-hidden="true">
      {typeof ResizeObserver === 'undefined' ? (
        chart(600)
      ) : (
        <ResponsiveContainer width="100%" height={280}>
          {chart() as React.ReactElement}
        </ResponsiveContainer>
      )}
    </figure>
  );
}
