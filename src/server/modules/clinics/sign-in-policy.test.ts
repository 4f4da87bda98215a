import { describe, expect, it } from 'vitest';
import { useScenario, useTestApp } from '../../test/test-app';
import { signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';

// How a clinic's staff sign in (ADR 046), in its policy: nobody must give a second factor until
// an admin says so; the change applies at each user's next sign-in.

const env = useTestApp({ now: '2026-11-28T12:00:00Z' });
const { s, admin } = useScenario(env, 'admin');
const url = () => `/api/admin/clinics/${s.clinic.slug}/policy`;

const put = (signIn: unknown) =>
  admin.put(url(), { reminders: { offsetsMinutes: [1440] }, signIn });

describe('the clinic’s sign-in policy', () => {
  it('starts with no second factor required and no passwordless passkeys', async () => {
    const res = await admin.get(url());
    expect(res.json().policy.signIn).toEqual({ secondFactor: 'off', passkeySignIn: false });
  });

  it('an admin requires it of everyone; staff are led to set it up at their next sign-in', async () => {
    const res = await put({ secondFactor: 'everyone', passkeySignIn: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy.signIn).toEqual({ secondFactor: 'everyone', passkeySignIn: true });
    // A client that leaves the part out keeps it.
    const other = await admin.put(url(), { reminders: { offsetsMinutes: [60] } });
    expect(other.json().policy.signIn).toEqual({ secondFactor: 'everyone', passkeySignIn: true });
    const signIn = await signInFrom(env.app, s.staff.email, TEST_PASSWORD, '10.4.0.1');
    expect(signIn.json()).toMatchObject({ next: 'enrol', methods: [] });
  });

  it('refuses a policy it does not know, in the error shape', async () => {
    const res = await put({ secondFactor: 'sometimes', passkeySignIn: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
    expect((await admin.get(url())).json().policy.signIn.secondFactor).toBe('off');
  });
});
