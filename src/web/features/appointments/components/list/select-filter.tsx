import { AllOrOneSelect, type AllOrOneSelectProps } from '@web/components/all-or-one-select';
import { Label } from '@web/components/ui/label';

/**
 * A labelled list filter. A value from a shared link that is not (yet) among the options still
 * shows as chosen.
 */
export function SelectFilter({
  id,
  label,
  ...select
}: { id: string; label: string } & Omit<AllOrOneSelectProps, 'id' | 'keepUnknown'>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <AllOrOneSelect id={id} keepUnknown {...select} />
    </div>
  );
}
