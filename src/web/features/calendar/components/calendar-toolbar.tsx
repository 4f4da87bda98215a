import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import {
  CALENDAR_VIEWS,
  VIEW_LABELS,
  rangeTitle,
  type CalendarView,
} from '../utils/calendar-range';

const STEP_NAMES: Record<CalendarView, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  list: 'week',
  resources: 'day',
};

/** Today, previous/next, the range's title and the view switch (Day, Week, Month, List, Rooms). */
export function CalendarToolbar({
  view,
  date,
  isToday,
  onToday,
  onStep,
  onViewChange,
}: {
  view: CalendarView;
  date: string;
  isToday: boolean;
  onToday: () => void;
  onStep: (direction: 1 | -1) => void;
  onViewChange: (view: CalendarView) => void;
}) {
  const unit = STEP_NAMES[view];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={onToday} disabled={isToday}>
          Today
        </Button>
        <div className="flex">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Previous ${unit}`}
            onClick={() => onStep(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
        <h2 className="text-base font-semibold tracking-tight sm:text-lg" aria-live="polite">
          {rangeTitle(view, date)}
        </h2>
      </div>
      <div role="group" aria-label="Calendar view" className="inline-flex rounded-md border p-0.5">
        {CALENDAR_VIEWS.map((option) => (
          <Button
            key={option}
            variant="ghost"
            size="sm"
            aria-pressed={view === option}
            className={cn(
              'h-7 px-3',
              view === option && 'bg-secondary text-secondary-foreground shadow-xs',
            )}
            onClick={() => onViewChange(option)}
          >
            {VIEW_LABELS[option]}
          </Button>
        ))}
      </div>
    </div>
  );
}
