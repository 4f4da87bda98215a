import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { statusLabel } from '@domain/appointment-status';
import { localDateKeyOf, parseDateKey, wallClockToUtc, type DateKey } from '@domain/zoned-time';
import { ButtonLink } from '@web/components/button-link';
import { Button } from '@web/components/ui/button';
import { SELECT_TRIGGER_CLASS } from '@web/components/ui/select-trigger-class';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/session';
import { readableTimeZone } from '@web/lib/time-zones';
import { clinicResourcesQueryOptions } from '@web/queries/resources';
import { useServiceLookup } from '@web/queries/services';
import { calendarAppointmentsQueryOptions } from '../api/get-calendar-appointments';
import {
  isPrintGrouping,
  PRINT_GROUPING_LABELS,
  PRINT_GROUPINGS,
  printGroups,
  type PrintGrouping,
} from '../utils/print-day';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function clock(at: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** "Tuesday, November 24, 2026": the day as its sheet's heading says it, in the viewer's words. */
function longDay(key: DateKey, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(wallClockToUtc(key, 12 * 60, timeZone)));
}

/**
 * /print/day: a clinic's day as the front desk prints it each morning (issue 45) — a sheet per
 * provider or per room, or the whole clinic on one list, with the time, patient, service, phone,
 * notes and status of each visit, in the clinic's own time zone. Outside the app's frame, so
 * the browser prints (or saves as PDF) only the sheets: the controls above them do not print,
 * and each sheet starts a new page.
 */
export function PrintDayPage() {
  const { user } = useSession();
  const clinics = useMemo(() => user?.clinics ?? [], [user]);
  const [params, setParams] = useSearchParams();
  const clinic = clinics.find((c) => c.slug === params.get('clinic')) ?? clinics[0];
  const timeZone = clinic?.timezone ?? 'UTC';
  const asked = params.get('date');
  const date: DateKey = asked && parseDateKey(asked) ? asked : localDateKeyOf(Date.now(), timeZone);
  const by = params.get('by');
  const grouping: PrintGrouping = isPrintGrouping(by) ? by : 'provider';

  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const day = useQuery({
    ...calendarAppointmentsQueryOptions({ startDate: date, endDate: date, timezone: timeZone }),
    enabled: Boolean(clinic),
  });
  const resources = useQuery(clinicResourcesQueryOptions(clinic?.id ?? ''));
  const serviceOf = useServiceLookup(clinic ? [clinic] : []);
  const resourceNames = useMemo(
    () => new Map((resources.data?.data ?? []).map((r) => [r.id, r.name])),
    [resources.data],
  );
  const { groups, cancelled } = useMemo(
    () =>
      printGroups(
        (day.data ?? []).filter((a) => a.patient.clinic === clinic?.slug),
        grouping,
        { clinic: clinic?.name ?? '', resource: (id) => resourceNames.get(id) },
      ),
    [day.data, clinic, grouping, resourceNames],
  );

  if (!clinic) {
    return <p className="p-8">You are not a member of any clinic yet.</p>;
  }
  const dayTitle = longDay(date, timeZone);

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 print:max-w-none print:p-0">
      <div className="mb-6 space-y-4 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Print the day</h1>
          <div className="flex flex-wrap gap-2">
            <ButtonLink
              to={`/calendar?date=${date}&view=day&clinic=${clinic.slug}`}
              icon={ArrowLeftIcon}
            >
              Back to the calendar
            </ButtonLink>
            <Button onClick={() => window.print()} disabled={day.isPending}>
              <PrinterIcon aria-hidden="true" />
              Print
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor="print-date">Day</Label>
            <Input
              id="print-date"
              type="date"
              value={date}
              onChange={(e) => e.target.value && set('date', e.target.value)}
            />
          </div>
          {clinics.length > 1 && (
            <div className="space-y-1.5">
              <Label htmlFor="print-clinic">Clinic</Label>
              <select
                id="print-clinic"
                className={SELECT_TRIGGER_CLASS}
                value={clinic.slug}
                onChange={(e) => set('clinic', e.target.value)}
              >
                {clinics.map((c) => (
                  <option key={c.id} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="print-by">Sheets</Label>
            <select
              id="print-by"
              className={SELECT_TRIGGER_CLASS}
              value={grouping}
              onChange={(e) => set('by', e.target.value)}
            >
              {PRINT_GROUPINGS.map((g) => (
                <option key={g} value={g}>
                  {PRINT_GROUPING_LABELS[g]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          Times are in {readableTimeZone(timeZone)} time, the clinic’s.
          {cancelled > 0 &&
            ` ${cancelled} cancelled ${cancelled === 1 ? 'visit is' : 'visits are'} left out.`}
        </p>
      </div>

      {day.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading the day">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : day.isError ? (
        <p role="alert" className="text-destructive">
          {day.error.message}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void day.refetch()}>
            Try again
          </Button>
        </p>
      ) : groups.length === 0 ? (
        <p className="rounded-xl border p-8 text-center text-muted-foreground">
          No appointments at {clinic.name} on {dayTitle}.
        </p>
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            aria-label={group.title}
            className="mb-10 break-inside-auto print:mb-0 print:[&:not(:first-of-type)]:break-before-page"
          >
            <header className="mb-3 border-b pb-2">
              <h2 className="text-xl font-semibold">{group.title}</h2>
              <p className="text-sm text-muted-foreground print:text-black">
                {dayTitle} · {clinic.name} · {group.appointments.length}{' '}
                {group.appointments.length === 1 ? 'appointment' : 'appointments'}
              </p>
            </header>
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-1.5 pr-3 font-medium whitespace-nowrap">
                    Time
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Patient
                  </th>
                  {grouping !== 'provider' && (
                    <th scope="col" className="py-1.5 pr-3 font-medium">
                      Provider
                    </th>
                  )}
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Service
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium whitespace-nowrap">
                    Phone
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    Notes
                  </th>
                  <th scope="col" className="py-1.5 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.appointments.map((a) => {
                  const start = new Date(a.date);
                  const end = new Date(start.getTime() + a.duration * 60_000);
                  const service = serviceOf(a);
                  const room = a.resourceId ? resourceNames.get(a.resourceId) : undefined;
                  return (
                    <tr key={a._id} className="border-b align-top break-inside-avoid">
                      <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                        {clock(start, timeZone)} – {clock(end, timeZone)}
                      </td>
                      <td className="py-1.5 pr-3">{a.patient.name}</td>
                      {grouping !== 'provider' && <td className="py-1.5 pr-3">{a.staff.name}</td>}
                      <td className="py-1.5 pr-3">
                        {service?.name ?? ''}
                        {room && grouping !== 'room' && (
                          <span className="block text-muted-foreground print:text-black">
                            {room}
                          </span>
                        )}
                      </td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">{a.patient.phone ?? '—'}</td>
                      <td className="max-w-64 py-1.5 pr-3 whitespace-pre-line">
                        {a.metadata.notes ?? ''}
                      </td>
                      <td className="py-1.5">{statusLabel(a.metadata.status)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ))
      )}
    </div>
  );
}
