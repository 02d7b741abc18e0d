/**
 * Whether a URL a project configured may be called (docs/reference/security.md#outbound-requests): test projects may call
 * http://localhost and any address but the cloud metadata service; live projects need https and a host
 * every one of whose addresses is public (address.ts). `checkTarget` resolves the name; signedPost
 * (send.ts) checks again at send time and connects to the address it checked.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AddressClass, classifyAddress } from './address.ts';

/** Test projects are lenient (a developer's localhost); live projects are strict. */
export type OutboundMode = 'test' | 'live';

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; injectable so tests can make a name point anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Why a target is refused: a URL problem, a name that does not resolve, or the class of a refused address. */
export type TargetRefusal = 'invalid_url' | 'scheme' | 'credentials' | 'unresolvable' | Exclude<AddressClass, 'public'>;

/** The outcome of {@link checkTarget}: the URL and the checked addresses, or the reason it is refused. */
export type TargetCheck = { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; reason: TargetRefusal; message: string };

/** Options of {@link checkTarget} and {@link checkTargetSyntax}. */
export interface TargetOptions {
  mode: OutboundMode;
  /** Default: the system resolver (getaddrinfo, every address). */
  resolve?: Resolver;
}

/** The system resolver: every address getaddrinfo gives for the name. */
export const systemResolver: Resolver = async (hostname) => {
  const all = await lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The URL's host without IPv6 brackets. */
function bareHost(url: URL): string {
  const h = url.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

function refuse(reason: TargetRefusal, message: string): TargetCheck {
  return { ok: false, reason, message };
}

/** Refuses an address for the mode: live refuses every non-public class, test only the metadata service. */
function refuseAddress(address: string, mode: OutboundMode, what: string): TargetCheck | null {
  const cls = classifyAddress(address);
  if (cls === 'public') return null;
  if (mode === 'test' && cls !== 'metadata') return null;
  return refuse(cls, `${what} resolves to a ${cls.replace('_', '-')} address (${address}), which ${mode} projects may not call`);
}

/**
 * The checks that need no resolver (config validation at start): an absolute http(s) URL without
 * credentials; https for live projects; a literal address in an allowed class.
 */
export function checkTargetSyntax(raw: string, mode: OutboundMode): Extract<TargetCheck, { ok: false }> | { ok: true; url: URL } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url', message: 'the target is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'scheme', message: `the target's scheme ${url.protocol} is not http or https` };
  }
  if (mode === 'live' && url.protocol !== 'https:') return { ok: false, reason: 'scheme', message: 'live projects may only call https targets' };
  if (url.username || url.password) return { ok: false, reason: 'credentials', message: 'the target URL may not carry credentials' };
  const host = bareHost(url);
  if (isIP(host)) {
    const r = refuseAddress(host, mode, 'the target');
    if (r && !r.ok) return r;
  } else if (mode === 'live' && (host === 'localhost' || host.endsWith('.localhost'))) {
    return { ok: false, reason: 'loopback', message: 'live projects may not call localhost' };
  }
  return { ok: true, url };
}

/**
 * Checks a target for a project of `mode`: the URL ({@link checkTargetSyntax}), then every address its
 * host resolves to (one refused address refuses the target: a name may not mix public and private).
 */
export async function checkTarget(raw: string, opts: TargetOptions): Promise<TargetCheck> {
  const syntax = checkTargetSyntax(raw, opts.mode);
  if (!syntax.ok) return syntax;
  const url = syntax.url;
  const host = bareHost(url);
  const family = isIP(host);
  if (family) return { ok: true, url, addresses: [{ address: host, family: family === 6 ? 6 : 4 }] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.resolve ?? systemResolver)(host);
  } catch {
    return refuse('unresolvable', `the target's host ${host} does not resolve`);
  }
  if (addresses.length === 0) return refuse('unresolvable', `the target's host ${host} does not resolve`);
  for (const a of addresses) {
    const r = refuseAddress(a.address, opts.mode, `the target's host ${host}`);
    if (r) return r;
  }
  return { ok: true, url, addresses };
}
