import { describe, expect, it } from 'vitest';
import { auditExportQuery, auditQuery } from '@contracts/admin';
import {
  auditExportHref,
  dateRangeError,
  filtersFromSearchParams,
  filtersToSearchParams,
  toAuditQuery,
  type AuditFilters,
} from './audit-filters';

const USER = '5e1b1f9a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const PATIENT = '4a554ef1-8a36-40fe-ae4d-472e496c2cdb';
const none: AuditFilters = {
  userId: '',
  action: '',
  patientName: '',
  patientId: '',
  from: '',
  to: '',
};

describe('filters in the address', () => {
  it('round-trip', () => {
    const filters = {
      userId: USER,
      action: 'reschedule',
      patientName: 'José Nú',
      patientId: PATIENT,
      from: '2026-11-01',
      to: '2026-11-21',
    };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('drop values the server would refuse', () => {
    const params = new URLSearchParams(
      'user=bob&action=delete&name=ann%0Aa&patient=123&from=2026-02-30&to=yesterday',
    );
    expect(filtersFromSearchParams(params)).toEqual(none);
  });

  it('leave empty filters out of the address', () => {
    expect(filtersToSearchParams({ ...none, from: '2026-11-01' }).toString()).toBe(
      'from=2026-11-01',
    );
  });
});

describe('toAuditQuery', () => {
  it('turns calendar days into instants on the viewer’s clocks, `to` day included', () => {
    const query = toAuditQuery(
      { ...none, from: '2026-03-07', to: '2026-03-08' },
      'America/New_York',
      1,
    );
    // EST before the spring-forward change, EDT after it.
    expect(query.from).toBe('2026-03-07T05:00:00.000Z');
    expect(query.to).toBe('2026-03-09T04:00:00.000Z');
    expect(auditQuery.safeParse(query).success).toBe(true);
  });

  it('sends ids and paging, and nothing for open filters', () => {
    expect(toAuditQuery({ ...none, userId: USER, patientId: PATIENT }, 'UTC', 3)).toEqual({
      userId: USER,
      action: undefined,
      patientName: undefined,
      patientId: PATIENT,
      from: undefined,
      to: undefined,
      page: 3,
      limit: 50,
    });
  });

  it('sends the action and the patient’s name as typed, trimmed, that the server accepts', () => {
    const query = toAuditQuery({ ...none, action: 'read', patientName: '  ana gar ' }, 'UTC', 1);
    expect(query).toMatchObject({ action: 'read', patientName: 'ana gar' });
    expect(auditQuery.safeParse(query).success).toBe(true);
    expect(toAuditQuery({ ...none, patientName: '   ' }, 'UTC', 1).patientName).toBeUndefined();
  });

  it('leaves a reversed range out rather than asking for a 400', () => {
    const filters = { ...none, from: '2026-11-21', to: '2026-11-01' };
    expect(dateRangeError(filters)).toBe('The start date must not be after the end date.');
    expect(toAuditQuery(filters, 'UTC', 1)).toMatchObject({ from: undefined, to: undefined });
  });
});

describe('auditExportHref', () => {
  it('asks for the CSV with the page’s filters and the viewer’s zone, and no paging', () => {
    const href = auditExportHref(
      { ...none, action: 'read', patientName: 'Núñez & co', from: '2026-03-07', to: '2026-03-08' },
      'America/New_York',
    );
    const [path, search] = href.split('?');
    expect(path).toBe('/api/admin/audit/export.csv');
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      action: 'read',
      patientName: 'Núñez & co',
      from: '2026-03-07T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(auditExportQuery.safeParse(Object.fromEntries(params)).success).toBe(true);
  });

  it('asks for everything when no filter is set', () => {
    expect(auditExportHref(none, 'UTC')).toBe('/api/admin/audit/export.csv?timeZone=UTC');
  });
});
