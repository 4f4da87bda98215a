// Test support for the create wizard's component tests: its data and a stand-in server behind
// `fetch`. Not part of the app bundle (only *.test.tsx files import it).
import { slotIdOf, type TimeSlot } from '@domain/slots';
import type { ResourceView } from '@web/queries/resources';
import type { ServiceView } from '@contracts/services';
import { json, makeSessionUser, stubApi } from '@web/test/api-stub';
import { createServiceView } from '@web/test/service-view';
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

export const NORA = '6a1f2d3c-7b8e-4f9a-8b1c-2d3e4f5a6b72';

export const priya = {
  _id: PRIYA,
  name: 'Dr. Priya Raman',
  email: 'priya@carebook.test',
  role: 'provider',
  timezone: ZONE,
};
export const nora = {
  _id: NORA,
  name: 'Nora Kelly',
  email: 'nora@carebook.test',
  role: 'nurse',
  timezone: ZONE,
};

export function makeSlot(startIso: string, durationMinutes = 30, agent = priya): TimeSlot {
  return {
    slotId: slotIdOf(agent._id, startIso),
    timestamp: startIso,
    startTime: startIso,
    endTime: new Date(new Date(startIso).getTime() + durationMinutes * 60_000).toISOString(),
    agentId: agent._id,
    agentName: agent.name,
    agentEmail: agent.email,
    durationMinutes,
  };
}

/** Riverside's services (issue 42): the default every clinic has, unless a test gives more. */
export const videoVisit = createServiceView({
  clinicId: 'c2',
  name: 'Video visit',
  durations: [30],
  isDefault: true,
});

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
  /** Riverside's bookable agents; Dr. Priya Raman alone unless given. */
  agents?: Array<typeof priya>;
  /** Riverside's services, or a Response (a failure); its default service alone unless given. */
  services?: ServiceView[] | (() => Response);
  /** Riverside's rooms and equipment (ADR 045); none unless given. */
  resources?: ResourceView[];
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
    if (path.endsWith('/nurses')) return json(options.agents ?? [priya]);
    if (/^\/api\/clinics\/c\d\/services$/.test(path)) {
      const services = options.services ?? [videoVisit];
      return typeof services === 'function' ? services() : json({ data: services });
    }
    if (/^\/api\/clinics\/c\d\/resources$/.test(path))
      return json({ data: options.resources ?? [] });
    if (path.endsWith('/slots')) {
      // Free at 9:00 and 9:30 on 2030-03-04 for each agent asked about, at the length asked for.
      const length = Number(url.searchParams.get('duration') ?? 30);
      const asked = url.searchParams.get('agentId');
      // As the server does: only those who offer the service asked for (issue 42).
      const listed = Array.isArray(options.services) ? options.services : [];
      const service = listed.find((s) => s.id === url.searchParams.get('serviceId'));
      const offers = (id: string) =>
        !service || service.offeredByAll || service.agents.some((a) => a.id === id);
      const agents = (options.agents ?? [priya]).filter(
        (a) => (!asked || a._id === asked) && offers(a._id),
      );
      const free =
        length === 30 && !options.agents
          ? slots
          : agents.flatMap((agent) =>
              ['2030-03-04T14:00:00.000Z', '2030-03-04T14:30:00.000Z'].map((start) =>
                makeSlot(start, length, agent),
              ),
            );
      // A service with a need (ADR 045): each time gets the room asked for, else the first of
      // its category; at 10:00 the providers are free but no room is.
      const category = service?.resourceCategory?.toLowerCase();
      const rooms = (options.resources ?? []).filter(
        (r) => category && r.category.toLowerCase() === category,
      );
      const room = url.searchParams.get('resourceId') ?? rooms[0]?.id;
      const day = url.searchParams.get('from') === '2030-03-04';
      return json({
        timezone: ZONE,
        slots: day ? free.map((s) => (category ? { ...s, resourceId: room } : s)) : [],
        ...(category && {
          withoutResource: day
            ? agents.map((a) => ({ startTime: '2030-03-04T15:00:00.000Z', agentId: a._id }))
            : [],
        }),
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
