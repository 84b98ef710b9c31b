// A small accessible SVG bar chart (no chart library in the workspace): one bar per value, labelled, scaled to the
// largest; the figure's caption says the values in words for screen readers and the svg itself is one image.
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
  /** the value as shown ('868,33 €') */
  text: string;
  color: string;
}

const W = 320;
const H = 200;
const TOP = 24;
const BOTTOM = 28;

export function BarChart({ title, description, bars }: { title: string; description: string; bars: Bar[] }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(...bars.map((b) => b.value), 0);
  const slot = W / bars.length;
  const barWidth = Math.min(96, slot * 0.6);
  const scale = (v: number) => (max > 0 ? (Math.max(v, 0) / max) * (H - TOP - BOTTOM) : 0);
  return (
    <figure className="wzr-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} preserveAspectRatio="xMidYMid meet">
        <desc id={descId}>{description}</desc>
        <line x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} stroke="#bfbfbf" />
        {bars.map((b, i) => {
          const h = scale(b.value);
          const x = slot * i + (slot - barWidth) / 2;
          const y = H - BOTTOM - h;
          return (
            <g key={b.label} data-testid={`bar-${i}`} data-height={h.toFixed(1)}>
              <rect x={x} y={y} width={barWidth} height={h} fill={b.color} rx={4} />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" fontSize="13" fill="#1f1f1f">
                {b.text}
              </text>
              <text x={x + barWidth / 2} y={H - 8} textAnchor="middle" fontSize="13" fill="#1f1f1f">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
