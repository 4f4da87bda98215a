import type { ReactNode } from 'react';

/**
 * Where content will be once it loads: a busy block of skeletons and the words a screen reader
 * hears (`label`; read out as a status unless `announce` is false). `heading` stands above the
 * words, for a page that keeps its title while it loads.
 */
export function LoadingBlock({
  label,
  announce = true,
  className,
  heading,
  children,
}: {
  label: string;
  announce?: boolean;
  className?: string;
  heading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div aria-busy="true" className={className}>
      {heading}
      <span className="sr-only" role={announce ? 'status' : undefined}>
        {label}
      </span>
      {children}
    </div>
  );
}
