import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSessionUser, hasRole, initialsOf } from './session';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

describe('fetchSessionUser', () => {
  it('returns the signed-in user', async () => {
    const user = {
      id: 'u1',
      email: 'sam@carebook.test',
      name: 'Sam Ortiz',
      role: 'staff',
      timezone: null,
      theme: 'system',
      clinics: [],
    };
    stubFetch(new Response(JSON.stringify({ user }), { status: 200 }));
    await expect(fetchSessionUser()).resolves.toEqual(user);
  });

  it('reads a 401 as "nobody is signed in"', async () => {
    stubFetch(
      new Response(JSON.stringify({ error: 'unauthorized', message: 'x' }), { status: 401 }),
    );
    await expect(fetchSessionUser()).resolves.toBeNull();
  });

  it('lets other failures through, so a server outage is not mistaken for a sign-out', async () => {
    stubFetch(
      new Response(JSON.stringify({ error: 'unavailable', message: 'Down' }), { status: 503 }),
    );
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 503, message: 'Down' });
  });
});

describe('hasRole', () => {
  it('admits only the listed roles, and nobody when signed out', () => {
    expect(hasRole({ role: 'admin' }, ['admin'])).toBe(true);
    expect(hasRole({ role: 'nurse' }, ['admin'])).toBe(false);
    expect(hasRole({ role: 'nurse' }, ['provider', 'nurse'])).toBe(true);
    expect(hasRole(null, ['admin'])).toBe(false);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Alex Morgan', 'AM'],
    ['Dr. Priya Raman', 'PR'],
    ['Nora Kelly, RN', 'NK'],
    ['Cher', 'C'],
    ['  ', ''],
    ['émile zola', 'ÉZ'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
