import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless the server allows it (WEBHOOK_ALLOW_PRIVATE): the
 * server's own machine, its private network, link-local (cloud metadata at 169.254.169.254) and
 * the like. An admin's URL would otherwise let them probe, through our server, what only it can
 * reach.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of an IPv4 address, checked below too
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  // Any other form of ::ffff:0:0/96 (written out in full, say) is refused whatever it holds.
  return blocked.check(address, 'ipv6') || blockedMapped(address);
}

const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');
const blockedMapped = (address: string) => mapped.check(address, 'ipv6');

export class PrivateAddressError extends Error {}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves the URL's host and refuses it if any address it resolves to is private: a name with
 * one public and one private address would otherwise reach the private one half the time.
 * Returns the addresses; an unresolvable host is an error too.
 */
export async function assertPublicUrl(
  url: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<void> {
  if (options.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new PrivateAddressError(`The host ${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new PrivateAddressError(
      `${host} resolves to a private, loopback or link-local address; webhooks go to public addresses only.`,
    );
  }
}
