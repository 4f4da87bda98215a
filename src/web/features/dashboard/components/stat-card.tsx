import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@domain/format';
import { cn } from '@web/lib/utils';

const CARD = 'flex h-full flex-col rounded-xl border bg-card p-4 shadow-xs';

/**
 * One figure of the dashboard's rows: label, number, hint. It fills its grid cell, so the cards
 * of a row are one height however their hints wrap.
 */
export function StatCard({
  label,
  value,
  hint,
  to,
  tone,
  testId,
}: {
  label: string;
  value: number;
  hint: ReactNode;
  /** The list it opens; a card without one is a figure only. */
  to?: string;
  tone?: string;
  testId?: string;
}) {
  const body = (
    <>
      <span className="block text-sm font-medium text-muted-foreground">{label}</span>
      <span className={cn('block text-2xl font-semibold tabular-nums', tone)}>
        {formatCount(value)}
      </span>
      <span className="mt-auto block text-xs text-muted-foreground">{hint}</span>
    </>
  );
  return to ? (
    <Link
      to={to}
      className={cn(
        CARD,
        'transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
      )}
      data-testid={testId}
    >
      {body}
    </Link>
  ) : (
    <div className={CARD} data-testid={testId}>
      {body}
    </div>
  );
}
