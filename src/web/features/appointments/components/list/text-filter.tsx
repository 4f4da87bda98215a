import { useCallback, type ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useDraftValue } from '../../hooks/use-draft-value';

export function TextFilter({
  id,
  label,
  value,
  onCommit,
  type = 'text',
  placeholder,
  icon,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onCommit: (value: string) => void;
  type?: 'text' | 'search' | 'email';
  placeholder?: string;
  icon?: ReactNode;
}) {
  const commit = useCallback((next: string) => onCommit(next), [onCommit]);
  const { draft, setDraft, commitNow } = useDraftValue(value, commit);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {icon && (
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground [&_svg]:size-4">
            {icon}
          </span>
        )}
        <Input
          id={id}
          type={type}
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className={icon ? 'pl-9' : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitNow();
          }}
        />
      </div>
    </div>
  );
}
