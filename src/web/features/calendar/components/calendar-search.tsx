import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchIcon, XIcon } from 'lucide-react';
import type { Appointment } from '@contracts/appointments';
import { listAppointmentsPageRoute } from '@contracts/routes/appointments';
import { statusLabel } from '@domain/appointment-status';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import { callEndpoint } from '@web/lib/endpoint-client';
import { appointmentKeys } from '@web/queries/query-keys';

/** How many of a patient's appointments the search shows: upcoming first, then the latest. */
export const CALENDAR_SEARCH_LIMIT = 8;

const whenFormats = new Map<string, Intl.DateTimeFormat>();

function when(at: string, timeZone: string): string {
  let format = whenFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    whenFormats.set(timeZone, format);
  }
  return format.format(new Date(at));
}

/**
 * "Find a patient" on the calendar (issue 45): a patient's appointments by name, e-mail or phone,
 * upcoming ones first (the list's own search and order), each a button that takes the calendar to
 * its day and opens it.
 */
export function CalendarSearch({
  timeZone,
  onPick,
}: {
  timeZone: string;
  onPick: (appointment: Appointment) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  // A cleared box closes at once, not when its last words have waited out the debounce.
  const enabled = search.length >= 2 && text.trim().length >= 2;
  const found = useQuery({
    queryKey: appointmentKeys.list({ search, limit: CALENDAR_SEARCH_LIMIT, calendar: true }),
    queryFn: ({ signal }) =>
      callEndpoint(listAppointmentsPageRoute, {
        query: { search, limit: CALENDAR_SEARCH_LIMIT, page: 1, timezone: timeZone },
        signal,
        fallback: 'The search failed',
      }),
    enabled,
  });
  const results = found.data?.data ?? [];

  return (
    <div className="relative w-full sm:w-80" role="search" aria-label="Patient search">
      <Label htmlFor={`${id}-q`}>Find a patient</Label>
      <div className="relative mt-1.5">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${id}-q`}
          type="search"
          value={text}
          placeholder="Name, e-mail or phone"
          className="pl-8"
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setText('')}
        />
        {text && (
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-1 size-7 -translate-y-1/2"
            aria-label="Clear the search"
            onClick={() => setText('')}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {enabled && !found.isFetching && found.data
          ? `${results.length} ${results.length === 1 ? 'appointment' : 'appointments'} found`
          : ''}
      </p>
      {enabled && (
        <div className="absolute z-30 mt-1 w-full rounded-md border bg-popover p-1 text-popover-foreground shadow-md print:hidden">
          {found.isError ? (
            <p role="alert" className="p-2 text-sm text-destructive">
              {found.error.message}
            </p>
          ) : found.isPending ? (
            <p className="p-2 text-sm text-muted-foreground">Searching…</p>
          ) : results.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">
              No appointments found for “{search}”.
            </p>
          ) : (
            <ul aria-label="Appointments found">
              {results.map((a) => (
                <li key={a._id}>
                  <button
                    type="button"
                    className="w-full rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onClick={() => {
                      setText('');
                      onPick(a);
                    }}
                  >
                    <span className="block font-medium">{a.patient.name}</span>
                    <span className="block text-muted-foreground">
                      {when(a.date, timeZone)} · {a.staff.name} · {statusLabel(a.metadata.status)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
