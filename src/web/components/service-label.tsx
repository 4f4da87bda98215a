import type { Appointment } from '@contracts/appointments';
import { cn } from '@web/lib/utils';
import { serviceOf, useClinicServices } from '@web/queries/services';

/**
 * What an appointment booked (issue 42), quietly: a dot in the service's colour and its name.
 * Nothing shows until the clinic's services are in (or when they fail): the rest of the screen
 * does not wait for it.
 */
export function ServiceLabel({
  appointment,
  className,
}: {
  appointment: Pick<Appointment, 'serviceId'> & { patient?: { clinic: string } | null };
  className?: string;
}) {
  const services = useClinicServices(appointment.patient?.clinic);
  const service = serviceOf(services.data, appointment.serviceId ?? null);
  if (!service) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground',
        className,
      )}
      data-testid="service-label"
    >
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full ring-1 ring-foreground/20"
        style={{ backgroundColor: service.colour }}
      />
      <span className="truncate">
        <span className="sr-only">Service: </span>
        {service.name}
      </span>
    </span>
  );
}
