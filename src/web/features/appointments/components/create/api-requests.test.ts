// The wizard's requests. They sit here rather than beside api/*.ts only because this folder is
// the create wizard's own.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, stubApi } from '@web/test/api-stub';
import type { TimeSlot } from '@domain/slots';
import { buildCreateAppointmentBody, createAppointment } from '../../api/create-appointment';
import {
  createPatient,
  DuplicatePatientError,
  parseFieldErrors,
  PatientValidationError,
} from '../../api/create-patient';
import { searchPatients, toPatientSearchResult } from '../../api/search-patients';
import {
  newPatientFormSchema,
  seedFromKeyword,
  type NewPatientFormValues,
} from './add-patient-validation';

const stubFetch = (answer: (url: URL, init: RequestInit) => Response) =>
  stubApi(({ url, init }) => answer(url, init)).requests;

afterEach(() => vi.unstubAllGlobals());

describe('patient search results', () => {
  it('accepts both spellings of the name and phone fields', () => {
    const camel = toPatientSearchResult({
      _id: 'p1',
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      dob: '1990-02-03',
      phoneNumber: '555-0101',
    });
    const snake = toPatientSearchResult({
      _id: 'p1',
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      dob: '1990-02-03',
      phone_number: '555-0101',
    });
    expect(snake).toEqual(camel);
    expect(camel).toEqual({
      id: 'p1',
      firstName: 'Ana',
      lastName: 'Silva',
      fullName: 'Ana Silva',
      email: 'ana@example.com',
      dob: '1990-02-03',
      phone: '555-0101',
    });
  });

  it('sends the keyword trimmed, with the clinic and the session cookie', async () => {
    const calls = stubFetch(() => json([]));
    await searchPatients({ clinic: 'riverside', keyword: '  ana silva  ' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/clinics/patient');
    expect(calls[0]!.url.searchParams.get('clinic')).toBe('riverside');
    expect(calls[0]!.url.searchParams.get('keyword')).toBe('ana silva');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('does not call the server for a blank keyword or without a clinic', async () => {
    const calls = stubFetch(() => json([]));
    expect(await searchPatients({ clinic: 'riverside', keyword: '   ' })).toEqual([]);
    expect(await searchPatients({ clinic: '', keyword: 'ana' })).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('a non-OK answer raises "Failed to search patients: {status} {statusText}"', async () => {
    stubFetch(() => json({ message: 'boom' }, 503, 'Service Unavailable'));
    await expect(searchPatients({ clinic: 'riverside', keyword: 'ana' })).rejects.toThrow(
      'Failed to search patients: 503 Service Unavailable',
    );
  });
});

describe('adding a patient', () => {
  it('a 409 offers the existing patient named by the server', async () => {
    stubFetch(() =>
      json(
        {
          error: 'conflict',
          message: 'A patient with this email already exists: Ana Silva.',
          existingPatientId: '0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
        },
        409,
      ),
    );
    const error = await createPatient('riverside', {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicatePatientError);
    expect((error as DuplicatePatientError).message).toBe(
      'A patient with this email already exists: Ana Silva.',
    );
    expect((error as DuplicatePatientError).existingPatientId).toBe(
      '0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
    );
  });

  it('a 400 is split into the fields the server names', async () => {
    stubFetch(() =>
      json(
        {
          error: 'bad_request',
          message: 'The request body is not valid.',
          details: 'Email must be a valid email address. Phone must be a phone number.',
          fields: [
            { field: 'email', message: 'Email must be a valid email address.' },
            { field: 'phone', message: 'Phone must be a phone number.' },
            { field: 'phone', message: 'Phone must be at most 40 characters long.' },
          ],
        },
        400,
      ),
    );
    const error = await createPatient('riverside', {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'nope',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PatientValidationError);
    expect((error as PatientValidationError).fieldErrors).toEqual({
      email: 'Email must be a valid email address.',
      phone: 'Phone must be a phone number.',
    });
  });

  it('posts to the clinic with blank optional fields left out', async () => {
    const calls = stubFetch(() =>
      json(
        {
          _id: 'p9',
          firstName: 'Ana',
          lastName: 'Silva',
          email: 'ana@example.com',
          dob: null,
          phoneNumber: null,
          source: null,
          clinic: 'river side',
        },
        201,
      ),
    );
    const patient = await createPatient('river side', {
      firstName: ' Ana ',
      lastName: 'Silva',
      email: 'ana@example.com',
      dob: '',
      phone: '  ',
    });
    expect(calls[0]!.url.pathname).toBe('/api/clinics/river%20side/patients');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
    });
    expect(patient.fullName).toBe('Ana Silva');
  });

  it('ignores details that name no field', () => {
    expect(parseFieldErrors('Something else went wrong')).toEqual({});
    expect(parseFieldErrors(undefined)).toEqual({});
  });

  it('checks the form with the labels people see', () => {
    const problems = (values: Partial<NewPatientFormValues>) => {
      const blank = { firstName: '', lastName: '', email: '', dob: '', phone: '' };
      const result = newPatientFormSchema('2026-05-01').safeParse({ ...blank, ...values });
      return result.success ? {} : z.flattenError(result.error).fieldErrors;
    };
    expect(problems({ firstName: ' ' })).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
    });
    expect(
      problems({
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@',
        dob: '2026-05-02',
        phone: 'x',
      }),
    ).toEqual({
      email: ['Email must be a valid email address'],
      dob: ['Date of birth cannot be in the future'],
      phone: ['Phone must be a phone number such as (555) 123-4567'],
    });
    expect(
      problems({
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@example.com',
        dob: '1990-01-01',
      }),
    ).toEqual({});
  });

  it('seeds the form from what was searched', () => {
    expect(seedFromKeyword('ana@example.com')).toMatchObject({ email: 'ana@example.com' });
    expect(seedFromKeyword(' Ana  de Silva ')).toMatchObject({
      firstName: 'Ana',
      lastName: 'de Silva',
      email: '',
    });
  });
});

describe('creating the appointment', () => {
  const slot: TimeSlot = {
    slotId: 's1',
    timestamp: '2030-03-04T14:00:00.000Z',
    startTime: '2030-03-04T14:00:00.000Z',
    endTime: '2030-03-04T14:30:00.000Z',
    agentId: '5a0d6a0e-3c1f-4a8e-9d55-0b6f1c1e2a7b',
    agentName: 'Dr. Priya Raman',
    agentEmail: 'priya@carebook.test',
    durationMinutes: 30,
  };
  const input = {
    clinic: 'riverside',
    patientId: '0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
    patientName: 'Ana Silva',
    patientEmail: 'ana@example.com',
    patientPhone: '',
    notes: '  Follow-up  ',
    slot,
    duration: 30,
  };

  it('builds the spec §7 body', () => {
    expect(buildCreateAppointmentBody(input)).toEqual({
      date: '2030-03-04T14:00:00.000Z',
      startTime: '2030-03-04T14:00:00.000Z',
      endTime: '2030-03-04T14:30:00.000Z',
      staff: {
        id: '5a0d6a0e-3c1f-4a8e-9d55-0b6f1c1e2a7b',
        name: 'Dr. Priya Raman',
        email: 'priya@carebook.test',
      },
      patient: {
        id: '0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
        name: 'Ana Silva',
        email: 'ana@example.com',
        phone: null,
        clinic: 'riverside',
      },
      duration: 30,
      metadata: { source: 'carebook', type: 'custom', notes: 'Follow-up', status: 'BOOKED' },
    });
  });

  it('sends the Idempotency-Key and reads the error per spec §8', async () => {
    const calls = stubFetch(() =>
      json(
        {
          error: 'conflict',
          message: 'This time was just booked by someone else. Pick another slot.',
        },
        409,
      ),
    );
    await expect(createAppointment(buildCreateAppointmentBody(input), 'key-1')).rejects.toThrow(
      'This time was just booked by someone else. Pick another slot.',
    );
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
  });

  it('falls back to "Failed to create appointment"', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    await expect(createAppointment(buildCreateAppointmentBody(input), 'key-2')).rejects.toThrow(
      'Failed to create appointment',
    );
  });
});
