/**
 * Prometheus metrics, served at `/metrics`: yoga's request/phase metrics (@graphql-yoga/plugin-
 * prometheus) and the upstream calls the gateway makes (count and duration by service, route
 * template and status). One registry per gateway, so several gateways in one process (tests) do not
 * clash. Labels carry route templates only: no addresses, no keys, bounded cardinality.
 */
import { usePrometheus } from '@graphql-yoga/plugin-prometheus';
import type { Plugin } from 'graphql-yoga';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HttpObserver } from './upstream/http.js';

export interface GatewayMetrics {
  registry: Registry;
  /** Feeds the upstream call metrics; give it to the upstream layer. */
  observer: HttpObserver;
  /** The yoga plugin that serves `/metrics` and records request metrics. */
  plugin: Plugin;
  /** Reports the shared cache's size on each scrape. */
  watchCache(size: () => { entries: number; bytes: number }): void;
}

export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const calls = new Counter({
    name: 'upstream_requests_total',
    help: 'Requests the gateway sent to an upstream service, by service, route template and status (or "error").',
    labelNames: ['service', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Duration of upstream requests, by service and route template.',
    labelNames: ['service', 'route'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let cacheSize: (() => { entries: number; bytes: number }) | undefined;
  new Gauge({
    name: 'upstream_cache_entries',
    help: 'Entries in the shared upstream cache.',
    registers: [registry],
    collect() {
      if (cacheSize) this.set(cacheSize().entries);
    },
  });
  new Gauge({
    name: 'upstream_cache_bytes',
    help: 'Approximate bytes held by the shared upstream cache.',
    registers: [registry],
    collect() {
      if (cacheSize) this.set(cacheSize().bytes);
    },
  });
  return {
    registry,
    observer: {
      onUpstreamCall({ service, route, status, ms }) {
        calls.inc({ service, route, status: String(status) });
        duration.observe({ service, route }, ms / 1000);
      },
    },
    plugin: usePrometheus({ registry, endpoint: '/metrics' }),
    watchCache(size) {
      cacheSize = size;
    },
  };
}
