/**
 * Page tokens of the metrics service. The real service hands out opaque tokens that stop working
 * after a while; here a token carries the chain, the offset of the next page and its issue time,
 * sealed with a checksum keyed by the world's seed so an edited or truncated token is refused
 * rather than silently read. Expiry uses the wall clock (it is about the client's session, not
 * world data), injected so tests can move time.
 */
import { bytesToHex, sha256Bytes } from '@avalanche-graph/identity';

interface TokenPayload {
  chainId: number;
  offset: number;
  /** Unix seconds when the token was issued. */
  issuedAt: number;
}

export type TokenCheck = { ok: true; offset: number } | { ok: false; reason: 'invalid' | 'expired' };

export class PageTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number,
  ) {}

  issue(chainId: number, offset: number): string {
    const payload: TokenPayload = { chainId, offset, issuedAt: Math.floor(this.nowMs() / 1000) };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.seal(body)}`;
  }

  check(token: string, chainId: number): TokenCheck {
    const [body, seal, ...rest] = token.split('.');
    if (!body || !seal || rest.length > 0 || seal !== this.seal(body)) return { ok: false, reason: 'invalid' };
    let payload: Partial<TokenPayload>;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const { offset, issuedAt } = payload;
    if (payload.chainId !== chainId || !Number.isInteger(offset) || !Number.isInteger(issuedAt) || offset! < 0) {
      return { ok: false, reason: 'invalid' };
    }
    const age = Math.floor(this.nowMs() / 1000) - issuedAt!;
    if (age < 0 || age > this.ttlSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, offset: offset! };
  }

  private seal(body: string): string {
    return bytesToHex(sha256Bytes(`${this.secret}|metrics-page-token|${body}`)).slice(2, 18);
  }
}
