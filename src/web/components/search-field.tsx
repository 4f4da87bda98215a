import type { ComponentProps } from 'react';
import { SearchIcon } from 'lucide-react';
import { Input } from '@web/components/ui/input';

/** A list's search box: a search input with the magnifier inside it; `className` sizes the box. */
export function SearchField({
  className,
  ...input
}: Omit<ComponentProps<typeof Input>, 'type'> & { className?: string }) {
  return (
    <div className={className}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" {...input} className="pl-9" />
    </div>
  );
}
