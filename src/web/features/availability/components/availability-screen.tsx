import { useQuery } from '@tanstack/react-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { PageHeader } from '@web/components/page-header';
import { isApiError } from '@web/lib/api-client';
import { availabilityQueryOptions, type AvailabilityTarget } from '../api/get-availability';
import { AvailabilityEditor } from './availability-editor';
import { BookableTimes } from './bookable-times';
import type { RenderVisitAction } from './outside-hours-dialog';
import { OutsideCalendarsSection } from './outside-calendars-section';

function describeLoadError(error: Error, target: AvailabilityTarget): string {
  if (isApiError(error) && error.status === 403 && target.kind === 'own') {
    return 'Only providers and nurses keep their own availability. Admins set it for each staff member under Staff.';
  }
  return error.message;
}

/** Loads one schedule and lays out the editor and the bookable-times preview. */
export function AvailabilityScreen({
  target,
  title,
  description,
  renderVisitAction,
}: {
  target: AvailabilityTarget;
  title: string;
  description: (agentName: string) => string;
  renderVisitAction?: RenderVisitAction;
}) {
  const query = useQuery(availabilityQueryOptions(target));

  if (query.isPending) {
    return (
      <LoadingBlock
        label="Loading availability…"
        className="mx-auto max-w-4xl space-y-6"
        heading={<PageHeader title={title} />}
      >
        <Skeleton className="h-96" />
        <Skeleton className="h-48" />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title={title} />
        <div className="space-y-3 rounded-xl border px-6 py-8">
          <p className="font-medium">Failed to load availability</p>
          <p className="text-sm text-muted-foreground">{describeLoadError(query.error, target)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const availability = query.data;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={title}
        description={description(availability.agent.name)}
        actions={availability.isDefault ? <Badge variant="secondary">Default hours</Badge> : null}
      />
      {/* Keyed by agent: a different agent's schedule starts a fresh draft. */}
      <AvailabilityEditor
        key={availability.agent.id}
        target={target}
        initial={availability}
        renderVisitAction={renderVisitAction}
      >
        <BookableTimes availability={availability} />
      </AvailabilityEditor>
      <OutsideCalendarsSection target={target} />
    </div>
  );
}
