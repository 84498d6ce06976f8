/**
 * The classes the gateway loads from rate-limiter-flexible's own files rather than its index,
 * which requires every store it supports (about 3 MiB of an idle process). Typed as the package types
 * them; the index exports these same classes.
 */
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export default RateLimiterMemory;
}

declare module 'rate-limiter-flexible/lib/RateLimiterRes.js' {
  import { RateLimiterRes } from 'rate-limiter-flexible';
  export default RateLimiterRes;
}

declare module 'rate-limiter-flexible/lib/RateLimiterRedis.js' {
  import { RateLimiterRedis } from 'rate-limiter-flexible';
  export default RateLimiterRedis;
}
