import { describe, expect, it } from 'vitest';
import { directionsUrl, phoneEnding, visitKindOf } from './visit-kind';

const service = {
  kind: 'in_person' as const,
  name: 'Physiotherapy',
  location: null,
  instructions: null,
};

describe('visitKindOf', () => {
  it('sends an in-person visit to its own place, else to the clinic’s address', () => {
    expect(
      visitKindOf({ ...service, location: ' Room 2, 40 Mill Lane ' }, '118 Riverside Drive'),
    ).toMatchObject({ address: 'Room 2, 40 Mill Lane' });
    expect(visitKindOf({ ...service, location: '  ' }, '118 Riverside Drive')).toMatchObject({
      address: '118 Riverside Drive',
    });
    expect(visitKindOf(service, null).address).toBeNull();
  });

  it('gives a video or phone visit no address, and blank instructions as none', () => {
    for (const kind of ['video', 'phone'] as const) {
      expect(
        visitKindOf({ ...service, kind, location: '40 Mill Lane', instructions: ' \n ' }, 'X'),
      ).toEqual({ kind, serviceName: 'Physiotherapy', address: null, instructions: null });
    }
  });
});

describe('directionsUrl and phoneEnding', () => {
  it('searches the address on one line', () => {
    expect(directionsUrl('118 Riverside Drive\nNew York, NY 10024')).toBe(
      'https://www.openstreetmap.org/search?query=118%20Riverside%20Drive%20New%20York%2C%20NY%2010024',
    );
  });

  it('shows the last four digits, or nothing when there are not four', () => {
    expect(phoneEnding('(555) 010-2030')).toBe('2030');
    expect(phoneEnding('+44 20 7946 0321')).toBe('0321');
    expect(phoneEnding('123')).toBeNull();
    expect(phoneEnding(null)).toBeNull();
  });
});
