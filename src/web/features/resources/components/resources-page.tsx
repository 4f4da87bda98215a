import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DoorOpenIcon, PlusIcon } from 'lucide-react';
import { RESOURCE_ARCHIVED_FILTERS, type ResourceView } from '@contracts/resources';
import type { ArchiveSubject } from '@web/components/archive-dialog';
import { ClinicPicker, NoClinicYet, useChosenClinic } from '@web/components/clinic-choice';
import { OptionsSelect } from '@web/components/options-select';
import { PageHeader } from '@web/components/page-header';
import { QueryStates, TableCard, TableEmpty, TableSkeleton } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { categoriesOf, clinicResourcesQueryOptions } from '@web/queries/resources';
import { ArchiveResourceDialog } from './archive-resource-dialog';
import { ResourceDialog } from './resource-dialog';
import { ResourceList, type ResourceAction } from './resource-list';
import { TimeOffDialog } from './time-off-dialog';

type ArchivedFilter = (typeof RESOURCE_ARCHIVED_FILTERS)[number];

const FILTER_OPTIONS: Array<{ value: ArchivedFilter; label: string }> = [
  { value: 'exclude', label: 'Active' },
  { value: 'only', label: 'Archived' },
  { value: 'include', label: 'All' },
];

const EMPTY: Record<ArchivedFilter, string> = {
  exclude: 'This clinic has no rooms or equipment yet.',
  only: 'Nothing is archived.',
  include: 'This clinic has no rooms or equipment yet.',
};

const shownBy = (filter: ArchivedFilter) => (r: ResourceView) =>
  filter === 'include' || r.archived === (filter === 'only');

/** /admin/resources: each of the admin's clinics' rooms and machines, their hours and time off. */
export function ResourcesPage() {
  const { clinics, clinic } = useChosenClinic();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter =
    RESOURCE_ARCHIVED_FILTERS.find((f) => f === searchParams.get('archived')) ?? 'exclude';
  const resources = useQuery(clinicResourcesQueryOptions(clinic?.id ?? ''));
  const [editing, setEditing] = useState<ResourceView | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveSubject | null>(null);
  const [timeOffOf, setTimeOffOf] = useState<string | null>(null);
  const all = resources.data?.data ?? [];
  const shown = all.filter(shownBy(filter));

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(searchParams);
    next.set(name, value);
    setSearchParams(next, { replace: true });
  }

  function act(action: ResourceAction, resource: ResourceView) {
    if (action === 'edit') setEditing(resource);
    else if (action === 'time-off') setTimeOffOf(resource.id);
    else setArchiving({ item: resource, archive: action === 'archive' });
  }

  const addButton = <Button onClick={() => setEditing('new')}>Add room or equipment</Button>;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Rooms and equipment"
        description="What services need besides a provider: treatment rooms, machines. Each is booked by one visit at a time, within its hours."
        actions={
          clinic && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" />
              Add room or equipment
            </Button>
          )
        }
      />
      {clinic && (
        <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          {clinics.length > 1 && (
            <ClinicPicker
              id="resources-clinic"
              clinics={clinics}
              clinic={clinic}
              onChange={(slug) => setParam('clinic', slug)}
            />
          )}
          <div className="flex items-center gap-2">
            <label htmlFor="resources-archived" className="text-sm font-medium">
              Show
            </label>
            <OptionsSelect
              id="resources-archived"
              className="w-36"
              value={filter}
              onChange={(value) => setParam('archived', value)}
              options={FILTER_OPTIONS}
            />
          </div>
        </div>
      )}
      {!clinic ? (
        <NoClinicYet>
          Add your clinic under Clinics first; its rooms and equipment are set up here.
        </NoClinicYet>
      ) : (
        <TableCard label={`Rooms and equipment of ${clinic.name}`} busy={resources.isFetching}>
          <QueryStates
            query={resources}
            loading={
              <TableSkeleton
                label="Loading rooms and equipment…"
                rows={3}
                className="space-y-3 p-4"
              >
                <Skeleton className="h-4 w-48" />
                <Skeleton className="ml-auto h-8 w-24" />
              </TableSkeleton>
            }
            isEmpty={() => shown.length === 0}
            empty={
              <TableEmpty
                icon={DoorOpenIcon}
                message={EMPTY[filter]}
                action={filter === 'only' ? undefined : addButton}
              />
            }
          >
            {() => <ResourceList resources={shown} onAction={act} />}
          </QueryStates>
        </TableCard>
      )}
      {clinic && (
        <>
          <ResourceDialog
            open={editing !== null}
            clinic={clinic}
            resource={editing === 'new' ? null : editing}
            categories={categoriesOf(all)}
            onOpenChange={(open) => !open && setEditing(null)}
          />
          <ArchiveResourceDialog
            clinicId={clinic.id}
            request={archiving}
            onOpenChange={(open) => !open && setArchiving(null)}
          />
          <TimeOffDialog
            clinic={clinic}
            resource={all.find((r) => r.id === timeOffOf) ?? null}
            onOpenChange={(open) => !open && setTimeOffOf(null)}
          />
        </>
      )}
    </div>
  );
}
