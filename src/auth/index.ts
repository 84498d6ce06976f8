/**
 * Who may call (AUTH_JWKS_URL): the authenticator, the HTTP door's gate, and who a request's client
 * is once it passed: its verified identity, else its address.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { clientAddress } from '../http/client-address.js';
import { Upstreams } from '../upstream/index.js';
import { identityOf } from './http.js';
import { JwtAuthenticator } from './jwt.js';

export { authenticationGate, challenge, identityOf, setIdentity } from './http.js';
export type { Refusal, Verdict } from './jwt.js';
export { JwtAuthenticator };

/** The authenticator the configuration asks for, or undefined when callers are not authenticated. */
export function authenticatorFor(config: Config): JwtAuthenticator | undefined {
  if (!config.authJwksUrl) return undefined;
  return new JwtAuthenticator({
    jwksUrl: config.authJwksUrl,
    issuer: config.authIssuer,
    audience: config.authAudience,
    algorithms: config.authAlgorithms,
    clockSkewS: config.authClockSkewS,
    claim: config.authIdentityClaim,
  });
}

/**
 * The client every per-client bound counts a request (or WebSocket upgrade) as: its verified caller
 * (`jwt:<fingerprint>`) when it has one, else its address (`ip:<address or /64>`, TRUST_PROXY).
 */
export function callerClient(config: Config): (req: IncomingMessage | undefined) => string {
  const addressOf = clientAddress(config);
  return (req) => identityOf(req) ?? Upstreams.clientOf(addressOf(req));
}
