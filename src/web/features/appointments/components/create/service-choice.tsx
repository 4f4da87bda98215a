import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { OptionsSelect } from '@web/components/options-select';
import { bufferHint, SERVICE_KIND_LABELS, type ServiceView } from '@web/queries/services';

/**
 * Step 2's "Service" (issue 42): what is booked, the clinic's default service unless another is
 * chosen. Its kind and buffers show below it; its lengths and providers go to the picker.
 * Without the list (loading or failed) the booking is the clinic's default, as before services.
 */
export function ServiceChoice({
  services,
  chosen,
  onChange,
}: {
  services: UseQueryResult<ServiceView[]>;
  chosen: ServiceView | undefined;
  onChange: (serviceId: string) => void;
}) {
  const id = useId();
  const active = (services.data ?? []).filter((s) => !s.archived);
  const hint = chosen ? [SERVICE_KIND_LABELS[chosen.kind], bufferHint(chosen)] : [];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Service</Label>
      {services.isPending ? (
        <>
          <Skeleton className="h-9 w-full sm:max-w-sm" aria-hidden="true" />
          <span className="sr-only" role="status">
            Loading services…
          </span>
        </>
      ) : services.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-destructive" role="alert">
            {services.error.message}. The clinic’s usual visit is booked.
          </p>
          <Button variant="outline" size="sm" onClick={() => void services.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <OptionsSelect
            id={id}
            className="w-full sm:max-w-sm"
            value={chosen?.id ?? ''}
            onChange={onChange}
            disabled={active.length <= 1}
            aria-describedby={`${id}-hint`}
            options={active.map((s) => ({ value: s.id, label: s.name }))}
          />
          <p id={`${id}-hint`} className="flex items-center gap-1.5 text-sm text-muted-foreground">
            {chosen && (
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full border border-foreground/20"
                style={{ backgroundColor: chosen.colour }}
              />
            )}
            {hint.filter(Boolean).join(' · ')}
          </p>
        </>
      )}
    </div>
  );
}
