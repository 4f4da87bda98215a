import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';

/** A link to another page of the app that looks like a button, its icon before its words. */
export function ButtonLink({
  to,
  icon: Icon,
  variant = 'outline',
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <Button variant={variant} asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
