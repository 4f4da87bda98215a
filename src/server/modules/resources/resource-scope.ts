import type { ResourceView } from '@contracts/resources';
import { RESOURCE_KINDS } from '@domain/resources';
import { validateWeekly, type WeeklySegment } from '@domain/schedule';
import { duplicateKeyOf } from '../../db/errors';
import { asSentence, badRequest, conflict, notFound } from '../../errors';
import type { ResourceRow } from './resources.repository';

// What every use case of the resources module shares: the view, the hours' rules, and the words
// of its refusals. Whose clinic it is is decided as everywhere else (core/clinic-scope).

export { requireClinicOf } from '../../core/clinic-scope';

export const resourceNotFound = () => notFound('Room or equipment not found.');

export const CHANGED_MEANWHILE =
  'Someone else changed this room or equipment since you opened it. Reload to see their changes, then make yours again.';

/** The 409 for a name another active resource of the clinic has; any other error as it was. */
export function asNameTaken(err: unknown, name: string): unknown {
  if (duplicateKeyOf(err) !== 'resources_name_key') return err;
  return conflict(`This clinic already has a room or equipment called “${name}”.`, {
    details: 'Choose another name, or change the one that has it.',
    fields: [{ field: 'name', message: 'is already the name of another room or equipment' }],
  });
}

/**
 * Its own hours, checked by the rules an agent's week is (validateWeekly), in the same words the
 * availability editor shows; kept in weekday and time order. Null stays null: no hours of its own.
 */
export function checkedWeekly(weekly: readonly WeeklySegment[] | null): WeeklySegment[] | null {
  if (weekly === null) return null;
  const problems = validateWeekly(weekly);
  if (problems.length > 0) {
    throw badRequest('The hours cannot be saved; fix the problems listed.', {
      details: problems.map(asSentence).join(' '),
      fields: [{ field: 'weekly', message: problems.map(asSentence).join(' ') }],
    });
  }
  return [...weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
}

// The column's check allows only these; the fallback is the column's default.
const kindOf = (kind: string) => RESOURCE_KINDS.find((k) => k === kind) ?? 'room';

export function toResourceView(row: ResourceRow): ResourceView {
  const { archivedAt, kind, ...rest } = row;
  return { ...rest, kind: kindOf(kind), archived: archivedAt !== null };
}
