import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PlusIcon, StethoscopeIcon } from 'lucide-react';
import type { ServiceView } from '@contracts/services';
import type { ArchiveSubject } from '@web/components/archive-dialog';
import { ClinicPicker, NoClinicYet, useChosenClinic } from '@web/components/clinic-choice';
import { PageHeader } from '@web/components/page-header';
import { QueryStates, TableCard, TableEmpty, TableSkeleton } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { clinicResourcesQueryOptions } from '@web/queries/resources';
import { clinicServicesQueryOptions } from '@web/queries/services';
import { ArchiveServiceDialog } from './archive-service-dialog';
import { ServiceDialog } from './service-dialog';
import { ServicesTable, type ServiceAction } from './services-table';

/** /admin/services: what each of the admin's clinics books, added and changed by its admins. */
export function ServicesPage() {
  const { clinics, clinic } = useChosenClinic();
  const [, setSearchParams] = useSearchParams();
  const services = useQuery(clinicServicesQueryOptions(clinic?.id ?? ''));
  // Only to name the room or machine a service needs; the list shows without it.
  const resources = useQuery(clinicResourcesQueryOptions(clinic?.id ?? ''));
  const resourceName = (id: string) => resources.data?.data.find((r) => r.id === id)?.name;
  const [editing, setEditing] = useState<ServiceView | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveSubject | null>(null);

  function act(action: ServiceAction, service: ServiceView) {
    if (action === 'edit') setEditing(service);
    else setArchiving({ item: service, archive: action === 'archive' });
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Services"
        description="What patients are booked for: each service’s lengths, the time kept free around it, how it happens and who offers it."
        actions={
          clinic && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" />
              Add service
            </Button>
          )
        }
      />
      {clinics.length > 1 && clinic && (
        <ClinicPicker
          id="services-clinic"
          className="mb-4 flex flex-wrap items-center gap-2"
          clinics={clinics}
          clinic={clinic}
          onChange={(slug) => setSearchParams({ clinic: slug }, { replace: true })}
        />
      )}
      {!clinic ? (
        <NoClinicYet>
          Add your clinic under Clinics first; its services are set up here.
        </NoClinicYet>
      ) : (
        <TableCard label={`Services of ${clinic.name}`} busy={services.isFetching}>
          <QueryStates
            query={services}
            loading={
              <TableSkeleton label="Loading services…" rows={3} className="space-y-3 p-4">
                <Skeleton className="size-3 rounded-full" />
                <Skeleton className="h-4 w-48" />
                <Skeleton className="ml-auto h-8 w-24" />
              </TableSkeleton>
            }
            isEmpty={(page) => page.data.length === 0}
            empty={
              <TableEmpty
                icon={StethoscopeIcon}
                message="This clinic has no services yet."
                action={<Button onClick={() => setEditing('new')}>Add service</Button>}
              />
            }
          >
            {(page) => (
              <ServicesTable services={page.data} resourceName={resourceName} onAction={act} />
            )}
          </QueryStates>
        </TableCard>
      )}
      {clinic && (
        <>
          <ServiceDialog
            open={editing !== null}
            clinic={clinic}
            service={editing === 'new' ? null : editing}
            onOpenChange={(open) => !open && setEditing(null)}
          />
          <ArchiveServiceDialog
            clinicId={clinic.id}
            request={archiving}
            onOpenChange={(open) => !open && setArchiving(null)}
          />
        </>
      )}
    </div>
  );
}
