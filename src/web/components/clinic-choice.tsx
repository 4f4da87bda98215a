import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ClinicSummary } from '@contracts/auth';
import { OptionsSelect } from '@web/components/options-select';
import { useSession } from '@web/lib/session';

/**
 * For an admin page about one clinic at a time: the user's clinics by name, and the one named by
 * `?clinic=` (else the first; undefined when the user belongs to none).
 */
export function useChosenClinic() {
  const { user } = useSession();
  const clinics = [...(user?.clinics ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const [searchParams] = useSearchParams();
  const clinic = clinics.find((c) => c.slug === searchParams.get('clinic')) ?? clinics[0];
  return { clinics, clinic };
}

/** The labelled choice of which of the user's clinics a page shows. */
export function ClinicPicker({
  id,
  clinics,
  clinic,
  onChange,
  className = 'flex flex-wrap items-center gap-2',
}: {
  id: string;
  clinics: readonly ClinicSummary[];
  clinic: ClinicSummary;
  /** Given the chosen clinic's slug. */
  onChange: (slug: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        Clinic
      </label>
      <OptionsSelect
        id={id}
        className="w-64 max-w-full"
        value={clinic.slug}
        onChange={onChange}
        options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
      />
    </div>
  );
}

/** Where a clinic's page would be for someone who belongs to none: what to do first. */
export function NoClinicYet({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-6 text-sm">
      <p className="font-medium">You do not belong to any clinic yet.</p>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </div>
  );
}
