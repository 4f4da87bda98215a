import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { classed } from './classed';

export const Card = classed(
  'div',
  'card',
  'flex flex-col gap-4 rounded-xl border bg-card py-5 text-card-foreground shadow-xs',
);

export const CardHeader = classed('div', 'card-header', 'grid gap-1.5 px-5');

/**
 * An h3 by default; `level={2}` where the card is a top-level section right under the page's
 * h1, so headings never skip a level. The look is the same either way.
 */
export function CardTitle({
  className,
  level = 3,
  ...props
}: ComponentProps<'h3'> & { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading
      data-slot="card-title"
      className={cn('text-base leading-none font-semibold', className)}
      {...props}
    />
  );
}

export const CardDescription = classed('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = classed('div', 'card-content', 'px-5');

export const CardFooter = classed('div', 'card-footer', 'flex items-center px-5');
