/**
 * `npm test` runs this first: the tools the suite needs beyond npm are Debian's Chromium (the
 * GraphiQL browser test, at /usr/bin/chromium), redis-server and redis-cli (the Redis tests),
 * haproxy (replicas behind a balancer, with deploy/haproxy.cfg; at /usr/sbin/haproxy), prometheus
 * and promtool (deploy/prometheus, deploy/grafana) and kubectl (deploy/kubernetes). When one is
 * missing it installs them with apt-get as root, as CI does on a fresh machine; otherwise it stops
 * at once and prints the exact command to run. No test is ever skipped for a missing tool.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

interface Tool {
  /** Debian package that provides it. */
  pkg: string;
  present(): boolean;
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const TOOLS: Tool[] = [
  { pkg: 'chromium', present: () => executable('/usr/bin/chromium') },
  { pkg: 'redis-server', present: () => (process.env.REDIS_SERVER_BIN ? executable(process.env.REDIS_SERVER_BIN) : onPath('redis-server')) },
  { pkg: 'haproxy', present: () => executable(process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy') },
  // `redis-cli --cluster create` builds the Redis Cluster tests' cluster; redis-server's package depends on it.
  { pkg: 'redis-tools', present: () => onPath('redis-cli') },
  // promtool checks and tests deploy/prometheus's alert rules; prometheus scrapes a gateway to run the dashboard's queries.
  { pkg: 'prometheus', present: () => executable('/usr/bin/prometheus') && executable('/usr/bin/promtool') },
  // `kubectl kustomize` renders deploy/kubernetes.
  { pkg: 'kubernetes-client', present: () => onPath('kubectl') },
];

const missing = TOOLS.filter((tool) => !tool.present()).map((tool) => tool.pkg);
if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  if (!root || !onPath('apt-get')) {
    process.stderr.write(`The tests need ${missing.join(' and ')} (Debian packages). Install them, then run npm test again:\n\n  sudo ${command}\n\n`);
    process.exit(1);
  }
  process.stderr.write(`Installing what the tests need: ${command}\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env });
  const still = TOOLS.filter((tool) => !tool.present()).map((tool) => tool.pkg);
  if (still.length > 0) {
    process.stderr.write(`apt-get finished but ${still.join(' and ')} is still missing.\n`);
    process.exit(1);
  }
}
