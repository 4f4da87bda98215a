// Test support for the create wizard's component tests: its data and a stand-in server behind
// `fetch`. Not part of the app bundle (only *.test.tsx files import it).
import { slotIdOf, type TimeSlot } from '@domain/slots';
import { json, makeSessionUser, stubApi } from '@web/test/api-stub';
import { createAppointment } from '../../test/appointment-factory';

export const ZONE = 'America/New_York';
export const PRIYA = '5a0d6a0e-3c1f-4a8e-9d55-0b6f1c1e2a7b';

export const clinics = [
  { id: 'c2', slug: 'riverside', name: 'Riverside Family Clinic', timezone: ZONE },
  { id: 'c1', slug: 'camden', name: 'Camden Health Centre', timezone: 'Europe/London' },
];

export const patients = [
  {
    _id: '0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana.silva@example.com',
    dob: '1988-07-14',
    phoneNumber: '(555) 201-3344',
    source: 'front-desk',
    clinic: 'riverside',
  },
  {
    _id: '9c2d4e6f-1a3b-4c5d-8e7f-a1b2c3d4e5f6',
    // The other spelling the spec says occurs.
    first_name: 'Anil',
    last_name: 'Kapoor',
    email: 'anil.kapoor@example.com',
    dob: null,
    phone_number: null,
    source: null,
    clinic: 'riverside',
  },
];

export function makeSlot(startIso: string, durationMinutes = 30): TimeSlot {
  return {
    slotId: slotIdOf(PRIYA, startIso),
    timestamp: startIso,
    startTime: startIso,
    endTime: new Date(new Date(startIso).getTime() + durationMinutes * 60_000).toISOString(),
    agentId: PRIYA,
    agentName: 'Dr. Priya Raman',
    agentEmail: 'priya@carebook.test',
    durationMinutes,
  };
}

/** 2030-03-04 is a Monday; New York is on EST (UTC-5) then. */
export const slots = [makeSlot('2030-03-04T14:00:00.000Z'), makeSlot('2030-03-04T14:30:00.000Z')];

export interface StubOptions {
  search?: (url: URL) => Response;
  createAppointment?: (
    body: unknown,
    headers: Record<string, string>,
  ) => Response | Promise<Response>;
  createPatient?: (body: unknown) => Response;
  /** The clinics the user belongs to; both demo clinics unless given. */
  clinics?: typeof clinics;
}

/** Stands in for the API. Every call is recorded for the tests to inspect. */
export function stubServer(options: StubOptions = {}) {
  const calls: Array<{ method: string; url: URL; body: unknown; headers: Record<string, string> }> =
    [];
  const user = makeSessionUser({
    id: 'u1',
    email: 'staff@carebook.test',
    name: 'Sam Ortiz',
    role: 'staff',
    timezone: ZONE,
    clinics,
  });
  stubApi(({ url, method, body, init }) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, url, body, headers });
    const path = url.pathname;
    if (path === '/api/auth/session') return json({ user });
    if (path === '/api/clinics') return json(options.clinics ?? clinics);
    if (path === '/api/clinics/patient') {
      if (options.search) return options.search(url);
      const keyword = url.searchParams.get('keyword')!.toLowerCase();
      return json(
        patients.filter((p) =>
          JSON.stringify([p.firstName, p.first_name, p.email]).toLowerCase().includes(keyword),
        ),
      );
    }
    if (path.endsWith('/nurses')) {
      return json([
        {
          _id: PRIYA,
          name: 'Dr. Priya Raman',
          email: 'priya@carebook.test',
          role: 'provider',
          timezone: ZONE,
        },
      ]);
    }
    if (path.endsWith('/slots')) {
      return json({
        timezone: ZONE,
        slots: url.searchParams.get('from') === '2030-03-04' ? slots : [],
      });
    }
    if (path.endsWith('/patients') && method === 'POST') {
      if (options.createPatient) return options.createPatient(body);
      return json(
        {
          _id: 'new-patient',
          ...(body as object),
          phoneNumber: null,
          dob: null,
          source: null,
          clinic: 'riverside',
        },
        201,
      );
    }
    if (path === '/api/appointments' && method === 'POST') {
      if (options.createAppointment) return options.createAppointment(body, headers);
      return json(createAppointment({ _id: 'appt-1' }), 201);
    }
    return null;
  });
  return calls;
}
