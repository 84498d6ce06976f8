/**
 * JSON-RPC 2.0 dispatch for the simulated node: single calls and batch arrays, error objects for
 * unknown methods and bad params, per-method counters and faults (key `<template> <method>`).
 */
import type { SandboxRequest, SandboxService } from '../http.js';
import { SandboxResponse } from '../http.js';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_REQUEST = -32600;
export const PARSE_ERROR = -32700;
/** The code AvalancheGo uses for most method failures (e.g. not found). */
export const SERVER_ERROR = -32000;

export type RpcMethod = (params: unknown, request: SandboxRequest) => unknown;

export interface RpcEndpointOptions {
  /** Whether a JSON array body is served as a batch (the EVM endpoints) or refused. */
  batch: boolean;
}

interface RpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** Registers a JSON-RPC endpoint at `template` serving `methods`. */
export function rpcEndpoint(
  service: SandboxService,
  template: string,
  methods: (request: SandboxRequest) => Record<string, RpcMethod> | null,
  options: RpcEndpointOptions,
): void {
  service.route('POST', template, async (request) => {
    const table = methods(request);
    if (!table) return new SandboxResponse(404, { jsonrpc: '2.0', id: null, error: { code: METHOD_NOT_FOUND, message: 'no such blockchain' } });
    const body = request.body;
    if (Array.isArray(body)) {
      if (!options.batch) return errorResponse(null, INVALID_REQUEST, 'batch requests are not supported on this endpoint');
      if (body.length === 0) return errorResponse(null, INVALID_REQUEST, 'empty batch');
      const answers = [];
      for (const item of body) answers.push(await dispatch(service, request, table, item as RpcRequest));
      return answers;
    }
    if (!body || typeof body !== 'object') return errorResponse(null, PARSE_ERROR, 'body must be a JSON-RPC request');
    return dispatch(service, request, table, body as RpcRequest);
  });
}

function errorResponse(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

async function dispatch(service: SandboxService, request: SandboxRequest, table: Record<string, RpcMethod>, call: RpcRequest): Promise<unknown> {
  const id = call?.id ?? null;
  if (!call || typeof call !== 'object' || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
    return errorResponse(id, INVALID_REQUEST, 'invalid JSON-RPC 2.0 request');
  }
  const key = `${request.route} ${call.method}`;
  service.count(key);
  const method = Object.prototype.hasOwnProperty.call(table, call.method) ? table[call.method] : undefined;
  if (!method) return errorResponse(id, METHOD_NOT_FOUND, `the method ${call.method} does not exist/is not available`);
  const fault = service.takeFault(key);
  if (fault?.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
  if (fault?.status !== undefined) {
    const body = fault.body as { code?: number; message?: string } | undefined;
    return errorResponse(id, body?.code ?? SERVER_ERROR, body?.message ?? 'injected fault');
  }
  try {
    return { jsonrpc: '2.0', id, result: await method(call.params, request) };
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(id, error.code, error.message, error.data);
    throw error;
  }
}
