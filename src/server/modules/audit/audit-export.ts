import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AuditExportQuery } from '@contracts/admin';
import { localDateKeyOf } from '@domain/zoned-time';
import type { DbHandle } from '../../db/client';
import { csvFile } from '../../core/csv-file';
import type { RequestContext } from '../../core/request-context';
import { auditConditions, listAuditRows, type AuditEntryRow } from './audit.repository';
import { actorOf, auditFilterOf, isRecord } from './audit.service';

/** Rows read per statement while the file is written: one at a time, as the client takes them. */
export const AUDIT_EXPORT_BATCH = 500;

const COLUMNS = [
  'Time',
  'Staff member',
  'Staff email',
  'Action',
  'Record type',
  'Records',
  'Record ids',
  'Patient ids',
  'Patients',
  'Address',
  'Details',
  'Entry id',
] as const;

/** ISO 8601 with the zone's offset at that instant: the admin's wall clock, and unambiguous. */
function zonedIso(at: string, timeZone: string): string {
  return format(new TZDate(Date.parse(at), timeZone), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

function toLine(row: AuditEntryRow, timeZone: string): string[] {
  const user = actorOf(row);
  const ids = (values: (string | null)[]) => values.filter((v) => v !== null).join(' ');
  return [
    zonedIso(row.at, timeZone),
    user?.name ?? 'Patient or system',
    user?.email ?? '',
    row.action,
    row.entityType,
    String(row.records.length),
    ids(row.records.map((r) => r.entityId)),
    ids(row.records.map((r) => r.patientId)),
    row.records
      .map((r) => r.patientName)
      .filter((name) => name !== null)
      .join('; '),
    row.ip ?? '',
    isRecord(row.details) ? JSON.stringify(row.details) : '',
    row.id,
  ];
}

/**
 * The filtered log as CSV, newest first, a line per audit row as the page shows them. The rows
 * are read in batches that each continue after the last row written (not in one transaction:
 * an export may take minutes, and PGlite has a single connection), and read only as fast as the
 * client takes the file. The first batch is read before anything is sent, so a failure there is
 * an error answer rather than a broken file.
 */
export async function exportAuditCsv(
  deps: { db: DbHandle; now: () => Date },
  ctx: RequestContext,
  query: AuditExportQuery,
): Promise<{ filename: string; body: NodeJS.ReadableStream }> {
  const timeZone = query.timeZone ?? ctx.user.timezone ?? 'UTC';
  // The patients a name means are looked up once, not per batch.
  const conditions = await auditConditions(deps.db.db, auditFilterOf(ctx, query));
  const read = (start: Parameters<typeof listAuditRows>[2]) =>
    listAuditRows(deps.db.db, conditions, start, AUDIT_EXPORT_BATCH);
  const first = await read({ offset: 0 });

  async function* lines() {
    for (let batch = first; ;) {
      for (const row of batch) yield toLine(row, timeZone);
      const last = batch.at(-1);
      if (!last || batch.length < AUDIT_EXPORT_BATCH) return;
      batch = await read({ after: { atKey: last.atKey, id: last.id } });
    }
  }

  const csv = csvFile(COLUMNS, lines());
  return {
    filename: `audit-log-${localDateKeyOf(deps.now(), timeZone)}.csv`,
    body: csv,
  };
}
