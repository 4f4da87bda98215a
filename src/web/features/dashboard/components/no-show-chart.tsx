import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { percent, type RateRow } from '../utils/chart-data';
import { DataTable, type Column } from './data-table';

/** A no-show rate per agent or per weekday, as bars with the same numbers behind a toggle. */
export function NoShowChart({
  rows,
  rowHeader,
  caption,
  layout,
}: {
  rows: readonly RateRow[];
  rowHeader: string;
  caption: string;
  /** 'vertical' bars run sideways, which suits long names. */
  layout: 'vertical' | 'horizontal';
}) {
  const columns: Array<Column<RateRow>> = [
    { header: rowHeader, cell: (row) => row.label },
    { header: 'Visits with an outcome', cell: (row) => row.total, numeric: true },
    { header: 'No-shows', cell: (row) => row.noShows, numeric: true },
    { header: 'No-show rate', cell: (row) => percent(row.rate), numeric: true },
  ];
  if (rows.every((row) => row.total === 0)) {
    return <p className="py-6 text-sm text-muted-foreground">No visits with an outcome yet.</p>;
  }
  const summary = `${caption}: ${rows.map((r) => `${r.label} ${percent(r.rate)}`).join(', ')}.`;
  const tick = { fontSize: 11, fill: 'var(--muted-foreground)' };
  const sideways = layout === 'vertical';
  return (
    <figure>
      <div
        role="img"
        aria-label={summary}
        className="w-full"
        style={{ height: sideways ? Math.max(160, rows.length * 36 + 40) : 224 }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={[...rows]}
            layout={layout}
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke="var(--border)" horizontal={!sideways} vertical={sideways} />
            {sideways ? (
              <>
                <XAxis type="number" unit="%" tick={tick} tickLine={false} />
                <YAxis type="category" dataKey="label" width={120} tick={tick} tickLine={false} />
              </>
            ) : (
              <>
                <XAxis
                  dataKey="label"
                  tick={tick}
                  tickLine={false}
                  tickFormatter={(label: string) => label.slice(0, 3)}
                />
                <YAxis unit="%" tick={tick} tickLine={false} axisLine={false} width={48} />
              </>
            )}
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              formatter={(_value, _name, item) => [
                `${percent((item.payload as RateRow).rate)} (${(item.payload as RateRow).noShows} of ${(item.payload as RateRow).total})`,
                'No-show rate',
              ]}
              contentStyle={{
                background: 'var(--popover)',
                borderColor: 'var(--border)',
                borderRadius: 8,
                fontSize: 12,
              }}
            />
            <Bar
              dataKey="percentValue"
              name="No-show rate"
              fill="var(--destructive)"
              radius={sideways ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.key} />
    </figure>
  );
}
