import {
  COUNT_BUCKETS,
  type AppointmentCounts,
  type CountBucket,
} from '@domain/appointment-status';
import { formatCount } from '@domain/format';
import { ScrollRow } from '@web/components/scroll-row';
import { Tabs, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/utils';

export const BUCKET_LABELS = {
  all: 'All',
  upcoming: 'Upcoming',
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
} as const satisfies Record<CountBucket, string>;

/**
 * How each tab's list is ordered, as the server orders it: what is to come soonest first, what
 * has happened most recent first, and a tab that mixes both from today outwards.
 */
export const BUCKET_ORDER = {
  all: 'Upcoming first, soonest at the top; then past, most recent first.',
  upcoming: 'Soonest first.',
  pending: 'Most recent first.',
  completed: 'Most recent first.',
  cancelled: 'Upcoming first, soonest at the top; then past, most recent first.',
  no_show: 'Most recent first.',
} as const satisfies Record<CountBucket, string>;

/** The status filter with each bucket's count; the list below is the tabs' one panel. */
export function StatusTabs({
  value,
  counts,
  loading,
  onChange,
  panelId,
}: {
  value: CountBucket;
  /** Undefined while unknown (first load, or the last request failed): no made-up zeros. */
  counts: AppointmentCounts | undefined;
  loading: boolean;
  onChange: (value: CountBucket) => void;
  panelId: string;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next as CountBucket)}>
      {/* Six tabs do not fit a phone: the row scrolls sideways instead of wrapping. */}
      <ScrollRow>
        <TabsList aria-label="Appointment status" className="h-10">
          {COUNT_BUCKETS.map((bucket) => (
            <TabsTrigger
              key={bucket}
              value={bucket}
              aria-controls={panelId}
              className="px-3"
              data-testid={`status-tab-${bucket}`}
            >
              {BUCKET_LABELS[bucket]}
              <span
                className={cn(
                  'min-w-6 rounded-full bg-muted-foreground/10 px-1.5 text-xs tabular-nums',
                  loading && 'opacity-50',
                )}
                data-testid={`status-count-${bucket}`}
              >
                {counts ? (
                  formatCount(counts[bucket])
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{loading ? 'loading' : 'unknown'}</span>
                  </>
                )}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
      </ScrollRow>
    </Tabs>
  );
}
