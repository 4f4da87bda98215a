import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateWithWeekday } from '@domain/format';
import { wallClockToUtc } from '@domain/zoned-time';
import { PageHeader } from '@web/components/page-header';
import { LoadErrorRow } from '@web/components/table-states';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import { dashboardQueryOptions } from '../api/get-dashboard';
import { useNow } from '@web/hooks/use-now';
import { ClinicPicker } from '@web/components/clinic-picker';
import { CountsCards } from './counts-cards';
import { DashboardCharts } from './dashboard-charts';
import { DashboardLists } from './dashboard-lists';
import { DashboardSkeleton } from './dashboard-skeleton';
import { WaitlistSummary } from './waitlist-summary';

/**
 * The signed-in user's day (a provider's or nurse's own; everyone else's clinics'): counts,
 * today, what comes next, what still needs marking, and the month around today in charts.
 */
export function DashboardPage() {
  const { user, canQuery } = useSession();
  const timeZone = useViewerTimeZone();
  const now = useNow();
  const [clinic, setClinic] = useState<string | undefined>(undefined);
  const query = useQuery({
    ...dashboardQueryOptions({ timezone: timeZone, clinic }),
    enabled: canQuery,
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  const own = data?.scope === 'own';
  // Noon of the dashboard's date names the day without any risk of landing on a neighbour.
  const day = data
    ? formatDateWithWeekday(wallClockToUtc(data.date, 12 * 60, timeZone), timeZone)
    : '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={data ? `${own ? 'Your day' : 'Your clinics’ day'}: ${day}` : undefined}
        actions={
          !own && user && user.clinics.length > 1 ? (
            <ClinicPicker clinics={user.clinics} value={clinic} onChange={setClinic} />
          ) : undefined
        }
      />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <LoadErrorRow message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <CountsCards counts={query.data.counts} staffId={own ? user?.id : undefined} />
          <WaitlistSummary
            timeZone={timeZone}
            clinic={clinic}
            enabled={canQuery}
            bookedOnline={query.data.bookedOnline}
          />
          <DashboardLists
            data={query.data}
            now={now}
            timeZone={timeZone}
            ownStaffId={own ? user?.id : undefined}
            clinic={clinic}
          />
          <DashboardCharts data={query.data} own={own} />
        </>
      )}
    </div>
  );
}
