/**
 * The Prometheus alert rules and the Grafana dashboard in deploy/, against Debian's `promtool` and
 * `prometheus` (scripts/test-tools.ts installs them): the rules pass `promtool check rules` and
 * their unit tests (alerts.test.yaml); a real Prometheus scrapes a real gateway (over the simulated
 * upstreams, with a real `redis-server` so the Redis series exist) every second, and every target
 * of every dashboard panel returns data from it, and every alert expression evaluates. And every
 * metric the gateway exports is named avalanche_graph_*, or process_* / nodejs_* (prom-client's).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';
import { freePort } from '../support/ports.js';
import { eventually, startRedisServer, type RedisServer } from '../support/redis-server.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const ALERTS = join(ROOT, 'deploy/prometheus/alerts.yaml');
const ALERT_TESTS = join(ROOT, 'deploy/prometheus/alerts.test.yaml');
const DASHBOARD = join(ROOT, 'deploy/grafana/dashboard.json');
const JOB = 'avalanche-graph';

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

/** Every panel's every target, rows' panels included. */
function dashboardTargets(): Array<{ panel: string; expr: string }> {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const all = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...all(p.panels ?? [])]);
  return all(dashboard.panels).flatMap((p) => (p.targets ?? []).map(({ expr }) => ({ panel: p.title, expr })));
}

/** Grafana's variables as the dashboard's "All" sends them, and a rate window over 1 s scrapes. */
const substitute = (expr: string) => expr.replaceAll('$__rate_interval', '15s').replaceAll('$job', '.+').replaceAll('$instance', '.+');

describe('promtool', () => {
  it('accepts the alert rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', ALERTS]);
    expect(stdout).toMatch(/SUCCESS: 9 rules found/);
  });

  it('passes the rules’ unit tests: each alert fires when it should, and not before or elsewhere', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', ALERT_TESTS]);
    expect(stdout).toContain('SUCCESS');
  });
});

describe('a Prometheus scraping a gateway', () => {
  let h: SocketHarness | undefined;
  let redis: RedisServer | undefined;
  let prometheus: ChildProcess | undefined;
  let dir: string | undefined;
  let api = '';

  const query = async (expr: string) => {
    const response = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
    return (await response.json()) as { status: string; error?: string; data?: { result: unknown[] } };
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    h = await startSocketHarness({ REDIS_URL: redis.url });
    const target = new URL(h.server.metricsUrl);
    dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
    const config = join(dir, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: [${JSON.stringify(ALERTS)}]`,
        'scrape_configs:',
        `  - job_name: ${JOB}`,
        `    metrics_path: ${target.pathname}`,
        `    static_configs: [{ targets: ["${target.host}"] }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    const started = spawn('prometheus', [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' });
    prometheus = started;
    await new Promise<void>((ok, fail) => started.once('spawn', ok).once('error', fail));
    const ready = () => fetch(`${api}/-/ready`).then((r) => r.ok, () => false);
    await eventually(ready, 15_000, 'prometheus to be ready');
    /** Scrapes of the gateway in the last minute. */
    const scrapes = async () => Number((((await query(`count_over_time(up{job="${JOB}"}[1m])`)).data?.result[0] as { value?: [number, string] }) ?? {}).value?.[1] ?? 0);
    await eventually(async () => (await scrapes()) >= 2, 15_000, 'two scrapes');
    const before = await scrapes();

    // A little of everything: answers, an upstream failure, a caller's error, a document that does not parse.
    for (let i = 0; i < 3; i++) expect((await h.query(`{ chains(network: FUJI) { chainId } }`)).errors).toBeUndefined();
    h.sandbox.services.dataApi.setFault('GET /v1/chains/{chainId}/blocks', { status: 503, times: 3 });
    await h.query(`{ chain(id: "43113") { chainName blocks(first: 1) { nodes { number } } } }`);
    expect((await h.query(`{ chain(id: "43114") { block(number: "-1") { hash } } }`)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await h.request(`{ chains(`)).status).toBe(400);

    await eventually(async () => (await scrapes()) >= before + 3, 15_000, 'three more scrapes');
  }, 60_000);

  afterAll(async () => {
    if (prometheus?.pid !== undefined && prometheus.exitCode === null) {
      const exited = new Promise<void>((ok) => prometheus!.once('exit', () => ok()));
      process.kill(prometheus.pid, 'SIGTERM');
      await exited;
    }
    await h?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('exports only avalanche_graph_* metrics, and prom-client’s process_* and nodejs_*', async () => {
    const text = await (await fetch(h!.server.metricsUrl)).text();
    const names = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);
    expect(names).toContain('avalanche_graph_redis_up');
    expect(names.filter((name) => !/^(avalanche_graph_|process_|nodejs_)/.test(name))).toEqual([]);
  });

  it('reports MEMORY_LIMIT_MB as avalanche_graph_memory_limit_bytes', async () => {
    const text = await (await fetch(h!.server.metricsUrl)).text();
    expect(text).toMatch(new RegExp(`^avalanche_graph_memory_limit_bytes ${h!.config.memoryLimitBytes}$`, 'm'));
  });

  it('has data for every target of every dashboard panel', async () => {
    const targets = dashboardTargets();
    expect(targets.length).toBeGreaterThan(20);
    const empty: string[] = [];
    for (const { panel, expr } of targets) {
      const answer = await query(substitute(expr));
      if (answer.status !== 'success' || !answer.data?.result.length) empty.push(`${panel}: ${expr} (${answer.error ?? 'no series'})`);
    }
    expect(empty).toEqual([]);
  });

  it('evaluates every alert expression, and loads the rules', async () => {
    const rules = (parse(readFileSync(ALERTS, 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> }).groups.flatMap((g) => g.rules);
    expect(rules).toHaveLength(9);
    for (const rule of rules) expect({ alert: rule.alert, ...(await query(rule.expr)) }).toMatchObject({ alert: rule.alert, status: 'success' });
    const loaded = (await (await fetch(`${api}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> } };
    const health = loaded.data.groups.flatMap((g) => g.rules).map((r) => [r.name, r.health]);
    expect(health).toEqual(rules.map((r) => [r.alert, 'ok']));
  });
});
