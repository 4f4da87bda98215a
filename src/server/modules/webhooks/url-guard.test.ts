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
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1::1', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
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
