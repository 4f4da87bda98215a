import { useState } from 'react';
import { toast } from 'sonner';
import type { DuplicatePatient, MergeResult } from '@contracts/patient-merge';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { cn } from '@web/lib/utils';
import { useMergePatients } from '../api/patient-merge';
import { COMPARED, likelyKept } from '../utils/duplicate-labels';
import { displayName } from '../utils/patient-labels';

export type MergePair = readonly [DuplicatePatient, DuplicatePatient];

/**
 * Two records side by side, which to keep chosen, then confirmed. The kept record takes the
 * other's visits, waitlist entries, series and notes, and fills its empty fields from it.
 */
export function MergeDialog({
  pair,
  onOpenChange,
  onMerged,
}: {
  pair: MergePair | null;
  onOpenChange: (open: boolean) => void;
  onMerged?: (result: MergeResult) => void;
}) {
  return (
    <SubjectDialog
      subject={pair}
      onOpenChange={onOpenChange}
      confirmation
      className="sm:max-w-2xl"
      title={() => 'Merge these records?'}
      description={() =>
        'The record you keep takes the other’s visits, waitlist entries, series and notes, and fills its empty details from it. The other record is archived and points to the kept one. This cannot be undone.'
      }
    >
      {(shown, close) => <MergeForm pair={shown} close={close} onMerged={onMerged} />}
    </SubjectDialog>
  );
}

function MergeForm({
  pair,
  close,
  onMerged,
}: {
  pair: MergePair;
  close: () => void;
  onMerged?: (result: MergeResult) => void;
}) {
  const [a, b] = pair;
  const [keptId, setKeptId] = useState(() => likelyKept(a, b).id);
  const merge = useMergePatients();
  const kept = keptId === a.id ? a : b;
  const away = keptId === a.id ? b : a;
  return (
    <>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">Keep which record?</legend>
        <div className="overflow-x-auto">
          <table className="w-full table-fixed border-collapse text-sm">
            <colgroup>
              <col className="w-24 sm:w-32" />
              <col />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className="sr-only">
                  Detail
                </th>
                {pair.map((record, index) => (
                  <th key={record.id} scope="col" className="p-1 text-left align-top font-normal">
                    <label
                      className={cn(
                        'flex cursor-pointer items-start gap-2 rounded-md border p-2',
                        record.id === keptId && 'border-primary bg-primary/5',
                      )}
                    >
                      <input
                        type="radio"
                        name="kept"
                        value={record.id}
                        checked={record.id === keptId}
                        onChange={() => setKeptId(record.id)}
                        className="mt-0.5 accent-primary"
                      />
                      <span className="min-w-0 break-words">
                        Keep record {index === 0 ? 'A' : 'B'}
                        <span className="block text-xs text-muted-foreground">
                          {record.id === keptId ? 'Kept' : 'Merged away'}
                        </span>
                      </span>
                    </label>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARED.map((row) => {
                const values = pair.map(row.value);
                const differ = values[0] !== values[1];
                return (
                  <tr key={row.label} className="border-t">
                    <th
                      scope="row"
                      className="p-1 py-2 text-left align-top text-xs font-normal text-muted-foreground"
                    >
                      {row.label}
                    </th>
                    {values.map((value, index) => (
                      <td
                        key={pair[index]!.id}
                        className={cn('p-1 py-2 align-top break-words', differ && 'font-medium')}
                      >
                        {value || '—'}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      <p className="text-sm">
        {displayName(away)}’s record will be merged into {displayName(kept)}’s.
      </p>
      <DialogActions
        {...mutationState(merge)}
        label="Merge records"
        pendingLabel="Merging..."
        destructive
        onConfirm={() =>
          merge.mutate(
            {
              keptId: kept.id,
              mergedAwayId: away.id,
              version: kept.version,
              mergedAwayVersion: away.version,
            },
            {
              onSuccess: (result) => {
                const moved = result.moved.appointments;
                toast.success(
                  `Records merged: ${moved} visit${moved === 1 ? '' : 's'} moved to ${displayName(kept)}`,
                );
                close();
                onMerged?.(result);
              },
            },
          )
        }
      />
    </>
  );
}
