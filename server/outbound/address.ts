/**
 * Which IP addresses a live project's outbound request may reach (docs/reference/security.md#outbound-requests): a project's
 * webhook or hook target must not turn the server into a proxy onto its own network or the cloud's
 * metadata service. Classification only; target.ts applies it to URLs and resolved names.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Why an address is refused; `public` means it is allowed. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'cgnat' | 'unspecified' | 'multicast' | 'metadata' | 'reserved';

type Rule = [AddressClass, string, number];

// Order matters: the first matching rule names the class (metadata before link-local and private).
const V4: Rule[] = [
  ['metadata', '169.254.169.254', 32],
  ['metadata', '100.100.100.200', 32],
  ['unspecified', '0.0.0.0', 8],
  ['loopback', '127.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['private', '172.16.0.0', 12],
  ['private', '192.168.0.0', 16],
  ['link_local', '169.254.0.0', 16],
  ['cgnat', '100.64.0.0', 10],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
  ['reserved', '192.0.0.0', 24],
  ['reserved', '192.0.2.0', 24],
  ['reserved', '198.18.0.0', 15],
  ['reserved', '198.51.100.0', 24],
  ['reserved', '203.0.113.0', 24],
];
const V6: Rule[] = [
  ['metadata', 'fd00:ec2::254', 128],
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['private', 'fc00::', 7],
  ['private', 'fec0::', 10],
  ['link_local', 'fe80::', 10],
  ['multicast', 'ff00::', 8],
  ['reserved', '2001:db8::', 32],
  ['reserved', '100::', 64],
];

const lists = new Map<AddressClass, BlockList>();
function listFor(cls: AddressClass): BlockList {
  let l = lists.get(cls);
  if (!l) {
    l = new BlockList();
    lists.set(cls, l);
  }
  return l;
}
for (const [cls, net, prefix] of V4) listFor(cls).addSubnet(net, prefix, 'ipv4');
for (const [cls, net, prefix] of V6) listFor(cls).addSubnet(net, prefix, 'ipv6');

/** Expands an IPv6 text form to its 8 groups (numbers); null when it is not IPv6. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let a = address.toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted?.[1]) {
    const o = dotted[1].split('.').map(Number);
    a = `${a.slice(0, -dotted[1].length)}${(((o[0] ?? 0) << 8) | (o[1] ?? 0)).toString(16)}:${(((o[2] ?? 0) << 8) | (o[3] ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  const groups = [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or null. */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the deprecated compatible form, but not :: and ::1).
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6] ?? 0, g[7] ?? 0);
  if (zero(0, 6) && ((g[6] ?? 0) !== 0 || (g[7] ?? 0) > 1)) return v4(g[6] ?? 0, g[7] ?? 0);
  // 64:ff9b::a.b.c.d (NAT64) reaches the IPv4 address through a translator.
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6] ?? 0, g[7] ?? 0);
  // 2002:AABB:CCDD::/48 (6to4) tunnels to AA.BB.CC.DD.
  if (g[0] === 0x2002) return v4(g[1] ?? 0, g[2] ?? 0);
  return null;
}

/** The class of a literal IPv4 or IPv6 address (see {@link AddressClass}); `reserved` for text that is no address. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) {
    for (const [cls, list] of lists) if (list.check(bare, 'ipv4')) return cls;
    return 'public';
  }
  if (isIPv6(bare)) {
    const inner = embeddedIPv4(bare);
    if (inner) return classifyAddress(inner);
    const noZone = bare.split('%')[0] ?? bare;
    for (const [cls, list] of lists) if (list.check(noZone, 'ipv6')) return cls;
    return 'public';
  }
  return 'reserved';
}
