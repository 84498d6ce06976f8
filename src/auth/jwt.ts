/**
 * Who the caller is, when the operator says who may call (AUTH_JWKS_URL): a JWT verified with jose
 * against the operator's JSON Web Key Set (fetched when first needed, kept JWKS_MAX_AGE_MS, fetched
 * again at most every JWKS_COOLDOWN_MS when a token names a key the set does not hold, each fetch
 * within JWKS_TIMEOUT_MS), its issuer, audience, algorithm and times checked. The caller is the
 * token's identity claim, as a fingerprint: `jwt:<16 hex digits>`, the client every per-client
 * bound counts and the only form logs and metrics see. Nothing here knows HTTP.
 *
 * A verified token is remembered (by its text, bounded in bytes) until it expires, for at most
 * VERIFIED_TTL_MS: a key revoked from the set stops its tokens within that time.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { JwtAlgorithm } from '../config/index.js';

export const JWKS_COOLDOWN_MS = 5_000;
export const JWKS_MAX_AGE_MS = 600_000;
export const JWKS_TIMEOUT_MS = 5_000;
/** How long a verified token is taken without checking it again (never past its `exp`). */
export const VERIFIED_TTL_MS = 60_000;
/** Bytes of verified tokens remembered. */
const VERIFIED_MAX_BYTES = 4 * 1024 * 1024;
/** The longest token read: longer is refused unread. */
const MAX_TOKEN_CHARS = 8_192;

export interface JwtOptions {
  jwksUrl: string;
  issuer?: string;
  audience?: string;
  algorithms: readonly JwtAlgorithm[];
  clockSkewS: number;
  /** The claim that names the caller (AUTH_IDENTITY_CLAIM). */
  claim: string;
  /** The claim that names the caller's plan (AUTH_PLANS), if plans are configured. */
  planClaim?: string;
}

/** Why a caller is not taken: RFC 6750's `error` (none when no token came), and a description for the caller. */
export interface Refusal {
  error?: 'invalid_token' | 'invalid_request';
  reason: 'missing' | 'malformed' | 'expired' | 'not-yet-valid' | 'issuer' | 'audience' | 'algorithm' | 'signature' | 'unknown-key' | 'claim' | 'unknown-consumer';
  description: string;
}

/**
 * The caller, or why it is refused; `unavailable` when the key set could not be read (nothing can be
 * said of the token); `ownKey` for a caller with neither that brings its own Data API key, where the
 * operator serves those (AUTH_ALLOW_CALLER_KEYS): it is served as its address.
 */
export type Verdict = { identity: string; plan?: string } | { refused: Refusal } | { unavailable: string } | { ownKey: true };

const refusal = (reason: Refusal['reason'], description: string, error: Refusal['error'] = 'invalid_token'): { refused: Refusal } => ({ refused: { error, reason, description } });

export class JwtAuthenticator {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new LRUCache<string, { identity: string; plan?: string }>({ maxSize: VERIFIED_MAX_BYTES, sizeCalculation: (_value, token) => token.length + 64 });

  constructor(private readonly options: JwtOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: JWKS_COOLDOWN_MS, cacheMaxAge: JWKS_MAX_AGE_MS, timeoutDuration: JWKS_TIMEOUT_MS });
  }

  /** The caller of a request whose `Authorization` (or graphql-ws `connection_init` entry) is `authorization`. */
  async authenticate(authorization: string | undefined): Promise<Verdict> {
    if (authorization === undefined || authorization.trim() === '') {
      return { refused: { reason: 'missing', description: 'this gateway serves authenticated callers only: send `Authorization: Bearer <token>`' } };
    }
    const match = /^Bearer +(\S+)$/i.exec(authorization.trim());
    if (!match || match[1]!.length > MAX_TOKEN_CHARS) return refusal('malformed', 'the Authorization header must be `Bearer <token>`', 'invalid_request');
    const token = match[1]!;
    const known = this.verified.get(token);
    if (known) return known;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: [...this.options.algorithms],
        clockTolerance: this.options.clockSkewS,
      }));
    } catch (error) {
      return this.refusalOf(error);
    }
    const value = payload[this.options.claim];
    if ((typeof value !== 'string' || value === '') && typeof value !== 'number') return refusal('claim', `the token names no caller (no \`${this.options.claim}\` claim)`);
    const plan = this.options.planClaim === undefined ? undefined : payload[this.options.planClaim];
    const identity = { identity: `jwt:${createHash('sha256').update(String(value)).digest('hex').slice(0, 16)}`, ...(typeof plan === 'string' ? { plan } : {}) };
    const exp = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : VERIFIED_TTL_MS;
    if (exp > 0) this.verified.set(token, identity, { ttl: Math.min(exp, VERIFIED_TTL_MS) });
    return identity;
  }

  private refusalOf(error: unknown): Verdict {
    if (error instanceof errors.JWTExpired) return refusal('expired', 'the token has expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'iss') return refusal('issuer', 'the token is not from the issuer this gateway takes');
      if (error.claim === 'aud') return refusal('audience', 'the token is not for this gateway (its audience)');
      if (error.claim === 'nbf') return refusal('not-yet-valid', 'the token is not valid yet');
      return refusal('malformed', `the token's \`${error.claim}\` claim is not valid`);
    }
    if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return refusal('algorithm', 'the token is signed with an algorithm this gateway does not take');
    if (error instanceof errors.JWSSignatureVerificationFailed) return refusal('signature', 'the token\'s signature does not verify');
    if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return refusal('unknown-key', 'no key of the gateway\'s key set signed this token');
    // The set's fetch: timed out, refused (fetch throws a TypeError), not 200, not JSON, not a key set.
    const setUnread = error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/.test(error.message);
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || setUnread || error instanceof TypeError) {
      return { unavailable: 'the key set (AUTH_JWKS_URL) could not be read' };
    }
    return refusal('malformed', 'the token is not a signed JWT this gateway can read');
  }
}
