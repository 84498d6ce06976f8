/**
 * The client's address, as per-client limits and the log see it (TRUST_PROXY). By default the
 * socket's: a forwarding header can be written by anyone. Behind trusted proxies, the chain of
 * addresses the proxies appended (`X-Forwarded-For`, or `Forwarded` with TRUST_PROXY_HEADER) is read
 * from the nearest hop back, through the trusted hops only: the client is the first hop that is not
 * trusted (or the farthest one when all are). proxy-addr, the library Express uses, does the walk
 * and the matching of addresses, ranges and named ranges; forwarded-parse reads RFC 7239's syntax.
 *
 * Bounded: only the last MAX_FORWARDED_HOPS entries of the header are read, and an entry that is not
 * an IP address (`unknown`, an obfuscated name, a port-suffixed value) is never taken as the client:
 * the nearest trusted address before it is.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import parseForwarded from 'forwarded-parse';
import proxyaddr from 'proxy-addr';
import { MAX_FORWARDED_HOPS, type Config, type ForwardingHeader, type TrustProxy } from '../config/index.js';

/** The address of the client of a node request (undefined without a socket: in process). */
export type ClientAddress = (req: IncomingMessage | undefined) => string | undefined;

/** The last `max` comma-separated entries of a header, without reading the rest. */
function lastEntries(header: string, max: number): string {
  let cut = header.length;
  for (let i = 0; i < max; i++) {
    cut = header.lastIndexOf(',', cut - 1);
    if (cut < 0) return header;
  }
  return header.slice(cut + 1);
}

/** An RFC 7239 node (`192.0.2.1:80`, `"[2001:db8::1]:443"`, `unknown`) without its port and brackets. */
function nodeAddress(node: string | undefined): string {
  if (node === undefined) return 'unknown';
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(node);
  return ipv4WithPort ? ipv4WithPort[1]! : node;
}

/** The header's hops as an `X-Forwarded-For` list (farthest first), the last MAX_FORWARDED_HOPS only. */
function forwardedHops(headers: IncomingHttpHeaders, header: ForwardingHeader): string {
  // Node joins repeated forwarding headers with commas; a string list is how a test may give them.
  const field = headers[header];
  const value = Array.isArray(field) ? field.join(',') : field;
  if (!value) return '';
  if (header === 'x-forwarded-for') return lastEntries(value, MAX_FORWARDED_HOPS);
  let elements: Record<string, string>[];
  try {
    elements = parseForwarded(value);
  } catch {
    // Not RFC 7239: no hop can be believed, so the socket's address stands.
    return '';
  }
  return elements
    .slice(-MAX_FORWARDED_HOPS)
    .map((element) => nodeAddress(element.for))
    .join(',');
}

/** Whether the hop-th address back (0: the socket's) is a trusted proxy's, under TRUST_PROXY. */
function trustTest(trustProxy: TrustProxy): (address: string, hop: number) => boolean {
  return 'hops' in trustProxy ? (_address, hop) => hop < trustProxy.hops : proxyaddr.compile(trustProxy.addresses);
}

/** How the client's address is found under `config`'s TRUST_PROXY and TRUST_PROXY_HEADER. */
export function clientAddress(config: Pick<Config, 'trustProxy' | 'trustProxyHeader'>): ClientAddress {
  const { trustProxy, trustProxyHeader } = config;
  if (!trustProxy) return (req) => req?.socket.remoteAddress;
  const trusted = trustTest(trustProxy);
  return (req) => {
    const socket = req?.socket.remoteAddress;
    if (!req || socket === undefined) return socket;
    const hops = forwardedHops(req.headers, trustProxyHeader);
    if (!hops) return socket;
    // proxy-addr reads the socket and `x-forwarded-for` of what it is given: the bounded list here.
    const chain = proxyaddr.all({ socket: { remoteAddress: socket }, headers: { 'x-forwarded-for': hops } } as unknown as IncomingMessage, trusted);
    for (let i = chain.length - 1; i > 0; i--) if (isIP(chain[i]!)) return chain[i];
    return socket;
  };
}

/** Whether a socket's address is one of the trusted proxies' (TRUST_PROXY): with a hop count, every socket's. */
export function trustedProxy(config: Pick<Config, 'trustProxy'>): (address: string) => boolean {
  const { trustProxy } = config;
  if (!trustProxy) return () => false;
  const trusted = trustTest(trustProxy);
  return (address) => trusted(address, 0);
}
