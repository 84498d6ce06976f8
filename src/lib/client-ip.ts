/**
 * How per-client bounds count a client's IP address. Shared by the HTTP layer (connections, bodies,
 * admission) and the upstream layer (calls per second), which must name a client alike.
 */
import { isIP } from 'node:net';

/**
 * The unit per-client bounds count an address as: an IPv4 address itself (an IPv4-mapped IPv6 one
 * as IPv4), an IPv6 address by its /64 prefix, as serious limiters do: one host (one ISP customer)
 * commonly holds a whole /64 and could otherwise take a new address for every request.
 */
export function addressGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  const lower = address.toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower.replace(/^::/, '0::'));
  if (mapped) return mapped[1]!;
  // The first four groups of the address written out (`::` expanded), the zone dropped.
  const [head = '', tail] = lower.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((group) => (group.includes('.') ? group : group.replace(/^0+(?=.)/, '')));
  // Written short, as an address is: trailing zero groups become the `::`.
  while (prefix.length > 0 && prefix[prefix.length - 1] === '0') prefix.pop();
  return `${prefix.join(':')}::/64`;
}
