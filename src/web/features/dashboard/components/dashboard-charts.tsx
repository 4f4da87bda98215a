import type { DashboardResponse } from '@contracts/dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { agentRateRows, weekdayRateRows } from '../utils/chart-data';
import { NoShowChart } from './no-show-chart';
import { PerDayChart } from './per-day-chart';

/** Appointments per day and the no-show rates, each chart with its table. */
export function DashboardCharts({ data, own }: { data: DashboardResponse; own: boolean }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Appointments per day</CardTitle>
          <CardDescription>The last 30 and the next 30 days, by status.</CardDescription>
        </CardHeader>
        <CardContent>
          <PerDayChart entries={data.perDay} today={data.date} />
        </CardContent>
      </Card>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle level={2}>
              {own ? 'Your no-show rate' : 'No-show rate by provider'}
            </CardTitle>
            <CardDescription>Last 30 days, of visits with an outcome.</CardDescription>
          </CardHeader>
          <CardContent>
            <NoShowChart
              rows={agentRateRows(data.noShowByAgent)}
              rowHeader="Provider"
              caption="No-show rate by provider"
              layout="vertical"
            />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle level={2}>No-show rate by weekday</CardTitle>
            <CardDescription>Last 30 days, of visits with an outcome.</CardDescription>
          </CardHeader>
          <CardContent>
            <NoShowChart
              rows={weekdayRateRows(data.noShowByWeekday)}
              rowHeader="Weekday"
              caption="No-show rate by weekday"
              layout="horizontal"
            />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
