/** Reading SANDBOX_* variables that hold a whole number of milliseconds or seconds. */
import { SandboxConfigError } from './config-error.js';

/**
 * A whole number of `unit` (ms unless given) from `min` to `max` (`0` too, when `zero` says what it
 * means); unset or empty: `fallback`. Anything else throws SandboxConfigError naming the variable.
 */
export function durationFromEnv(
  env: Record<string, string | undefined>,
  variable: string,
  bounds: { fallback: number; min: number; max: number; zero?: string; unit?: 'ms' | 'seconds' },
): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return bounds.fallback;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && ((value >= bounds.min && value <= bounds.max) || (value === 0 && bounds.zero !== undefined))) return value;
  const zero = bounds.zero !== undefined && bounds.min > 0 ? `0 (${bounds.zero}) or ` : '';
  throw new SandboxConfigError(variable, `"${raw}" is not ${zero}a whole number of ${bounds.unit ?? 'ms'} from ${bounds.min} to ${bounds.max}`);
}
