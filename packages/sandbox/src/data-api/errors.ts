/** The Data API's error body and parameter checks shared by its routes. */
import { SandboxHttpError, statusText } from '../http.js';

export function dataApiErrorBody(status: number, message: string | string[]): unknown {
  return { message, statusCode: status, error: statusText(status) };
}

export function badRequest(message: string): SandboxHttpError {
  return new SandboxHttpError(400, message);
}

export function notFound(message: string): SandboxHttpError {
  return new SandboxHttpError(404, message);
}

/** Reads an optional enum query parameter; a value outside the list is a 400. */
export function enumParam<T extends string>(query: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!(values as readonly string[]).includes(value)) throw badRequest(`${name} must be one of the following values: ${values.join(', ')}`);
  return value as T;
}
