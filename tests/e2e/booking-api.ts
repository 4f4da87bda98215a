import { expect, type Page } from '@playwright/test';

/** A patient as the clinic's patient search lists them. */
export interface ListedPatient {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The spec's create body (§7) that books `patient` with `staff` at `start` for half an hour, names
 * included as the create dialog sends them (the server looks both up by id).
 */
export function halfHourBooking(
  start: string,
  staff: { id: string; name: string; email: string },
  patient: ListedPatient,
  clinic: string,
  notes: string,
) {
  return {
    date: start,
    staff,
    patient: {
      id: patient._id,
      name: `${patient.firstName} ${patient.lastName}`,
      email: patient.email,
      clinic,
    },
    duration: 30,
    metadata: { source: 'carebook', type: 'custom', status: 'BOOKED', notes },
  };
}

/**
 * A patient of this run at Riverside ("Physio Journey <stamp>"), made through the API as the
 * signed-in page, so the first free time a picker offers is nobody else's.
 */
export async function createRunPatient(page: Page, firstName: string, stamp: string) {
  const email = `${firstName.toLowerCase()}.${stamp}@example.com`;
  const res = await page.request.post('/api/clinics/riverside/patients', {
    data: { firstName, lastName: `Journey ${stamp}`, email },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { _id: id } = (await res.json()) as { _id: string };
  return { id, name: `${firstName} Journey ${stamp}`, email };
}
