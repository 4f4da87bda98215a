import { CheckIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { WIZARD_STEPS, type WizardStep } from './use-create-wizard';

/** "1 Patient, 2 Time Slot, 3 Settings" with the current step marked for sight and speech. */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <ol aria-label="Steps" className="flex items-center justify-between gap-2">
      {WIZARD_STEPS.map(({ step, label }, index) => {
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            // Connectors only where there is room: on a phone the three steps just fit side by side.
            className={cn(
              'flex items-center gap-2',
              index < WIZARD_STEPS.length - 1 && 'sm:flex-1',
            )}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                active && 'border-primary bg-primary text-primary-foreground',
                done && 'border-primary bg-primary/10 text-primary',
                !active && !done && 'text-muted-foreground',
              )}
            >
              {done ? <CheckIcon className="size-3.5" aria-hidden="true" /> : null}
              <span className={done ? 'sr-only' : undefined}>{step}</span>
            </span>
            <span
              className={cn(
                'text-sm whitespace-nowrap',
                active ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {index < WIZARD_STEPS.length - 1 && (
              <span aria-hidden="true" className="hidden h-px min-w-3 flex-1 bg-border sm:block" />
            )}
          </li>
        );
      })}
    </ol>
  );
}
