import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PrinterIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Appointment } from '@contracts/appointments';
import { canChangeAppointment } from '@domain/appointment-status';
import { isBookableRole } from '@domain/roles';
import { addDaysToKey, localDateKeyOf, wallClockToUtc, type DateKey } from '@domain/zoned-time';
import { PageHeader } from '@web/components/page-header';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { useSession } from '@web/lib/session';
import { heldTimesQueryOptions } from '@web/queries/held-times';
import { outsideBusyQueryOptions } from '@web/queries/outside-busy';
import { useServiceLookup } from '@web/queries/services';
import { useResourcesOfClinics } from '@web/queries/resources';
import { calendarAppointmentsQueryOptions } from '../api/get-calendar-appointments';
import { useCalendarAgents } from '../hooks/use-calendar-agents';
import { useCalendarState } from '../hooks/use-calendar-state';
import {
  filterAppointments,
  holdToEventInput,
  outsideBusyToEventInput,
  toEventInput,
  visibleHours,
} from '../utils/calendar-events';
import { stepAnchor, visibleRange } from '../utils/calendar-range';
import { CalendarBody } from './calendar-body';
import { CalendarFilters } from './calendar-filters';
import { CalendarSearch } from './calendar-search';
import { CalendarToolbar } from './calendar-toolbar';
import { ConfirmMoveDialog, type PendingDrop } from './confirm-move-dialog';
import { MoveAppointmentDialog } from './move-appointment-dialog';
import { readableTimeZone } from '@web/lib/time-zones';

const NOT_MOVABLE = 'Only upcoming appointments that are not cancelled can be moved.';

export interface CalendarPageProps {
  /**
   * The appointment details dialog, open while `id` is set. It belongs to another feature, so
   * src/web/app hands it in; opening it here keeps the user's week, view and filters.
   */
  renderDetails: (id: string | null, onClose: () => void) => ReactNode;
}

export function CalendarPage({ renderDetails }: CalendarPageProps) {
  const navigate = useNavigate();
  const { user, canQuery } = useSession();
  const timeZone = useViewerTimeZone();
  const isMobile = useIsMobile();
  // A provider or nurse opens on their own column; "All providers" is one choice away.
  const ownAgentId = user && isBookableRole(user.role) ? user.id : undefined;
  const [state, update] = useCalendarState(timeZone, isMobile ? 'list' : 'week', ownAgentId);
  const [pendingDrop, setPendingDrop] = useState<PendingDrop | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);

  const today = localDateKeyOf(Date.now(), timeZone);
  const range = visibleRange(state.view, state.date);
  const query = useQuery({
    ...calendarAppointmentsQueryOptions({
      startDate: range.first,
      endDate: range.last,
      timezone: timeZone,
    }),
    enabled: canQuery,
    placeholderData: (previous) => previous,
  });

  const userClinics = useMemo(() => user?.clinics ?? [], [user]);
  const shownClinics = useMemo(
    () => (state.clinic ? userClinics.filter((c) => c.slug === state.clinic) : userClinics),
    [userClinics, state.clinic],
  );
  const inClinic = useMemo(
    () => filterAppointments(query.data ?? [], { clinic: state.clinic }),
    [query.data, state.clinic],
  );
  const { agents } = useCalendarAgents(shownClinics, inClinic);
  const visible = useMemo(
    () => filterAppointments(inClinic, { agentId: state.agentId }),
    [inClinic, state.agentId],
  );
  // "Now" for what may be dragged is taken when the data arrives; eventAllow re-checks at drop.
  const now = useMemo(() => new Date(), [visible]); // eslint-disable-line react-hooks/exhaustive-deps
  // Times patients hold online, so the desk sees why they are not offered (ADR 034).
  const at = (key: DateKey) => new Date(wallClockToUtc(key, 0, timeZone)).toISOString();
  const held = useQuery({
    ...heldTimesQueryOptions({
      from: at(range.first),
      to: at(addDaysToKey(range.last, 1)),
      clinic: state.clinic,
      agentIds: state.agentId ? [state.agentId] : undefined,
    }),
    enabled: canQuery && state.view !== 'list',
  });
  // Times agents are busy in their outside calendars (ADR 053): no titles, only that they are.
  const outsideBusy = useQuery({
    ...outsideBusyQueryOptions({
      from: at(range.first),
      to: at(addDaysToKey(range.last, 1)),
      clinic: state.clinic,
      agentIds: state.agentId ? [state.agentId] : undefined,
    }),
    enabled: canQuery && state.view !== 'list',
  });
  // What each appointment booked (issue 42): its service's colour marks the block.
  const serviceOf = useServiceLookup(shownClinics);
  const events = useMemo(
    () => [
      ...visible.map((a) => toEventInput(a, now, serviceOf(a))),
      ...(held.data ?? []).map(holdToEventInput),
      ...(outsideBusy.data ?? []).map(outsideBusyToEventInput),
    ],
    [visible, now, held.data, outsideBusy.data, serviceOf],
  );
  // The Rooms view's columns (issue 42), asked for only when it is shown.
  const resources = useResourcesOfClinics(shownClinics, canQuery && state.view === 'resources');
  // With today on screen, the hours also reach the present, so the current-time line shows.
  const showsToday = range.first <= today && today <= range.last;
  const hours = useMemo(
    () =>
      visibleHours(
        showsToday ? [...visible, { date: now.toISOString(), duration: 30 }] : visible,
        timeZone,
      ),
    [visible, timeZone, showsToday, now],
  );

  function bookAt(date: DateKey, agentId: string | undefined) {
    if (date < today) return;
    const params = new URLSearchParams({ date });
    if (agentId) params.set('agent', agentId);
    void navigate(`/book?${params.toString()}`);
  }

  function requestMove(appointment: Appointment) {
    if (
      canChangeAppointment(
        { date: appointment.date, status: appointment.metadata.status },
        new Date(),
      )
    )
      setMoving(appointment);
    else toast.info(NOT_MOVABLE);
  }

  const handlers = {
    onOpen: (a: Appointment) => update({ appointmentId: a._id }),
    onMoveRequest: requestMove,
    onDrop: (appointment: Appointment, start: Date, revert: () => void) =>
      setPendingDrop({ appointment, start, revert }),
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Calendar"
        description={`Appointments of your clinics, shown in ${readableTimeZone(timeZone)} time.`}
        actions={
          <Button variant="outline" asChild className="print:hidden">
            <Link
              to={`/print/day?${new URLSearchParams({
                date: state.date,
                ...(state.clinic ? { clinic: state.clinic } : {}),
                by: state.view === 'resources' ? 'room' : 'provider',
              }).toString()}`}
            >
              <PrinterIcon aria-hidden="true" />
              Print day sheets
            </Link>
          </Button>
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CalendarFilters
          clinics={userClinics}
          clinic={state.clinic}
          onClinicChange={(clinic) =>
            // Another clinic's list may not have the chosen agent; one's own column stays.
            update({ clinic, agentId: state.agentId === ownAgentId ? ownAgentId : undefined })
          }
          agents={agents}
          agentId={state.agentId}
          onAgentChange={(agentId) => update({ agentId })}
        />
        <CalendarSearch
          timeZone={timeZone}
          onPick={(a) =>
            // Its day, its provider's column and its clinic, with its details open.
            update({
              date: localDateKeyOf(new Date(a.date), timeZone),
              view: state.view === 'month' ? 'day' : state.view,
              clinic: state.clinic ? a.patient.clinic : undefined,
              agentId: state.agentId ? a.staff.id : undefined,
              appointmentId: a._id,
            })
          }
        />
      </div>
      <CalendarToolbar
        view={state.view}
        date={state.date}
        isToday={state.date === today}
        onToday={() => update({ date: undefined })}
        onStep={(direction) => update({ date: stepAnchor(state.view, state.date, direction) })}
        onViewChange={(view) => update({ view })}
      />
      <CalendarBody
        state={state}
        query={query}
        timeZone={timeZone}
        now={now}
        appointments={visible}
        events={events}
        hours={hours}
        agents={state.agentId ? agents.filter((a) => a.id === state.agentId) : agents}
        resources={{ ...resources, showClinic: shownClinics.length > 1 }}
        handlers={handlers}
        onFreeTime={(date, agentId) => bookAt(date, agentId ?? state.agentId)}
      />
      {state.view !== 'list' && (
        <p className="text-xs text-muted-foreground">
          Click an appointment for its details, or free time to book. Drag an upcoming appointment
          to move it; from the keyboard, focus it and press M.
        </p>
      )}
      <ConfirmMoveDialog
        pending={pendingDrop}
        timeZone={timeZone}
        onDone={() => setPendingDrop(null)}
        onPickAnother={setMoving}
      />
      <MoveAppointmentDialog
        appointment={moving}
        timeZone={timeZone}
        onOpenChange={(open) => !open && setMoving(null)}
      />
      {renderDetails(state.appointmentId ?? null, () => update({ appointmentId: undefined }))}
    </div>
  );
}
