import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { localDateKeyOf, parseDateKey, type DateKey } from '@domain/zoned-time';
import { isCalendarView, type CalendarView } from '../utils/calendar-range';

export interface CalendarState {
  view: CalendarView;
  /** The date the view is anchored on, in the viewer's zone. */
  date: DateKey;
  clinic: string | undefined;
  agentId: string | undefined;
  /** The appointment whose details are open on top of the calendar. */
  appointmentId: string | undefined;
}

type Patch = Partial<Record<keyof CalendarState, string | undefined>>;

const PARAM_OF: Record<keyof CalendarState, string> = {
  view: 'view',
  date: 'date',
  clinic: 'clinic',
  agentId: 'agent',
  appointmentId: 'appointment',
};

/**
 * The calendar's view, date and filters live in the address (?view=week&date=2026-11-23&…), so
 * a reload, the back button and a shared link all show the same calendar. So does an open
 * appointment (?appointment=<id>): `view` already names the calendar's view.
 */
/** `?agent=all`: everyone, chosen over a default agent. */
export const ALL_AGENTS = 'all';

/**
 * `defaultAgentId` is whose column the calendar opens on without `?agent=`: a provider's or
 * nurse's own (ADR 034); everyone's when undefined.
 */
export function useCalendarState(
  timeZone: string,
  defaultView: CalendarView,
  defaultAgentId?: string,
) {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const rawDate = params.get('date');
  const rawAgent = params.get('agent');
  const state: CalendarState = {
    view: isCalendarView(rawView) ? rawView : defaultView,
    date: rawDate && parseDateKey(rawDate) ? rawDate : localDateKeyOf(Date.now(), timeZone),
    clinic: params.get('clinic') || undefined,
    agentId: rawAgent === ALL_AGENTS ? undefined : rawAgent || defaultAgentId,
    appointmentId: params.get('appointment') || undefined,
  };

  const update = useCallback(
    (patch: Patch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const name = PARAM_OF[key as keyof CalendarState];
            // Everyone, for a user whose calendar opens on their own column, must be said.
            if (key === 'agentId' && !value && defaultAgentId) next.set(name, ALL_AGENTS);
            else if (key === 'agentId' && value === defaultAgentId) next.delete(name);
            else if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, defaultAgentId],
  );

  return [state, update] as const;
}
