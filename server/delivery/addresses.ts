// The SSRF check of outgoing requests to owner-chosen URLs: made at send time, on the addresses the name
// resolves to then, and the request connects to the address that was checked (no second lookup to rebind).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, so one list holding
// ::ffff:0:0/96 would refuse every IPv4 address.
const forbiddenV4 = new BlockList();
const forbiddenV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbiddenV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and -translated addresses reach IPv4 hosts by another spelling: refused whatever they map to.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbiddenV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is private, loopback, link-local, unique-local, mapped, reserved or multicast. */
export function isForbiddenAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  return version === 4 ? forbiddenV4.check(address, 'ipv4') : forbiddenV6.check(address, 'ipv6');
}

export class TargetRefusedError extends Error {}

export interface TargetPolicy {
  /** DELIVERY_ALLOW_PRIVATE: plain http and private addresses allowed (a test rig, a closed network). */
  allowPrivate: boolean;
}

export interface CheckedTarget {
  url: URL;
  /** The address the request connects to. */
  address: string;
  family: 4 | 6;
}

/** The reason an owner's URL is refused before anything is resolved, or null. */
export function urlProblem(text: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) return 'must be an https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (text.length > 2000) return 'must be at most 2000 characters';
  return null;
}

/**
 * Resolves the URL's host and checks every address it has: one forbidden address refuses the URL (a name
 * that resolves to a public and a private address would otherwise reach the private one some of the time).
 */
export async function checkTarget(text: string, policy: TargetPolicy): Promise<CheckedTarget> {
  const problem = urlProblem(text, policy);
  if (problem) throw new TargetRefusedError(`The URL ${problem}`);
  const url = new URL(text);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new TargetRefusedError(
      `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'no answer'})`,
      { cause: error },
    );
  }
  if (addresses.length === 0) throw new TargetRefusedError(`${host} has no address`);
  if (!policy.allowPrivate) {
    const refused = addresses.find((entry) => isForbiddenAddress(entry.address));
    if (refused)
      throw new TargetRefusedError(`${host} resolves to ${refused.address}, a private or reserved address: refused`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
