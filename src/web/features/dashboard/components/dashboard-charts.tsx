import type { ComponentProps } from 'react';
import type { DashboardResponse } from '@contracts/dashboard';
import { DashboardCard } from './dashboard-card';
import { agentRateRows, weekdayRateRows } from '../utils/chart-data';
import { NoShowChart } from './no-show-chart';
import { PerDayChart } from './per-day-chart';

/** Appointments per day and the no-show rates, each chart with its table. */
export function DashboardCharts({ data, own }: { data: DashboardResponse; own: boolean }) {
  return (
    <>
      <DashboardCard
        title="Appointments per day"
        description="The last 30 and the next 30 days, by status."
      >
        <PerDayChart entries={data.perDay} today={data.date} />
      </DashboardCard>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <NoShowCard
          title={own ? 'Your no-show rate' : 'No-show rate by provider'}
          rows={agentRateRows(data.noShowByAgent)}
          rowHeader="Provider"
          caption="No-show rate by provider"
          layout="vertical"
        />
        <NoShowCard
          title="No-show rate by weekday"
          rows={weekdayRateRows(data.noShowByWeekday)}
          rowHeader="Weekday"
          caption="No-show rate by weekday"
          layout="horizontal"
        />
      </div>
    </>
  );
}

function NoShowCard({ title, ...chart }: { title: string } & ComponentProps<typeof NoShowChart>) {
  return (
    <DashboardCard
      title={title}
      description="Last 30 days, of visits with an outcome."
      className="min-w-0"
    >
      <NoShowChart {...chart} />
    </DashboardCard>
  );
}
