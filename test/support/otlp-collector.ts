/**
 * A collector's OTLP/HTTP trace endpoint for the tracing tests: it takes the spans the gateway
 * exports, in protobuf (the default, decoded here from the wire format) or JSON, and hands them back
 * flattened (`ReceivedSpan`), all of them or one trace's.
 */
import { createServer, type Server } from 'node:http';

/** A span as the collector received it, attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's: 1 internal, 2 server, 3 client. */
  kind: number;
  /** OTLP's: 0 unset, 1 ok, 2 error. */
  status: number;
  attributes: Record<string, unknown>;
}

export const KIND = { internal: 1, server: 2, client: 3 } as const;
export const ERROR_STATUS = 2;

/** Reads protobuf's wire format: each field of a message as its number and its raw value. */
function protoFields(buf: Buffer): Array<{ no: number; value: Buffer | bigint }> {
  const fields: Array<{ no: number; value: Buffer | bigint }> = [];
  let i = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[i++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
  };
  while (i < buf.length) {
    const key = Number(varint());
    const [no, wire] = [key >>> 3, key & 7];
    if (wire === 0) fields.push({ no, value: varint() });
    else if (wire === 2 || wire === 1 || wire === 5) {
      const length = wire === 2 ? Number(varint()) : wire === 1 ? 8 : 4;
      fields.push({ no, value: buf.subarray(i, i + length) });
      i += length;
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return fields;
}

const bytes = (fields: ReturnType<typeof protoFields>, no: number) => fields.filter((f) => f.no === no).map((f) => f.value as Buffer);
const number = (fields: ReturnType<typeof protoFields>, no: number) => Number((fields.find((f) => f.no === no)?.value as bigint | undefined) ?? 0n);

/** OTLP's AnyValue (opentelemetry/proto/common/v1/common.proto): string 1, bool 2, int 3, double 4, array 5. */
function protoValue(buf: Buffer): unknown {
  const [field] = protoFields(buf);
  if (!field) return undefined;
  if (field.no === 1) return (field.value as Buffer).toString('utf8');
  if (field.no === 2) return field.value === 1n;
  if (field.no === 3) return Number(field.value as bigint);
  if (field.no === 4) return (field.value as Buffer).readDoubleLE(0);
  if (field.no === 5) return bytes(protoFields(field.value as Buffer), 1).map(protoValue);
  return undefined;
}

/** ExportTraceServiceRequest → ResourceSpans (1) → ScopeSpans (2) → Span (2), per opentelemetry/proto/trace/v1/trace.proto. */
function decodeProtobuf(body: Buffer): ReceivedSpan[] {
  return bytes(protoFields(body), 1).flatMap((resourceSpans) =>
    bytes(protoFields(resourceSpans), 2).flatMap((scopeSpans) =>
      bytes(protoFields(scopeSpans), 2).map((raw) => {
        const span = protoFields(raw);
        const attributes = Object.fromEntries(
          bytes(span, 9).map((kv) => {
            const entry = protoFields(kv);
            return [bytes(entry, 1)[0]!.toString('utf8'), protoValue(bytes(entry, 2)[0] ?? Buffer.alloc(0))];
          }),
        );
        const status = bytes(span, 15)[0];
        return {
          traceId: bytes(span, 1)[0]!.toString('hex'),
          spanId: bytes(span, 2)[0]!.toString('hex'),
          parentSpanId: (bytes(span, 4)[0] ?? Buffer.alloc(0)).toString('hex'),
          name: bytes(span, 5)[0]!.toString('utf8'),
          kind: number(span, 6),
          status: status ? number(protoFields(status), 3) : 0,
          attributes,
        };
      }),
    ),
  );
}

interface JsonValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonValue[] };
}
const jsonValue = (value: JsonValue): unknown =>
  value.stringValue ?? value.boolValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.doubleValue ?? value.arrayValue?.values?.map(jsonValue);

/** The same request in OTLP's JSON encoding (ids in hex). */
function decodeJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8')) as {
    resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<Omit<ReceivedSpan, 'attributes' | 'status'> & { attributes?: Array<{ key: string; value: JsonValue }>; status?: { code?: number } }> }> }>;
  };
  return request.resourceSpans.flatMap((r) =>
    r.scopeSpans.flatMap((s) =>
      s.spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        status: span.status?.code ?? 0,
        attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, jsonValue(a.value)])),
      })),
    ),
  );
}

/** A collector's OTLP/HTTP trace endpoint on a loopback port. */
export class Collector {
  readonly requests: Array<{ path: string; contentType: string; body: Buffer }> = [];
  private server: Server | undefined;
  url = '';
  /** What the collector answers; a 4xx fails an export at once (the exporter retries only 429, 5xx and network errors). */
  status = 200;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        const json = (req.headers['content-type'] ?? '').includes('json');
        res.writeHead(this.status, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
        res.end(json ? '{}' : '');
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  spans(): ReceivedSpan[] {
    return this.requests.flatMap((r) => (r.contentType.includes('json') ? decodeJson(r.body) : decodeProtobuf(r.body)));
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans().filter((s) => s.traceId === traceId);
  }

  close(): Promise<void> {
    return new Promise((done) => this.server!.close(() => done()));
  }
}
