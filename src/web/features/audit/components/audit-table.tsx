import { FilterIcon } from 'lucide-react';
import type { AuditEntryView, AuditRecordView } from '@contracts/admin';
import { formatDate } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import {
  auditActionLabel,
  entityTypeLabel,
  entityTypePlural,
  formatAuditDetails,
  formatAuditTime,
  shortId,
} from '../utils/audit-labels';

type PatientRecord = AuditRecordView & { patientId: string };

const patientLabel = (record: PatientRecord) =>
  record.patientName ?? `Patient ${shortId(record.patientId)}`;

function PatientLine({
  record,
  onFilterPatient,
}: {
  record: PatientRecord;
  onFilterPatient: (patientId: string) => void;
}) {
  const label = patientLabel(record);
  return (
    <div className="flex items-center gap-1">
      <span className="truncate" title={record.patientId}>
        {label}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 text-muted-foreground"
        aria-label={`Only entries for ${label}`}
        title="Only entries for this patient"
        onClick={() => onFilterPatient(record.patientId)}
      >
        <FilterIcon className="size-3.5" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** How many names a read of several shows before "and n more". */
const NAMES_SHOWN = 2;

/**
 * The patients of an entry: one as before; a read of several as a few names that open into all
 * of them, each with its own filter.
 */
function PatientCell({
  records,
  onFilterPatient,
}: {
  records: readonly PatientRecord[];
  onFilterPatient: (patientId: string) => void;
}) {
  if (records.length === 0) return <span className="text-muted-foreground">—</span>;
  if (records.length === 1) {
    return <PatientLine record={records[0]!} onFilterPatient={onFilterPatient} />;
  }
  const names = records.slice(0, NAMES_SHOWN).map(patientLabel).join(', ');
  const more = records.length - NAMES_SHOWN;
  return (
    <details className="group">
      <summary className="cursor-pointer truncate">
        {more > 0 ? `${names} and ${more} more` : names}
      </summary>
      <ul className="mt-1 max-h-64 overflow-y-auto">
        {records.map((record, i) => (
          <li key={`${record.entityId ?? ''}-${i}`}>
            <PatientLine record={record} onFilterPatient={onFilterPatient} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** "Appointment 1b9d…" for one record, "20 appointments" for a read of several. */
function RecordsLabel({ entry }: { entry: AuditEntryView }) {
  const [first] = entry.records;
  if (entry.records.length > 1) {
    return <span>{`${entry.records.length} ${entityTypePlural(entry.entityType)}`}</span>;
  }
  const entityId = first?.entityId ?? entry.entityId;
  return (
    <span title={entityId ?? undefined}>
      {entityTypeLabel(entry.entityType)}
      {entityId && <span className="text-muted-foreground"> {shortId(entityId)}</span>}
    </span>
  );
}

const withPatient = (record: AuditRecordView): record is PatientRecord => record.patientId !== null;

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
    <ListTable
      caption="Audit log entries, newest first"
      actions={false}
      columns={[
        'When',
        { label: 'Staff member', className: 'hidden sm:table-cell' },
        'Action',
        { label: 'Patient', className: 'hidden md:table-cell' },
        { label: 'Address', className: 'hidden lg:table-cell' },
      ]}
    >
      {entries.map((entry) => {
        const details = formatAuditDetails(entry.details);
        const patients = entry.records.filter(withPatient);
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
                <RecordsLabel entry={entry} />
              </div>
              {details && (
                <p className="mt-1 max-w-md text-xs break-words text-muted-foreground">{details}</p>
              )}
              {/* Narrow screens: the patient column's facts, under the action. */}
              {patients.length > 0 && (
                <p className="mt-1 text-xs text-muted-foreground md:hidden">
                  {patients.length === 1 ? 'Patient' : 'Patients'}:{' '}
                  {patients.map((r) => r.patientName ?? shortId(r.patientId)).join(', ')}
                </p>
              )}
            </TableCell>
            <TableCell className="hidden max-w-56 md:table-cell">
              <PatientCell records={patients} onFilterPatient={onFilterPatient} />
            </TableCell>
            <TableCell className="hidden font-mono text-xs lg:table-cell">
              {entry.ip ?? '—'}
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
