import { beforeEach, describe, expect, it } from 'vitest';
import { createAppointment, createClinic, createPatient, createUser } from '../test/factories';
import { ConflictError, withDbErrors } from './errors';
import { useTestDatabase } from '../test/test-app';

const testDb = useTestDatabase();
let refs: { clinicId: string; patientId: string; staffId: string };
let otherStaffId: string;
const nineAm = new Date('2027-03-01T14:00:00Z');
const minutes = (n: number) => new Date(nineAm.getTime() + n * 60_000);

beforeEach(async () => {
  const db = testDb.handle.db;
  const clinic = await createClinic(db);
  const patient = await createPatient(db, clinic.id);
  const staff = await createUser(db, { clinicIds: [clinic.id] });
  const other = await createUser(db, { clinicIds: [clinic.id] });
  refs = { clinicId: clinic.id, patientId: patient.id, staffId: staff.id };
  otherStaffId = other.id;
  await createAppointment(db, refs, { start: nineAm, duration: 30 });
});

const book = (overrides: Parameters<typeof createAppointment>[2], r = refs) =>
  withDbErrors(() => createAppointment(testDb.handle.db, r, overrides));

describe('the no-overlap exclusion constraint', () => {
  it.each([
    ['the same start', 0, 30],
    ['a start inside', 15, 30],
    ['an enclosing range', -15, 60],
    ['an end inside', -20, 30],
  ])(
    'refuses an overlapping active appointment with %s as a typed conflict',
    async (_, offset, duration) => {
      const attempt = book({ start: minutes(offset), duration });
      await expect(attempt).rejects.toBeInstanceOf(ConflictError);
      await expect(attempt).rejects.toMatchObject({
        kind: 'overlap',
        constraint: 'appointments_no_overlap',
      });
    },
  );

  it.each(['BOOKED', 'SCHEDULED', 'CONFIRMED', 'COMPLETED', 'NO_SHOW', 'DISQUALIFIED'])(
    'counts a %s appointment as holding its time',
    async (status) => {
      await expect(book({ start: minutes(10), status })).rejects.toBeInstanceOf(ConflictError);
    },
  );

  it('accepts back-to-back slots before and after', async () => {
    await expect(book({ start: minutes(30) })).resolves.toMatchObject({ status: 'BOOKED' });
    await expect(book({ start: minutes(-30) })).resolves.toMatchObject({ status: 'BOOKED' });
  });

  it('accepts the same time for another staff member', async () => {
    await expect(book({ start: nineAm }, { ...refs, staffId: otherStaffId })).resolves.toBeTruthy();
  });

  it('ignores cancelled rows, both ways', async () => {
    await expect(book({ start: nineAm, status: 'CANCELLED' })).resolves.toBeTruthy();
    await expect(book({ start: minutes(60), status: 'CANCELLED' })).resolves.toBeTruthy();
    await expect(book({ start: minutes(60) })).resolves.toBeTruthy();
  });
});
