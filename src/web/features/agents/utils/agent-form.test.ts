import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AdminUser } from '@contracts/admin';
import { createAgentBody } from '@contracts/admin';
import {
  agentFormFrom,
  agentFormSchemas,
  emptyAgentForm,
  resetPasswordFormSchema,
  toUpdateBody,
  type AgentFormMode,
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

/** The messages the form shows, by field; empty when it would send. */
function problems(values: AgentFormValues, mode: AgentFormMode = 'create') {
  const result = agentFormSchemas[mode].safeParse(values);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

/** What the form sends: the values as its schema parses them. */
function parsed(values: AgentFormValues, mode: AgentFormMode = 'create') {
  return agentFormSchemas[mode].parse(values);
}

describe('the agent form schema', () => {
  it('accepts a complete new staff member', () => {
    expect(problems(filled())).toEqual({});
  });

  it('names every missing or wrong field', () => {
    const errors = problems(
      filled({
        name: '  ',
        email: 'jordan@',
        clinicIds: [],
        password: 'short',
        timezone: 'Mars/Base',
      }),
    );
    expect(errors).toEqual({
      name: ['Enter a name.'],
      email: ['Enter a valid email address.'],
      timezone: ['Choose a time zone from the list.'],
      clinicIds: ['Choose at least one clinic.'],
      password: ['Password must be at least 10 characters.'],
    });
  });

  it('words the server’s other limits for the form', () => {
    expect(problems(filled({ name: 'N'.repeat(121), password: 'p'.repeat(201) }))).toEqual({
      name: ['Name must be at most 120 characters.'],
      password: ['Password must be at most 200 characters.'],
    });
    expect(problems(filled({ name: 'Dr. \u202Eevil' }))).toEqual({
      name: ['Name must not contain characters that reverse the direction of text.'],
    });
    expect(z.flattenError(resetPasswordFormSchema.safeParse({ password: 'short' }).error!)).toEqual(
      {
        formErrors: [],
        fieldErrors: { password: ['Password must be at least 10 characters.'] },
      },
    );
  });

  it('does not ask for a password when editing', () => {
    expect(problems(filled({ password: '' }), 'edit')).toEqual({});
  });

  it('sends what the server schema accepts, trimmed and lower-cased', () => {
    const body = parsed(filled({ name: ' Jordan Reyes ', timezone: '' }));
    expect(body).toMatchObject({
      name: 'Jordan Reyes',
      email: 'jordan.reyes@carebook.test',
      timezone: null,
    });
    expect(createAgentBody.safeParse(body).success).toBe(true);
  });
});

describe('toUpdateBody', () => {
  it('is empty when nothing changed', () => {
    expect(toUpdateBody(parsed(agentFormFrom(agent()), 'edit'), agent())).toEqual({});
  });

  it('sends only what changed', () => {
    const values = { ...agentFormFrom(agent()), role: 'provider' as const, clinicIds: [CAMDEN] };
    expect(toUpdateBody(parsed(values, 'edit'), agent())).toEqual({
      role: 'provider',
      clinicIds: [CAMDEN],
    });
  });

  it('treats clinics in another order as unchanged, and an emptied zone as null', () => {
    const original = agent({
      clinics: [
        { id: RIVERSIDE, slug: 'riverside', name: 'Riverside', timezone: 'UTC' },
        { id: CAMDEN, slug: 'camden', name: 'Camden', timezone: 'UTC' },
      ],
    });
    const values = { ...agentFormFrom(original), clinicIds: [CAMDEN, RIVERSIDE], timezone: '' };
    expect(toUpdateBody(parsed(values, 'edit'), original)).toEqual({ timezone: null });
  });
});
