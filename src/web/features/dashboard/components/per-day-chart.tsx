import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PerDayEntry } from '@contracts/dashboard';
import {
  CHART_STATUSES,
  STATUS_FILLS,
  STATUS_NAMES,
  perDayRows,
  shortDate,
  type PerDayRow,
} from '../utils/chart-data';
import { DataTable, type Column } from './data-table';

const TABLE_COLUMNS: Array<Column<PerDayRow>> = [
  { header: 'Date', cell: (row) => row.label },
  ...CHART_STATUSES.map((status) => ({
    header: STATUS_NAMES[status],
    cell: (row: PerDayRow) => row[status],
    numeric: true,
  })),
  { header: 'Total', cell: (row) => row.total, numeric: true },
];

/** Appointments per local day, 30 days back and 30 ahead, stacked by status. */
export function PerDayChart({
  entries,
  today,
}: {
  entries: readonly PerDayEntry[];
  today: string;
}) {
  const rows = perDayRows(entries);
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  const first = rows[0]?.label ?? '';
  const last = rows[rows.length - 1]?.label ?? '';
  const summary = `${total.toLocaleString('en-US')} appointments from ${first} to ${last}, by day and status.`;
  return (
    <figure>
      <div role="img" aria-label={summary} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            margin={{ top: 20, right: 8, bottom: 0, left: -16 }}
            barCategoryGap={1}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
              tickLine={false}
              interval="preserveStartEnd"
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              contentStyle={{
                background: 'var(--popover)',
                borderColor: 'var(--border)',
                borderRadius: 8,
                fontSize: 12,
              }}
            />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              itemSorter={null}
              formatter={(value: string) => (
                <span style={{ color: 'var(--foreground)' }}>{value}</span>
              )}
            />
            <ReferenceLine
              x={shortDate(today)}
              stroke="var(--foreground)"
              strokeDasharray="3 3"
              label={{ value: 'Today', position: 'top', fontSize: 11, fill: 'var(--foreground)' }}
            />
            {CHART_STATUSES.map((status) => (
              <Bar
                key={status}
                dataKey={status}
                name={STATUS_NAMES[status]}
                stackId="day"
                fill={STATUS_FILLS[status]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <DataTable
        caption="Appointments per day by status"
        columns={TABLE_COLUMNS}
        rows={rows}
        rowKey={(row) => row.date}
      />
    </figure>
  );
}
