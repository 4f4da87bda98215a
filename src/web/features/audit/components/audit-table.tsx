import { FilterIcon } from 'lucide-react';
import type { AuditEntryView } from '@contracts/admin';
import { formatDate } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import {
  auditActionLabel,
  entityTypeLabel,
  formatAuditDetails,
  formatAuditTime,
  shortId,
} from '../utils/audit-labels';

function PatientCell({
  entry,
  onFilterPatient,
}: {
  entry: AuditEntryView;
  onFilterPatient: (patientId: string) => void;
}) {
  if (!entry.patientId) return <span className="text-muted-foreground">—</span>;
  const label = entry.patientName ?? `Patient ${shortId(entry.patientId)}`;
  return (
    <div className="flex items-center gap-1">
      <span className="truncate" title={entry.patientId}>
        {label}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 text-muted-foreground"
        aria-label={`Only entries for ${label}`}
        title="Only entries for this patient"
        onClick={() => onFilterPatient(entry.patientId!)}
      >
        <FilterIcon className="size-3.5" aria-hidden="true" />
      </Button>
    </div>
  );
}

export function AuditTable({
  entries,
  timeZone,
  onFilterPatient,
}: {
  entries: readonly AuditEntryView[];
  timeZone: string;
  onFilterPatient: (patientId: string) => void;
}) {
  return (
    <Table>
      <TableCaption className="sr-only">Audit log entries, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead className="hidden sm:table-cell">Staff member</TableHead>
          <TableHead>Action</TableHead>
          <TableHead className="hidden md:table-cell">Patient</TableHead>
          <TableHead className="hidden lg:table-cell">Address</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const details = formatAuditDetails(entry.details);
          return (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">
                <time dateTime={entry.at}>
                  <span className="block">{formatDate(entry.at, timeZone)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {formatAuditTime(entry.at, timeZone)}
                  </span>
                </time>
                {/* Narrow screens: who did it, under when. */}
                <span className="mt-1 block max-w-36 truncate text-xs font-medium sm:hidden">
                  {entry.user?.name ?? 'Patient or system'}
                </span>
              </TableCell>
              <TableCell className="hidden max-w-48 sm:table-cell">
                {entry.user ? (
                  <>
                    <span className="block truncate font-medium">{entry.user.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {entry.user.email}
                    </span>
                  </>
                ) : (
                  <span className="text-muted-foreground">Patient or system</span>
                )}
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Badge variant={entry.action === 'read' ? 'secondary' : 'default'}>
                    {auditActionLabel(entry.action)}
                  </Badge>
                  <span title={entry.entityId ?? undefined}>
                    {entityTypeLabel(entry.entityType)}
                    {entry.entityId && (
                      <span className="text-muted-foreground"> {shortId(entry.entityId)}</span>
                    )}
                  </span>
                </div>
                {details && (
                  <p className="mt-1 max-w-md text-xs break-words text-muted-foreground">
                    {details}
                  </p>
                )}
                {/* Narrow screens: the patient column's facts, under the action. */}
                {entry.patientId && (
                  <p className="mt-1 text-xs text-muted-foreground md:hidden">
                    Patient: {entry.patientName ?? shortId(entry.patientId)}
                  </p>
                )}
              </TableCell>
              <TableCell className="hidden max-w-56 md:table-cell">
                <PatientCell entry={entry} onFilterPatient={onFilterPatient} />
              </TableCell>
              <TableCell className="hidden font-mono text-xs lg:table-cell">
                {entry.ip ?? '—'}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
