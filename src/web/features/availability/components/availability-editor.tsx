import { useId, useMemo, useState, type ReactNode } from 'react';
import type {
  AvailabilityResponse,
  SaveAvailabilityBody,
  VisitsOutsideHoursResponse,
} from '@contracts/availability';
import { localDateKeyOf } from '@domain/zoned-time';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useCheckVisitsOutsideHours } from '../api/check-visits-outside-hours';
import { useSaveAvailability } from '../api/save-availability';
import type { AvailabilityTarget } from '../api/get-availability';
import {
  draftFromSchedule,
  draftProblems,
  draftToBody,
  sameSchedule,
  type ScheduleDraft,
} from '../utils/schedule-draft';
import { OutsideHoursDialog, type RenderVisitAction } from './outside-hours-dialog';
import { SaveBar } from './save-bar';
import { SectionTitle } from './section-title';
import { DaysOffForm, ExtraHoursForm } from './time-off-forms';
import { TimeOffList } from './time-off-list';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WeekPreview } from './week-preview';
import { WeeklyEditor } from '@web/components/weekly-hours/weekly-editor';

/**
 * The whole schedule form: weekly hours in the agent's zone, time off and extra hours, a preview
 * of the coming week from the unsaved draft, and one Save for all of it.
 */
export function AvailabilityEditor({
  target,
  initial,
  children,
  renderVisitAction,
}: {
  target: AvailabilityTarget;
  initial: AvailabilityResponse;
  /** More sections (the bookable-times preview), placed above the save bar. */
  children?: ReactNode;
  /** Reschedule or cancel a visit the new hours leave out (another feature's dialogs). */
  renderVisitAction?: RenderVisitAction;
}) {
  const zoneId = useId();
  const viewerZone = useViewerTimeZone();
  const save = useSaveAvailability(target);
  const check = useCheckVisitsOutsideHours(target);
  // The schedule waiting for a decision about the visits it leaves outside its hours.
  const [held, setHeld] = useState<{
    body: SaveAvailabilityBody;
    result: VisitsOutsideHoursResponse;
  } | null>(null);
  const [baseline, setBaseline] = useState(() => draftFromSchedule(initial));
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [draft, setDraft] = useState<ScheduleDraft>(baseline);
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const dirty = !sameSchedule(draft, baseline);
  const today = localDateKeyOf(Date.now(), draft.timezone);
  const setOverrides = (overrides: ScheduleDraft['overrides']) =>
    setDraft((d) => ({ ...d, overrides }));

  function store(body: SaveAvailabilityBody) {
    save.mutate(body, {
      onSuccess: (saved) => {
        const next = draftFromSchedule(saved);
        setBaseline(next);
        setDraft(next);
        setIsDefault(saved.isDefault);
        setHeld(null);
      },
    });
  }

  /** Booked visits the hours would leave outside them are shown first (ADR 034). */
  function submit() {
    if (problems.count > 0) return;
    const body = draftToBody(draft);
    check.mutate(body, {
      onSuccess: (result) => {
        if (result.total + result.elsewhere > 0) setHeld({ body, result });
        else store(body);
      },
    });
  }

  function recheck() {
    if (!held) return;
    const { body } = held;
    check.mutate(body, { onSuccess: (result) => setHeld({ body, result }) });
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <SectionTitle>Weekly hours</SectionTitle>
          <CardDescription>
            The hours repeat every week, in the time zone below. A range that ends at or before it
            starts runs into the next day.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor={zoneId}>Time zone</Label>
            <TimeZonePicker
              id={zoneId}
              value={draft.timezone}
              onChange={(timezone) => setDraft((d) => ({ ...d, timezone }))}
            />
          </div>
          <WeeklyEditor
            days={draft.days}
            problems={problems}
            onChange={(days) => setDraft((d) => ({ ...d, days }))}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <SectionTitle>Time off and extra hours</SectionTitle>
          <CardDescription>
            A day off removes that date&apos;s weekly hours. Extra hours are added to the day.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <DaysOffForm overrides={draft.overrides} today={today} onChange={setOverrides} />
          <ExtraHoursForm overrides={draft.overrides} today={today} onChange={setOverrides} />
          <TimeOffList overrides={draft.overrides} today={today} onChange={setOverrides} />
          {problems.timeOff.map((message) => (
            <p key={message} className="text-sm text-destructive">
              {message}
            </p>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <SectionTitle>Coming week</SectionTitle>
          <CardDescription>
            Hours from these settings, saved or not, in {draft.timezone.replaceAll('_', ' ')}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WeekPreview draft={draft} today={today} hasProblems={problems.count > 0} />
        </CardContent>
      </Card>

      {children}
      <SaveBar
        dirty={dirty}
        canSaveUnchanged={isDefault}
        problemCount={problems.count}
        pending={save.isPending || check.isPending}
        error={
          save.isError ? save.error.message : check.isError && !held ? check.error.message : null
        }
        onSave={submit}
        onDiscard={() => {
          setDraft(baseline);
          save.reset();
          check.reset();
        }}
      />
      <OutsideHoursDialog
        result={held?.result ?? null}
        timeZone={viewerZone}
        saving={save.isPending}
        onSave={() => held && store(held.body)}
        onBack={() => setHeld(null)}
        onRecheck={recheck}
        renderVisitAction={renderVisitAction}
      />
      <UnsavedChangesGuard when={dirty && !save.isPending} />
    </div>
  );
}
