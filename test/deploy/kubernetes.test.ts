/**
 * deploy/kubernetes, without a cluster: `kubectl kustomize` (Debian's kubernetes-client, with its
 * built-in Kustomize) renders the base and the overlay with the Redis component; every object is
 * validated against the Kubernetes schemas (kubernetes-models) and the Prometheus Operator's
 * (ServiceMonitor); and the numbers in the manifests are held to the gateway's own configuration, read
 * from the pod's environment by the gateway's loader: ports, probes, the drain arithmetic of
 * docs/kubernetes.md, the memory limit and the selectors.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import type { IContainer, IContainerPort, IEnvVar } from 'kubernetes-models/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, VARIABLES, type Config } from '../../src/config/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const KUBECTL = process.env.KUBECTL_BIN ?? '/usr/bin/kubectl';
const MIB = 1024 * 1024;

/** The kinds the manifests may hold, by `apiVersion/kind`, with the model that validates each. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
};

type Labels = Record<string, string>;
// The rendered objects, read loosely: the schema checks are the models'; these are the fields read here.
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels };
  data?: Record<string, string>;
  spec?: any;
}

/** `kubectl kustomize <dir>`, parsed as the YAML stream it prints. */
function render(dir: string): K8sObject[] {
  const text = execFileSync(KUBECTL, ['kustomize', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length) throw new Error(`${dir}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as K8sObject;
  });
}

const BASE = 'deploy/kubernetes';
const WITH_REDIS = 'deploy/kubernetes/overlays/with-redis';
const rendered: Record<string, K8sObject[]> = { [BASE]: render(BASE), [WITH_REDIS]: render(WITH_REDIS) };

const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} among ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
};
const selects = (selector: Labels, labels: Labels) => Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** Memory as Kubernetes writes it (`512Mi`, `1Gi`, `536870912`, `600M`), in bytes. */
function bytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!match) throw new Error(`unreadable memory quantity ${quantity}`);
  const units: Record<string, number> = { Ki: 1024, Mi: MIB, Gi: 1024 * MIB, Ti: 1024 ** 4, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
  return Number(match[1]) * (match[2] ? units[match[2]]! : 1);
}

/**
 * The gateway container's environment as the pod gets it: the ConfigMaps of `envFrom`, then `env`
 * (a Secret's value is left unset: the Secret is optional and not in the repository), with
 * MEMORY_LIMIT_MB unset taken from the container's memory limit, as the gateway reads the cgroup.
 */
function podEnv(objects: K8sObject[], container: IContainer): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) throw new Error('envFrom: only ConfigMaps are expected');
    Object.assign(env, find(objects, 'ConfigMap', source.configMapRef.name!).data);
  }
  for (const variable of container.env ?? ([] as IEnvVar[])) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (variable.valueFrom?.configMapKeyRef) env[variable.name] = find(objects, 'ConfigMap', variable.valueFrom.configMapKeyRef.name!).data![variable.valueFrom.configMapKeyRef.key]!;
    else if (!variable.valueFrom?.secretKeyRef) throw new Error(`${variable.name}: unexpected valueFrom`);
  }
  const limit = container.resources?.limits?.memory;
  if (env.MEMORY_LIMIT_MB === undefined && limit !== undefined) env.MEMORY_LIMIT_MB = String(Math.floor(bytes(String(limit)) / MIB));
  return env;
}

/** The gateway as each rendering deploys it: its Deployment, container, pod labels, environment and configuration. */
function gatewayOf(objects: K8sObject[]) {
  const deployment = find(objects, 'Deployment', 'avalanche-graph');
  const pod = deployment.spec.template;
  const container = (pod.spec.containers as IContainer[]).find((c) => c.name === 'gateway')!;
  const env = podEnv(objects, container);
  const config: Config = loadConfig(env);
  const portNamed = (name: string) => (container.ports as IContainerPort[]).find((p) => p.name === name)?.containerPort;
  /** A Service's or probe's target (a number or a port name) as the container port it reaches. */
  const targetPort = (target: number | string) => (typeof target === 'number' ? target : portNamed(target));
  return { deployment, pod, podLabels: pod.metadata.labels as Labels, container, env, config, portNamed, targetPort };
}

describe.each(Object.keys(rendered))('kubectl kustomize %s', (dir) => {
  const objects = rendered[dir]!;

  it('renders only kinds it knows, each valid against its schema, all in one namespace', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind} ${object.metadata.name}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
    expect(new Set(objects.map((o) => o.metadata.namespace))).toEqual(new Set(['avalanche-graph']));
  });

  it('runs the gateway non-root on a read-only root filesystem with no privileges', () => {
    const { pod, container } = gatewayOf(objects);
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(container.image).toBe('avalanche-graph:latest');
    expect(container.resources?.requests?.cpu).toBeDefined();
  });

  it('reads no secret from the repository: DATA_API_KEY comes from an optional Secret', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const { container, env } = gatewayOf(objects);
    const key = container.env?.find((e) => e.name === 'DATA_API_KEY');
    expect(key?.valueFrom?.secretKeyRef).toEqual({ name: 'avalanche-graph', key: 'DATA_API_KEY', optional: true });
    expect(env.DATA_API_KEY).toBeUndefined();
  });

  it('sets only variables the gateway reads, with values its loader accepts', () => {
    const { env, pod } = gatewayOf(objects);
    const unknown = Object.keys(env).filter((name) => !(name in VARIABLES));
    expect(unknown).toEqual([]);
    // Service links would add <SERVICE>_PORT=tcp://… variables: a Service named `metrics` sets METRICS_PORT.
    expect(pod.spec.enableServiceLinks).toBe(false);
  });

  it('listens, probes and scrapes on the ports the gateway runs with', () => {
    const { container, config, portNamed, targetPort } = gatewayOf(objects);
    expect(portNamed('http')).toBe(config.port);
    expect(config.metricsPort).toBeDefined();
    expect(config.metricsPort).not.toBe(config.port);
    expect(portNamed('metrics')).toBe(config.metricsPort);
    expect(container.livenessProbe?.httpGet?.path).toBe('/health');
    expect(container.startupProbe?.httpGet?.path).toBe('/health');
    expect(container.readinessProbe?.httpGet?.path).toBe('/ready');
    // The probes go to METRICS_PORT, which answers them too: a listener of its own, whose accept queue a
    // crowd on the GraphQL port does not fill (a liveness probe failing there would restart a live pod).
    for (const probe of [container.livenessProbe, container.startupProbe, container.readinessProbe]) expect(targetPort(probe!.httpGet!.port)).toBe(config.metricsPort);

    const service = find(objects, 'Service', 'avalanche-graph');
    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.ports.map((p: { port: number; targetPort: number | string }) => [p.port, targetPort(p.targetPort)])).toEqual([[80, config.port]]);

    // The ServiceMonitor scrapes a port of the metrics Service that reaches METRICS_PORT.
    const monitor = find(objects, 'ServiceMonitor', 'avalanche-graph');
    const scraped = objects.filter((o) => o.kind === 'Service' && selects(monitor.spec.selector.matchLabels, o.metadata.labels ?? {}));
    expect(scraped.map((s) => s.metadata.name)).toEqual(['avalanche-graph-metrics']);
    const endpoint = monitor.spec.endpoints[0];
    expect(endpoint.path).toBe('/metrics');
    const metricsPort = scraped[0]!.spec.ports.find((p: { name: string }) => p.name === endpoint.port);
    expect(targetPort(metricsPort.targetPort)).toBe(config.metricsPort);
  });

  it('lets the drain outlast readiness, and the grace period the drain and the deadline', () => {
    const { pod, container, config } = gatewayOf(objects);
    const readiness = container.readinessProbe!;
    const unreadyWithinMs = (readiness.periodSeconds ?? 10) * (readiness.failureThreshold ?? 3) * 1000;
    expect(unreadyWithinMs).toBeLessThan(config.shutdownDrainMs);
    // With traces on, the last spans are exported within SHUTDOWN_TIMEOUT_MS more (docs/operations.md#shutdown).
    const exportMs = config.traces ? config.shutdownTimeoutMs : 0;
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan((config.shutdownDrainMs + config.shutdownTimeoutMs + exportMs) / 1000);
  });

  it('never lets overload take a pod out of the Service, whose endpoints could all go (readiness is for start-up and the drain)', () => {
    const { config } = gatewayOf(objects);
    expect(config.unreadyAfterPressureMs).toBe(0);
  });

  it('gives the container a memory limit the gateway derives its bounds from', () => {
    const { container, config, env } = gatewayOf(objects);
    const limit = bytes(String(container.resources!.limits!.memory));
    expect(limit).toBeGreaterThanOrEqual(128 * MIB);
    expect(config.memoryLimitBytes).toBe(limit);
    expect(env.MEMORY_LIMIT_MB).toBe(String(limit / MIB));
  });

  it('points every selector at the gateway pods and at nothing else', () => {
    const { deployment, pod, podLabels } = gatewayOf(objects);
    expect(selects(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
    const others = objects.filter((o) => o.kind === 'Deployment' && o !== deployment).map((o) => o.spec.template.metadata.labels as Labels);
    const gatewaySelectors: [string, Labels][] = [
      ['Service avalanche-graph', find(objects, 'Service', 'avalanche-graph').spec.selector],
      ['Service avalanche-graph-metrics', find(objects, 'Service', 'avalanche-graph-metrics').spec.selector],
      ['PodDisruptionBudget', find(objects, 'PodDisruptionBudget', 'avalanche-graph').spec.selector.matchLabels],
      ['NetworkPolicy', find(objects, 'NetworkPolicy', 'avalanche-graph').spec.podSelector.matchLabels],
      ...pod.spec.topologySpreadConstraints.map((c: { labelSelector: { matchLabels: Labels } }) => ['topology spread', c.labelSelector.matchLabels] as [string, Labels]),
    ];
    for (const [what, selector] of gatewaySelectors) {
      expect(selects(selector, podLabels), what).toBe(true);
      for (const labels of others) expect(selects(selector, labels), `${what} selects another Deployment's pods`).toBe(false);
    }
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'avalanche-graph');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.minReplicas).toBe(deployment.spec.replicas);
    expect(hpa.spec.metrics[0].resource).toMatchObject({ name: 'cpu', target: { type: 'Utilization' } });
  });

  it('admits GraphQL from the ingress namespace only (TRUST_PROXY believes that one hop) and metrics from monitoring', () => {
    const { config } = gatewayOf(objects);
    const policy = find(objects, 'NetworkPolicy', 'avalanche-graph');
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    type Rule = { from?: { namespaceSelector?: { matchLabels: Labels }; podSelector?: unknown; ipBlock?: unknown }[]; ports: { port: number }[] };
    const sourcesOf = (port: number) => (policy.spec.ingress as Rule[]).filter((r) => r.ports.some((p) => p.port === port)).flatMap((r) => r.from ?? [{}]);
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(sourcesOf(config.port)).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]);
    expect(sourcesOf(config.metricsPort!)).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    const ingressPorts = (policy.spec.ingress as Rule[]).flatMap((r) => r.ports.map((p) => p.port)).sort();
    expect(ingressPorts).toEqual([config.port, config.metricsPort].sort());
    const egressPorts = (policy.spec.egress as Rule[]).flatMap((r) => r.ports.map((p) => p.port));
    expect(egressPorts).toEqual(expect.arrayContaining([53, 443]));
  });
});

describe('the Redis component', () => {
  const objects = rendered[WITH_REDIS]!;

  it('is absent from the base', () => {
    const base = rendered[BASE]!;
    expect(base.filter((o) => o.metadata.name.includes('redis'))).toEqual([]);
    expect(gatewayOf(base).config.redis).toBeUndefined();
  });

  it('points REDIS_URL at the Redis Service, which selects the single Redis pod the NetworkPolicy lets the gateway reach', () => {
    const { config, podLabels } = gatewayOf(objects);
    expect(config.redis?.mode).toBe('server');
    const url = new URL(config.redis!.mode === 'server' ? config.redis!.url : '');
    const service = find(objects, 'Service', url.hostname);
    const redis = find(objects, 'Deployment', 'avalanche-graph-redis');
    const redisPod = redis.spec.template;
    expect(redis.spec.replicas).toBe(1);
    expect(selects(service.spec.selector, redisPod.metadata.labels)).toBe(true);
    const servicePort = service.spec.ports.find((p: { port: number }) => p.port === Number(url.port || 6379));
    const redisPorts = redisPod.spec.containers[0].ports as IContainerPort[];
    const reached = redisPorts.find((p) => p.name === servicePort.targetPort || p.containerPort === servicePort.targetPort)!.containerPort;

    type Peer = { podSelector?: { matchLabels: Labels } };
    const egress = find(objects, 'NetworkPolicy', 'avalanche-graph').spec.egress as { to?: Peer[]; ports: { port: number }[] }[];
    const toRedis = egress.find((r) => r.to?.some((peer) => peer.podSelector && selects(peer.podSelector.matchLabels, redisPod.metadata.labels)));
    expect(toRedis?.ports.map((p) => p.port)).toEqual([reached]);
    const redisPolicy = find(objects, 'NetworkPolicy', 'avalanche-graph-redis');
    expect(selects(redisPolicy.spec.podSelector.matchLabels, redisPod.metadata.labels)).toBe(true);
    const peers = (redisPolicy.spec.ingress as { from: Peer[]; ports: { port: number }[] }[]).flatMap((r) => r.from);
    expect(peers.length).toBeGreaterThan(0);
    for (const peer of peers) expect(selects(peer.podSelector!.matchLabels, podLabels)).toBe(true);
  });
});
