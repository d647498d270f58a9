import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a request a staff member configured (webhooks): only to public unicast addresses.
 * Loopback, private, link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT, unique-local,
 * multicast, reserved and unspecified addresses are the server's own network, which a URL must not reach unless the
 * operator allows it (WEBHOOK_ALLOW_PRIVATE). ipaddr.js names each range (`range()`); only 'unicast' is public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export class OutboundAddressError extends Error {
  constructor(
    readonly code: 'WEBHOOK_URL_PRIVATE' | 'WEBHOOK_URL_UNRESOLVED',
    message: string,
  ) {
    super(message);
  }
}

/** The addresses a host name resolves to (an address literal: itself). */
async function addressesOf(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return [bare];
  try {
    return (await dns.promises.lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new OutboundAddressError('WEBHOOK_URL_UNRESOLVED', `${host} does not resolve`);
  }
}

/** Refuses a URL whose host resolves to any address that is not public (when saved: the name's addresses now). */
export async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  const addresses = await addressesOf(url.hostname);
  if (allowPrivate) return;
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked !== undefined) throw new OutboundAddressError('WEBHOOK_URL_PRIVATE', `${url.hostname} resolves to ${blocked}, which is not a public address`);
}

/**
 * A `lookup` for http.request that refuses a name resolving to a non-public address at the moment of connecting:
 * a name that pointed elsewhere when it was saved (or answers differently each time) cannot reach the server's
 * network, because the address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean): typeof dns.lookup {
  const lookup = (hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused !== undefined) {
        return callback(new OutboundAddressError('WEBHOOK_URL_PRIVATE', `${hostname} resolves to ${refused.address}, which is not a public address`), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
  return lookup as unknown as typeof dns.lookup;
}
