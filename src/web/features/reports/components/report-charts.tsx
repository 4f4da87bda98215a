import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatPercent } from '../utils/report-format';
import type { ReportLine } from './report-table';

const tick = { fontSize: 11, fill: 'var(--muted-foreground)' };
const tooltipStyle = {
  background: 'var(--popover)',
  borderColor: 'var(--border)',
  borderRadius: 8,
  fontSize: 12,
};

/**
 * Visits over the weeks or months: booked, attended, no-shows and cancellations side by side.
 * The chart is an image with a summary for screen readers; the table beside it has the numbers.
 */
export function OutcomesChart({
  lines,
  caption,
}: {
  lines: readonly ReportLine[];
  caption: string;
}) {
  const data = lines.map((l) => ({
    label: l.label,
    Booked: l.figures.booked,
    Attended: l.figures.attended,
    'No-shows': l.figures.noShows,
    Cancelled: l.figures.cancelled,
  }));
  const summary = `${caption}: ${lines
    .map(
      (l) =>
        `${l.label} ${formatCount(l.figures.booked)} booked, ${formatCount(l.figures.noShows)} no-shows`,
    )
    .join('; ')}.`;
  return (
    <div role="img" aria-label={summary} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={tick} tickLine={false} />
          <YAxis
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={48}
            allowDecimals={false}
            tickFormatter={formatCount}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={tooltipStyle}
            formatter={(v) => formatCount(Number(v))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="Booked"
            fill="var(--chart-1, #2563eb)"
            isAnimationActive={false}
            maxBarSize={24}
          />
          <Bar
            dataKey="Attended"
            fill="var(--chart-2, #16a34a)"
            isAnimationActive={false}
            maxBarSize={24}
          />
          <Bar
            dataKey="No-shows"
            fill="var(--destructive)"
            isAnimationActive={false}
            maxBarSize={24}
          />
          <Bar
            dataKey="Cancelled"
            fill="var(--muted-foreground)"
            isAnimationActive={false}
            maxBarSize={24}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Each line's no-show rate and, where the lines are agents' hours, its utilisation, as sideways
 * bars (names are long). Rates as percentages in the viewer's locale.
 */
export function RatesChart({ lines, caption }: { lines: readonly ReportLine[]; caption: string }) {
  const withHours = lines.some((l) => l.figures.utilisation !== null);
  const data = lines.map((l) => ({
    label: l.label,
    'No-show rate': l.figures.noShowRate,
    ...(withHours ? { Utilisation: l.figures.utilisation ?? 0 } : {}),
  }));
  const summary = `${caption}: ${lines
    .map(
      (l) =>
        `${l.label} no-show rate ${formatPercent(l.figures.noShowRate)}${withHours ? `, utilisation ${formatPercent(l.figures.utilisation)}` : ''}`,
    )
    .join('; ')}.`;
  return (
    <div
      role="img"
      aria-label={summary}
      className="w-full"
      style={{ height: Math.max(160, lines.length * 44 + 60) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" horizontal={false} />
          <XAxis
            type="number"
            tick={tick}
            tickLine={false}
            tickFormatter={(v: number) => formatPercent(v)}
          />
          <YAxis type="category" dataKey="label" width={140} tick={tick} tickLine={false} />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={tooltipStyle}
            formatter={(v) => formatPercent(Number(v))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="No-show rate"
            fill="var(--destructive)"
            isAnimationActive={false}
            maxBarSize={16}
          />
          {withHours && (
            <Bar
              dataKey="Utilisation"
              fill="var(--chart-1, #2563eb)"
              isAnimationActive={false}
              maxBarSize={16}
            />
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
