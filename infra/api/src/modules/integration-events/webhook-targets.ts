// Where a webhook may point (decision 051). A registered URL is the client's, but the request
// leaves from inside the supplier's network: in production only https, and never an address
// that is loopback, private, link-local (cloud metadata) or otherwise not on the internet, checked
// when the URL is registered AND on the connection itself (the resolver below), so a name that
// resolves to a public address at registration and a private one later (DNS rebinding) is refused.
// Outside production, http is allowed to localhost only, for a receiver on the developer's machine.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address (v4 or v6) is one a production webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. (The
  // mapped range is not in the list: BlockList would match every IPv4 address against it.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why `url` cannot be a webhook target, or null when it can (the address is checked again on connect). */
export function refuseTarget(url: string, production: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.username || parsed.password) return 'a webhook URL carries no user name or password';
  if (parsed.protocol === 'http:' && !production && LOCAL_NAMES.has(parsed.hostname)) return null;
  if (parsed.protocol !== 'https:') return production ? 'a webhook URL must be https' : 'a webhook URL must be https (http only to localhost outside production)';
  if (!production) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a webhook may not point at this machine';
  if (isIP(host) && isPrivateAddress(host)) return 'a webhook may not point at a private or loopback address';
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A resolver for http(s).request that refuses private addresses: the check is on the address the
 * socket will connect to, not on an earlier resolution.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || !list.length) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private or loopback address (${refused?.address ?? 'none'}): refused`);
      error.code = 'EWEBHOOKPRIVATE';
      return callback(error, []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}
