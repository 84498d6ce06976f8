/** OpenTelemetry's standard variables of traces, read here: tracing is on with an OTLP endpoint. */
import { flag, oneOf, printable, ratio } from '../parse.js';
import { ConfigError, derived, section, unset, variable, type Parser, type Values } from '../variable.js';

/** Where and how spans are exported. */
export interface TracesConfig {
  /** The OTLP/HTTP URL spans are posted to: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`. */
  url: string;
  /** `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`. */
  protocol: OtlpProtocol;
  /** `OTEL_SERVICE_NAME` */
  serviceName: string;
  /** `OTEL_TRACES_SAMPLER` */
  sampler: TracesSampler;
  /** `OTEL_TRACES_SAMPLER_ARG`: the ratio of the `traceidratio` samplers. */
  samplerRatio: number;
}

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
const TRACES_SAMPLERS = ['parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio', 'always_on', 'always_off', 'traceidratio'] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** An OTLP/HTTP endpoint. Not echoed when bad: a collector's URL may carry a token. */
const otlpUrl: Parser<string> = {
  accepts: 'http(s) URL',
  parse(raw, name) {
    if (!(URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol))) {
      throw new ConfigError(name, 'must be an http or https URL (OTLP over HTTP, e.g. http://otel-collector:4318); the value is not shown');
    }
    return raw;
  },
};

const protocols = oneOf(OTLP_PROTOCOLS);

/** OTLP over HTTP only: gRPC is named in its own error, as the SDKs' other choice. */
const otlpProtocol: Parser<OtlpProtocol> = {
  accepts: protocols.accepts,
  parse(raw, name) {
    if (raw.toLowerCase() === 'grpc') throw new ConfigError(name, 'grpc is not supported: use the collector\'s OTLP/HTTP port (4318) with http/protobuf or http/json');
    return protocols.parse(raw, name);
  },
};

export const traces = section('traces', {
  OTEL_SDK_DISABLED: variable(flag, { key: null, default: false, meaning: '`true` turns tracing off whatever else is set.' }),
  OTEL_TRACES_EXPORTER: variable(oneOf(['otlp', 'none']), { key: null, default: 'otlp', meaning: '`none` turns tracing off; OTLP over HTTP is the one exporter.' }),
  OTEL_EXPORTER_OTLP_ENDPOINT: variable(otlpUrl, {
    primary: true,
    key: null,
    default: unset('unset: no traces'),
    meaning:
      'The OTLP/HTTP base URL of a collector (e.g. `http://otel-collector:4318`): spans are posted to it + `/v1/traces`. Tracing is on when this or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set; unset, the OpenTelemetry packages are not even loaded.',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: variable(otlpUrl, {
    key: null,
    // As the SDK joins them: the signal's own URL as it is, else the base URL and the signal's path.
    default: derived(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      (base: string | undefined) => (base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/traces`),
      'unset: `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`',
    ),
    meaning: 'The whole URL spans are posted to, used as it is; wins over `OTEL_EXPORTER_OTLP_ENDPOINT`.',
  }),
  OTEL_EXPORTER_OTLP_PROTOCOL: variable(otlpProtocol, {
    key: null,
    default: 'http/protobuf',
    meaning: 'How spans are encoded; `grpc` is not supported (use the collector\'s OTLP/HTTP port, 4318).',
  }),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: variable(otlpProtocol, {
    key: null,
    default: derived('OTEL_EXPORTER_OTLP_PROTOCOL', (protocol: OtlpProtocol) => protocol, 'unset: `OTEL_EXPORTER_OTLP_PROTOCOL`'),
    meaning: 'The same for traces alone; wins over `OTEL_EXPORTER_OTLP_PROTOCOL`.',
  }),
  OTEL_SERVICE_NAME: variable(printable({ min: 1, max: 128, spaces: true }), { key: null, default: 'avalanche-graph', meaning: 'The `service.name` of every span\'s resource.' }),
  OTEL_TRACES_SAMPLER: variable(oneOf(TRACES_SAMPLERS), {
    key: null,
    default: 'parentbased_always_on',
    meaning:
      'Which operations are recorded. `parentbased_*` follow the sampled flag of the caller\'s `traceparent` when there is one, and the named rule otherwise; `traceidratio` records that share of traces whatever the caller says.',
  }),
  OTEL_TRACES_SAMPLER_ARG: variable(ratio, { key: null, default: 1, meaning: 'The share of traces the `traceidratio` samplers record.' }),
});

/** Traces are on with an endpoint, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`; undefined: off (src/observability/tracing.ts). */
export function tracesConfig(v: Values<typeof traces>): TracesConfig | undefined {
  if (v.OTEL_SDK_DISABLED || v.OTEL_TRACES_EXPORTER === 'none' || v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT === undefined) return undefined;
  return {
    url: v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    protocol: v.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
    serviceName: v.OTEL_SERVICE_NAME,
    sampler: v.OTEL_TRACES_SAMPLER,
    samplerRatio: v.OTEL_TRACES_SAMPLER_ARG,
  };
}
