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
