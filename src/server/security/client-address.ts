import ipaddr from 'ipaddr.js';

/**
 * Whose allowance an address spends, for every limit on callers we cannot otherwise tell apart.
 * An IPv4 address counts on its own; an IPv6 client counts by its /64, since one subscriber or
 * one cloud machine is usually given a whole /64 and could otherwise pick a new address per
 * request. An IPv4 address written as IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports it)
 * is the IPv4 address. Anything unparsable is kept as it is, so it still counts against itself.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toNormalizedString()}/64`);
  return `${network.toString()}/64`;
}
