import { useId, useMemo, useState, type ReactNode } from 'react';
import type { AvailabilityResponse } from '@contracts/availability';
import { localDateKeyOf } from '@domain/zoned-time';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { useSaveAvailability } from '../api/save-availability';
import type { AvailabilityTarget } from '../api/get-availability';
import {
  draftFromSchedule,
  draftProblems,
  draftToBody,
  sameSchedule,
  type ScheduleDraft,
} from '../utils/schedule-draft';
import { SaveBar } from './save-bar';
import { SectionTitle } from './section-title';
import { DaysOffForm, ExtraHoursForm } from './time-off-forms';
import { TimeOffList } from './time-off-list';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WeekPreview } from './week-preview';
import { WeeklyEditor } from './weekly-editor';

/**
 * The whole schedule form: weekly hours in the agent's zone, time off and extra hours, a preview
 * of the coming week from the unsaved draft, and one Save for all of it.
 */
export function AvailabilityEditor({
  target,
  initial,
  children,
}: {
  target: AvailabilityTarget;
  initial: AvailabilityResponse;
  /** More sections (the bookable-times preview), placed above the save bar. */
  children?: ReactNode;
}) {
  const zoneId = useId();
  const save = useSaveAvailability(target);
  const [baseline, setBaseline] = useState(() => draftFromSchedule(initial));
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [draft, setDraft] = useState<ScheduleDraft>(baseline);
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const dirty = !sameSchedule(draft, baseline);
  const today = localDateKeyOf(Date.now(), draft.timezone);
  const setOverrides = (overrides: ScheduleDraft['overrides']) =>
    setDraft((d) => ({ ...d, overrides }));

  function submit() {
    if (problems.count > 0) return;
    save.mutate(draftToBody(draft), {
      onSuccess: (saved) => {
        const next = draftFromSchedule(saved);
        setBaseline(next);
        setDraft(next);
        setIsDefault(saved.isDefault);
      },
    });
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
        pending={save.isPending}
        error={save.isError ? save.error.message : null}
        onSave={submit}
        onDiscard={() => {
          setDraft(baseline);
          save.reset();
        }}
      />
      <UnsavedChangesGuard when={dirty && !save.isPending} />
    </div>
  );
}
