// Test data: a clinic's room or machine as GET /api/clinics/{clinicId}/resources lists it (ADR 045).
import type { ResourceView } from '@contracts/resources';

/** A treatment room with no hours of its own and no time off, unless told otherwise. */
export function createResourceView(overrides: Partial<ResourceView> = {}): ResourceView {
  return {
    id: crypto.randomUUID(),
    clinicId: crypto.randomUUID(),
    name: 'Room',
    kind: 'room',
    category: 'Treatment room',
    weekly: null,
    timeOff: [],
    archived: false,
    version: 1,
    ...overrides,
  };
}
