import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      // Purely visual: the surrounding region announces loading (aria-busy), not each bar.
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
