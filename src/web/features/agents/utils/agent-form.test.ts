import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@contracts/admin';
import { createAgentBody } from '@contracts/admin';
import {
  agentFormFrom,
  emptyAgentForm,
  toCreateBody,
  toUpdateBody,
  validateAgentForm,
  type AgentFormValues,
} from './agent-form';

const RIVERSIDE = '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01';
const CAMDEN = '1a0f6c2e-95b4-4d9b-8c55-0c9e4b7f3d22';

function agent(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '5e1b1f9a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    email: 'nora.kelly@carebook.test',
    name: 'Nora Kelly, RN',
    role: 'nurse',
    timezone: 'America/New_York',
    active: true,
    clinics: [
      { id: RIVERSIDE, slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' },
    ],
    alsoElsewhere: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

function filled(overrides: Partial<AgentFormValues> = {}): AgentFormValues {
  return {
    ...emptyAgentForm({ timezone: 'Europe/London', clinicIds: [RIVERSIDE] }),
    name: 'Jordan Reyes',
    email: 'Jordan.Reyes@Carebook.test ',
    password: 'welcome-aboard-2026',
    ...overrides,
  };
}

describe('validateAgentForm', () => {
  it('accepts a complete new staff member', () => {
    expect(validateAgentForm(filled(), 'create')).toEqual({});
  });

  it('names every missing or wrong field', () => {
    const errors = validateAgentForm(
      filled({
        name: '  ',
        email: 'jordan@',
        clinicIds: [],
        password: 'short',
        timezone: 'Mars/Base',
      }),
      'create',
    );
    expect(errors).toEqual({
      name: 'Enter a name.',
      email: 'Enter a valid email address.',
      timezone: 'Choose a time zone from the list.',
      clinicIds: 'Choose at least one clinic.',
      password: 'Password must be at least 10 characters.',
    });
  });

  it('does not ask for a password when editing', () => {
    expect(validateAgentForm(filled({ password: '' }), 'edit')).toEqual({});
  });
});

describe('toCreateBody', () => {
  it('is what the server schema accepts, trimmed and lower-cased', () => {
    const body = toCreateBody(filled({ timezone: '' }));
    expect(body).toMatchObject({ email: 'jordan.reyes@carebook.test', timezone: null });
    expect(createAgentBody.safeParse(body).success).toBe(true);
  });
});

describe('toUpdateBody', () => {
  it('is empty when nothing changed', () => {
    expect(toUpdateBody(agentFormFrom(agent()), agent())).toEqual({});
  });

  it('sends only what changed', () => {
    const values = { ...agentFormFrom(agent()), role: 'provider' as const, clinicIds: [CAMDEN] };
    expect(toUpdateBody(values, agent())).toEqual({ role: 'provider', clinicIds: [CAMDEN] });
  });

  it('treats clinics in another order as unchanged, and an emptied zone as null', () => {
    const original = agent({
      clinics: [
        { id: RIVERSIDE, slug: 'riverside', name: 'Riverside', timezone: 'UTC' },
        { id: CAMDEN, slug: 'camden', name: 'Camden', timezone: 'UTC' },
      ],
    });
    const values = { ...agentFormFrom(original), clinicIds: [CAMDEN, RIVERSIDE], timezone: '' };
    expect(toUpdateBody(values, original)).toEqual({ timezone: null });
  });
});
