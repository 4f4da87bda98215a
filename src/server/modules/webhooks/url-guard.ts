import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may reach this address unless the server allows private ones
 * (WEBHOOK_ALLOW_PRIVATE): only global unicast addresses, as ipaddr.js names them ('unicast',
 * every special range refused), and for IPv6 only inside 2000::/3, the one block IANA gives out
 * for global unicast. A list of refused ranges missed forms such as [::7f00:1] (IPv4-compatible),
 * [::ffff:0:7f00:1] (SIIT), [2002:7f00:1::1] (6to4 of 127.0.0.1) and site-local [fec0::1]; an
 * allow-list fails closed on whatever is forgotten or assigned later. An admin's URL would
 * otherwise let them probe, through our server, what only it can reach.
 *
 * Two IPv6 forms carry an IPv4 address our connection really goes to, and are judged by it:
 * IPv4-mapped (::ffff:a.b.c.d, which a resolver may answer with) and 6to4 (2002:aabb:ccdd::/48,
 * relayed to a.b.c.d). NAT64, Teredo, SIIT and the rest are refused whatever they hold: the
 * network, not the address, decides where those go.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  // ipaddr.js reads "::a.b.c.d" (IPv4-compatible) as IPv4-mapped; the URL parser writes every
  // IPv6 form the one canonical way, in hex (and refuses zone ids, link-local anyway).
  const canonical = URL.canParse(`http://[${address}]/`)
    ? new URL(`http://[${address}]/`).hostname.slice(1, -1)
    : undefined;
  if (canonical === undefined || !ipaddr.IPv6.isValid(canonical)) return false;
  const v6 = ipaddr.IPv6.parse(canonical);
  const range = v6.range();
  if (range === 'ipv4Mapped') return isPublicAddress(v6.toIPv4Address().toString());
  if (range === '6to4') {
    const [, high = 0, low = 0] = v6.parts;
    return isPublicAddress(
      new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]).toString(),
    );
  }
  return range === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** Every address a webhook may not reach without WEBHOOK_ALLOW_PRIVATE; not an address too. */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

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
      `${host} resolves to a private, loopback or link-local address, or another that is not public; webhooks go to public addresses only.`,
    );
  }
}
