import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:abcd::9',
      '2001:DB8:1:2::DEAD:BEEF',
    ].map(clientAddressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });

  it('keeps what is not an address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
