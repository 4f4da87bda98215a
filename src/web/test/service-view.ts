// Test data: a clinic's service as GET /api/clinics/{clinicId}/services lists it (issue 42).
import type { ServiceView } from '@contracts/services';

/** A 30-minute video service offered by everyone, unless told otherwise. */
export function createServiceView(overrides: Partial<ServiceView> = {}): ServiceView {
  return {
    id: crypto.randomUUID(),
    clinicId: crypto.randomUUID(),
    name: 'Service',
    durations: [30],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    kind: 'video',
    location: null,
    colour: '#2563eb',
    offeredByAll: true,
    agents: [],
    bookableOnline: false,
    patientsAllowed: 'all',
    instructions: null,
    resourceCategory: null,
    resourceId: null,
    isDefault: false,
    archived: false,
    version: 1,
    ...overrides,
  };
}
