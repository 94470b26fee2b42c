/*
 * An address as the audit trail keeps it (issue 40 item 6): IPv4 to its /24, IPv6 to its /48,
 * so an entry says which network, not which person's device.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function truncateIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return truncateIp(mapped[1] as string);
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expand(ip).slice(0, 3).join(':')}::/48`;
  return '';
}

/** The eight groups of an IPv6 address, `::` filled in (zone and IPv4 tail dropped). */
function expand(ip: string): string[] {
  const bare = ip.split('%')[0] as string;
  const [head = '', tail] = bare.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const fill = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
