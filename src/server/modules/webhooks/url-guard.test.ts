import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPrivateAddress } from './url-guard';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:7f00:0001',
    '64:ff9b::10.0.0.1',
    // Issue 38: accepted while the guard listed refused ranges.
    '::127.0.0.1', // IPv4-compatible
    '::7f00:1',
    '::ffff:0:7f00:1', // SIIT (RFC 6145)
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:a00:1::1', // 6to4 of 10.0.0.1
    'fec0::1', // site-local
    '2001:db8::1', // documentation
    '3fff::1', // documentation
    '2001::1', // Teredo
    '64:ff9b::8.8.8.8', // NAT64: the network decides where it goes
    '64:ff9b:1::1',
    '100::1', // discard
    '5f00::1', // segment routing
    '::8.8.8.8', // IPv4-compatible, deprecated
    '4000::1', // outside 2000::/3, not yet allocated
    '192.0.2.1', // documentation
    '198.51.100.1',
    '203.0.113.1',
    '198.18.0.1', // benchmarking
    '240.0.0.1', // reserved
    '255.255.255.255',
    '224.0.0.1',
    'fe80::1%eth0',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:2800:220:1::1',
    '::ffff:8.8.8.8',
    '0:0:0:0:0:ffff:808:808',
    '2002:808:808::1', // 6to4 of a public address
    '2a00:1450:4001:81b::200e',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('assertPublicUrl', () => {
  const resolveTo = (addresses: string[]) => async () => addresses;

  it('refuses a name that resolves to any private address', async () => {
    await expect(
      assertPublicUrl('https://hooks.example.com/x', {
        allowPrivate: false,
        resolve: resolveTo(['93.184.216.34', '10.0.0.5']),
      }),
    ).rejects.toThrow(/private, loopback or link-local/);
  });

  it('refuses literal addresses, IPv6 in brackets too', async () => {
    await expect(
      assertPublicUrl('http://[::ffff:127.0.0.1]:8080/', { allowPrivate: false }),
    ).rejects.toThrow(/private/);
    await expect(assertPublicUrl('http://127.0.0.1/', { allowPrivate: false })).rejects.toThrow();
  });

  it.each([
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://[fec0::1]/',
    'http://0x7f.1/',
    'http://2130706433/',
  ])('refuses %s, whose host is not a global unicast address', async (url) => {
    await expect(assertPublicUrl(url, { allowPrivate: false })).rejects.toThrow(/not public/);
    await expect(assertPublicUrl(url, { allowPrivate: true })).resolves.toBeUndefined();
  });

  it('accepts public names, and anything when private addresses are allowed', async () => {
    await expect(
      assertPublicUrl('https://hooks.example.com/x', {
        allowPrivate: false,
        resolve: resolveTo(['93.184.216.34']),
      }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicUrl('http://127.0.0.1/', { allowPrivate: true }),
    ).resolves.toBeUndefined();
  });

  it('refuses a host that does not resolve', async () => {
    await expect(
      assertPublicUrl('https://nowhere.invalid/', {
        allowPrivate: false,
        resolve: () => Promise.reject(new Error('ENOTFOUND')),
      }),
    ).rejects.toThrow(/could not be resolved/);
  });
});
