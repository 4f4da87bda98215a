import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, useTestDatabase } from './test/test-app';
import { apiAs } from './test/api-client';
import { clinicScenario, type ClinicScenario } from './test/scenario';
import { createAppointment } from './test/factories';
import { createDatabaseClock, type Clock } from './clock';
import type { App } from './app';

const MINUTE = 60_000;
const testDb = useTestDatabase();
let s: ClinicScenario;

beforeEach(async () => {
  s = await clinicScenario(testDb.handle.db);
});

/** An app whose own machine clock is `skewMinutes` off, but whose rules read the database clock. */
async function appWithSkew(skewMinutes: number): Promise<{ app: App; clock: Clock }> {
  const clock = await createDatabaseClock(testDb.handle, {
    localNow: () => Date.now() + skewMinutes * MINUTE,
  });
  const app = await buildTestApp(testDb.handle, { now: clock.now });
  return { app, clock };
}

describe('the one clock', () => {
  it.each([-7, 7])('corrects a local clock %i minutes off to the database time', async (skew) => {
    const clock = await createDatabaseClock(testDb.handle, {
      localNow: () => Date.now() + skew * MINUTE,
    });
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(2_000);
    clock.stop();
  });

  it('keeps a server running 7 minutes fast from marking an appointment that starts in 5', async () => {
    const { app, clock } = await appWithSkew(7);
    const soon = await createAppointment(
      testDb.handle.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(Date.now() + 5 * MINUTE) },
    );
    const staff = await apiAs(app, s.staff.email);
    const res = await staff.post(`/api/appointments/${soon.id}?action=completed`);
    expect(res.statusCode).toBe(409);
    await app.close();
    clock.stop();
  });

  it('keeps a server running 7 minutes slow from moving an appointment that started 5 minutes ago', async () => {
    const { app, clock } = await appWithSkew(-7);
    const started = await createAppointment(
      testDb.handle.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(Date.now() - 5 * MINUTE) },
    );
    const staff = await apiAs(app, s.staff.email);
    const res = await staff.put(`/api/appointments/${started.id}`, {
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      staff: { id: s.provider.id },
    });
    expect(res.statusCode).toBe(409);
    const cancel = await staff.post(`/api/appointments/${started.id}?action=cancel`, {
      reason: 'late',
    });
    expect(cancel.statusCode).toBe(409);
    await app.close();
    clock.stop();
  });
});
