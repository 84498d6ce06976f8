/** Reading SANDBOX_* variables that hold a number of milliseconds. */
import { SandboxConfigError } from './config-error.js';

/**
 * A whole number of ms from `min` to `max` (`0` too, when `zero` says what it means); unset or
 * empty: `fallback`. Anything else throws SandboxConfigError naming the variable.
 */
export function msFromEnv(env: Record<string, string | undefined>, variable: string, bounds: { fallback: number; min: number; max: number; zero?: string }): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return bounds.fallback;
  const ms = Number(raw);
  if (/^\d+$/.test(raw) && ((ms >= bounds.min && ms <= bounds.max) || (ms === 0 && bounds.zero !== undefined))) return ms;
  const zero = bounds.zero !== undefined && bounds.min > 0 ? `0 (${bounds.zero}) or ` : '';
  throw new SandboxConfigError(variable, `"${raw}" is not ${zero}a whole number of ms from ${bounds.min} to ${bounds.max}`);
}
