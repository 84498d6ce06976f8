import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, VARIABLES } from '../src/config/index.js';
import { camelCase } from '../src/config/variable.js';

const MIB = 1024 * 1024;

describe('configuration', () => {
  it('defaults to the public Avalanche endpoints', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataApiUrl: 'https://data-api.avax.network',
      dataApiKeyHeaders: ['x-glacier-api-key', 'x-data-api-key'],
      nodeRpcUrl: { mainnet: 'https://api.avax.network', fuji: 'https://api.avax-test.network' },
      metricsUrl: 'https://metrics.avax.network',
      rpcBatchMax: 40,
    });
    expect(config.dataApiKey).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATA_API_URL', 'not a url'],
    ['DATA_API_URL', 'ftp://example.com'],
    ['NODE_RPC_URL_FUJI', 'https://user:pw@example.com'],
    ['METRICS_URL', 'https://example.com/?key=1'],
    ['UPSTREAM_TIMEOUT_MS', '5'],
    ['CACHE_MAX_ENTRIES', '-1'],
    ['DATA_API_KEY_HEADER', 'bad header'],
    ['LOG_LEVEL', 'loud'],
    ['RPC_BATCH_MAX', '0'],
    ['TRUSTED_DOCUMENTS', '/nonexistent/persisted-documents.json'],
    ['TRUSTED_DOCUMENTS', 'package.json'],
    ['TRUSTED_DOCUMENTS', 'https://'],
    ['APQ_MAX_DOCUMENTS', '0'],
    ['CHAIN_RPC_URLS', 'https://rpc.example.com'],
    ['CHAIN_RPC_URLS', '{"not-a-chain": "https://rpc.example.com"}'],
    ['CHAIN_RPC_URLS', '{"779672": "ftp://rpc.example.com"}'],
    ['CHAIN_RPC_URLS', '{"779672": {"validators": "https://rpc.example.com/validators"}}'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_KEY_PREFIX', 'with space:'],
    ['REDIS_COMMAND_TIMEOUT_MS', '1'],
    ['MAX_VALUE_DEPTH', '2'],
    ['AUTH_JWKS_URL', 'ftp://login.example.com/jwks.json'],
    ['AUTH_ALGORITHMS', 'RS256,none'],
    ['AUTH_ALGORITHMS', 'HS256'],
    ['AUTH_IDENTITY_CLAIM', 'sub claim'],
    ['AUTH_CONSUMERS', '/nonexistent/consumers.json'],
    ['AUTH_CONSUMERS', 'package.json'],
    ['AUTH_CONSUMER_HEADER', 'x consumer'],
    ['AUTH_PLANS', '/nonexistent/plans.json'],
    ['AUTH_PLANS', 'package.json'],
    ['TRUSTED_DOCUMENTS_MODE', 'audit'],
  ])('stops on a bad %s and names it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as ConfigError).message).toContain(name);
  });

  it('derives the memory bounds from MEMORY_LIMIT_MB, as docs/configuration.md states them at 512', () => {
    expect(loadConfig({ MEMORY_LIMIT_MB: '512' })).toMatchObject({
      memoryLimitBytes: 512 * MIB,
      maxOperationsInFlight: 64,
      maxOperationsPerClient: 16,
      maxQueuedOperations: 256,
      maxInFlightBytes: 32 * MIB,
      maxOperationBytes: 8 * MIB,
      maxWebSockets: 10240,
      maxSubscriptions: 10240,
      maxConnections: 12288,
      maxConnectionsPerAddress: 256,
      cacheMaxBytes: 32 * MIB,
      documentCacheMaxBytes: 16 * MIB,
      apqMaxBytes: 8 * MIB,
      responseCacheMaxBytes: 16 * MIB,
    });
    expect(loadConfig({ MEMORY_LIMIT_MB: '2048' })).toMatchObject({ maxOperationsInFlight: 256, maxQueuedOperations: 1024, cacheMaxBytes: 128 * MIB, maxWebSockets: 40960 });
  });

  it('derives a default from the value set for the variable it follows, not from MEMORY_LIMIT_MB', () => {
    expect(loadConfig({ MAX_OPERATIONS_IN_FLIGHT: '10' })).toMatchObject({ maxOperationsInFlight: 10, maxOperationsPerClient: 2, maxQueuedOperations: 40 });
    expect(loadConfig({ MAX_OPERATIONS_IN_FLIGHT: '3' })).toMatchObject({ maxOperationsPerClient: 1, maxQueuedOperations: 12 });
    expect(loadConfig({ MAX_IN_FLIGHT_BYTES: String(4 * MIB) }).maxOperationBytes).toBe(MIB);
    expect(loadConfig({ MAX_IN_FLIGHT_BYTES: String(MIB) }).maxOperationBytes).toBe(MIB / 4);
    expect(loadConfig({ MAX_OPERATIONS_IN_FLIGHT: '10', MAX_OPERATIONS_PER_CLIENT: '7', MAX_QUEUED_OPERATIONS: '0' })).toMatchObject({ maxOperationsPerClient: 7, maxQueuedOperations: 0 });
    const traces = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).traces;
    expect(traces).toMatchObject({ url: 'http://collector:4318/v1/traces', protocol: 'http/json' });
  });

  it('sets each setting from one variable: no two variables name the same Config property', () => {
    const keys = Object.values(VARIABLES).flatMap((variable) => (variable.key === undefined ? [] : [variable.key]));
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(loadConfig({}))).toEqual(expect.arrayContaining(keys));
  });

  it('names a variable\'s Config property after it in camelCase, unless it declares another key or none', () => {
    const name: 'maxOperationsInFlight' = camelCase('MAX_OPERATIONS_IN_FLIGHT');
    expect(name).toBe('maxOperationsInFlight');
    expect(camelCase('NODE_RPC_URL_FUJI')).toBe('nodeRpcUrlFuji');
    expect(VARIABLES.MAX_COST.key).toBe('maxCost');
    expect(VARIABLES.REDIS_URL.key).toBe('redis');
    expect(VARIABLES.MEMORY_LIMIT_MB.key).toBeUndefined();
    expect(loadConfig({})).not.toHaveProperty('memoryLimitMb');
  });

  it('drops a trailing slash of base URLs and lower-cases the key header', () => {
    const config = loadConfig({ DATA_API_URL: 'http://127.0.0.1:9/base/', DATA_API_KEY_HEADER: 'X-Glacier-Api-Key' });
    expect(config.dataApiUrl).toBe('http://127.0.0.1:9/base');
    expect(config.dataApiKeyHeaders).toEqual(['x-glacier-api-key']);
  });

  it('reads CHAIN_RPC_URLS: a URL or {rpc, validators} per EVM chain id or blockchain id', () => {
    const config = loadConfig({
      CHAIN_RPC_URLS: JSON.stringify({
        '779672': 'http://10.0.0.5:9650/ext/bc/abc/rpc/',
        '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5': { rpc: 'https://c.example.com/rpc', validators: 'https://c.example.com/v' },
      }),
    });
    expect([...config.chainRpcUrls]).toEqual([
      ['779672', { rpc: 'http://10.0.0.5:9650/ext/bc/abc/rpc' }],
      ['2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', { rpc: 'https://c.example.com/rpc', validators: 'https://c.example.com/v' }],
    ]);
    expect(loadConfig({}).chainRpcUrls.size).toBe(0);
  });

  it('reads REDIS_URL (unset: nothing shared): one server, handed to ioredis as written', () => {
    expect(loadConfig({})).toMatchObject({ redis: undefined, redisKeyPrefix: 'avalanche-graph:', redisCommandTimeoutMs: 200 });
    expect(loadConfig({ REDIS_URL: 'rediss://:s3cret@redis.internal:6380/2', REDIS_KEY_PREFIX: 'staging:' })).toMatchObject({
      redis: { mode: 'server', url: 'rediss://:s3cret@redis.internal:6380/2' },
      redisKeyPrefix: 'staging:',
    });
  });

  it('reads the Sentinel form of REDIS_URL: the sentinels (port 26379 by default), the master\'s name and database, credentials for each', () => {
    expect(loadConfig({ REDIS_URL: 'redis+sentinel://10.0.0.1,10.0.0.2:26380,[::1]:26381/mymaster' }).redis).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      masterName: 'mymaster',
      db: 0,
      tls: false,
    });
    expect(loadConfig({ REDIS_URL: 'rediss+sentinel://app:p%40ss@sentinel.internal/cache-1/3?sentinel_password=watch%2Fword' }).redis).toEqual({
      mode: 'sentinel',
      sentinels: [{ host: 'sentinel.internal', port: 26379 }],
      masterName: 'cache-1',
      db: 3,
      tls: true,
      username: 'app',
      password: 'p@ss',
      sentinelPassword: 'watch/word',
    });
  });

  it('reads the Cluster form of REDIS_URL: some of its nodes (port 6379 by default) and credentials', () => {
    expect(loadConfig({ REDIS_URL: 'rediss+cluster://:s3cret@node-1.internal:7000,node-2.internal' }).redis).toEqual({
      mode: 'cluster',
      nodes: [
        { host: 'node-1.internal', port: 7000 },
        { host: 'node-2.internal', port: 6379 },
      ],
      tls: true,
      password: 's3cret',
    });
  });

  it.each([
    ['http://:s3cret@x', /must be a redis:\/\/, rediss:\/\/, redis\+sentinel:\/\/.* URL, got "http:\/\/"/],
    ['redis+sentinel://:s3cret@10.0.0.1:26379', /must name the master after the sentinels \(expected e\.g\. redis\+sentinel:\/\/:password@10\.0\.0\.1:26379,10\.0\.0\.2:26379\/mymaster\/0\)/],
    ['redis+sentinel://:s3cret@10.0.0.1/mymaster/zero', /only a database number may follow/],
    ['redis+sentinel://:s3cret@10.0.0.1/my master', /master name may hold letters, digits/],
    ['redis+sentinel://:s3cret@10.0.0.1/mymaster?password=s3cret', /unknown option "password" \(only sentinel_username, sentinel_password\)/],
    ['redis+cluster://:s3cret@10.0.0.1:7000/0', /a Redis Cluster has database 0 only/],
    ['redis+cluster://:s3cret@10.0.0.1:7000,,10.0.0.3:7000', /address 2 of the list is not a host or host:port/],
    ['redis+cluster://:s3/cret@10.0.0.1:7000', /address 1 of the list is not a host or host:port/],
    ['redis+cluster://10.0.0.1:99999', /address 1 of the list is not a host or host:port/],
    ['redis+cluster://s3cret@10.0.0.1:7000', /credentials must be written user:password@ or :password@/],
  ])('stops on REDIS_URL %s, says what is wrong, and never echoes the password', (value, message) => {
    let error: unknown;
    try {
      loadConfig({ REDIS_URL: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^REDIS_URL: /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('s3');
  });

  it('reads FEDERATION_SECRET (unset: federation fields for everyone) without ever echoing it', () => {
    expect(loadConfig({}).federationSecret).toBeUndefined();
    expect(loadConfig({ FEDERATION_SECRET: 'a-long-enough-secret' }).federationSecret).toBe('a-long-enough-secret');
    for (const bad of ['too-short', 'a secret with spaces']) {
      expect(() => loadConfig({ FEDERATION_SECRET: bad })).toThrow(ConfigError);
      try {
        loadConfig({ FEDERATION_SECRET: bad });
      } catch (error) {
        expect((error as Error).message).toMatch(/^FEDERATION_SECRET: /);
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });

  it('turns traces on with an OTLP endpoint only (OTEL_*), joining the base URL as the SDK does', () => {
    expect(loadConfig({}).traces).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).traces).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'avalanche-graph',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    const own = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'HTTP/JSON',
      OTEL_SERVICE_NAME: 'graph-eu',
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).traces;
    expect(own).toEqual({ url: 'https://traces.example.com/otlp', protocol: 'http/json', serviceName: 'graph-eu', sampler: 'traceidratio', samplerRatio: 0.25 });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }).traces).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).traces).toBeUndefined();
    for (const [name, value] of [
      ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
      ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'thrift'],
      ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
      ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'grpc://collector:4317'],
      ['OTEL_TRACES_SAMPLER', 'sometimes'],
      ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
      ['OTEL_TRACES_EXPORTER', 'zipkin'],
      ['OTEL_SDK_DISABLED', 'yes'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), name).toThrow(ConfigError);
    }
  });
});
