import type { ServiceView } from '@contracts/services';
import { ListTable } from '@web/components/list-table';
import { RowButton } from '@web/components/row-button';
import { Badge } from '@web/components/ui/badge';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import {
  describeBuffers,
  describeLengths,
  describeNeed,
  describeOfferedBy,
  KIND_LABELS,
} from '../utils/service-form';

export type ServiceAction = 'edit' | 'archive' | 'restore';

/** The service's colour, as the calendar shows its appointments; the name says the rest. */
function ColourDot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full ring-1 ring-black/10"
      style={{ backgroundColor: colour }}
    />
  );
}

/** A clinic's services, active first: what each is, who offers it, and its buttons. */
export function ServicesTable({
  services,
  resourceName,
  onAction,
}: {
  services: readonly ServiceView[];
  /** A room's or a machine's name by id, for what a service needs. */
  resourceName: (id: string) => string | undefined;
  onAction: (action: ServiceAction, service: ServiceView) => void;
}) {
  const ordered = [...services].sort((a, b) => Number(a.archived) - Number(b.archived));
  return (
    <ListTable
      caption="Services, active first"
      className="[&_tbody_th]:align-top [&_td]:align-top"
      columns={[
        'Service',
        { label: 'Kind', className: 'hidden md:table-cell' },
        { label: 'Lengths', className: 'hidden sm:table-cell' },
        { label: 'Buffers', className: 'hidden md:table-cell' },
        { label: 'Offered by', className: 'hidden lg:table-cell' },
        { label: 'Online', className: 'hidden md:table-cell' },
      ]}
      actionsClassName="text-right"
    >
      {ordered.map((service) => (
        <TableRow key={service.id} className={cn(service.archived && 'text-muted-foreground')}>
          <TableHead scope="row" className="max-w-56 font-normal whitespace-normal sm:max-w-72">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              <ColourDot colour={service.colour} />
              <span className="break-words">{service.name}</span>
              {service.isDefault && <Badge variant="outline">Default</Badge>}
              {service.archived && <Badge variant="secondary">Archived</Badge>}
            </span>
            {/* Where the table is narrow, the hidden columns' facts move under the name. */}
            <span className="mt-1 block text-xs text-muted-foreground md:hidden">
              {KIND_LABELS[service.kind]}
              <span className="sm:hidden"> · {describeLengths(service.durations)}</span>
              {' · '}Buffers: {describeBuffers(service)}
              {' · '}
              {service.bookableOnline ? 'Bookable online' : 'Not online'}
            </span>
            {describeNeed(service, resourceName) && (
              <span className="mt-1 block text-xs text-muted-foreground">
                {describeNeed(service, resourceName)}
              </span>
            )}
            <span className="mt-1 block text-xs text-muted-foreground lg:hidden">
              {service.offeredByAll
                ? 'Offered by everyone who sees patients'
                : `Offered by ${describeOfferedBy(service)}`}
            </span>
          </TableHead>
          <TableCell className="hidden whitespace-nowrap md:table-cell">
            {KIND_LABELS[service.kind]}
          </TableCell>
          <TableCell className="hidden whitespace-normal sm:table-cell">
            {describeLengths(service.durations)}
          </TableCell>
          <TableCell className="hidden whitespace-normal md:table-cell">
            {describeBuffers(service)}
          </TableCell>
          <TableCell className="hidden max-w-64 whitespace-normal lg:table-cell">
            {describeOfferedBy(service)}
          </TableCell>
          <TableCell className="hidden md:table-cell">
            {service.bookableOnline ? 'Yes' : 'No'}
          </TableCell>
          <TableCell className="py-2 text-right">
            <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
              <RowButton name={`Edit ${service.name}`} onClick={() => onAction('edit', service)}>
                Edit
              </RowButton>
              {service.archived ? (
                <RowButton
                  name={`Restore ${service.name}`}
                  onClick={() => onAction('restore', service)}
                >
                  Restore
                </RowButton>
              ) : (
                !service.isDefault && (
                  <RowButton
                    name={`Archive ${service.name}`}
                    ghost
                    onClick={() => onAction('archive', service)}
                  >
                    Archive
                  </RowButton>
                )
              )}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
