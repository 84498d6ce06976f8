/**
 * The attackers of `npm run bench:hostile`, in a process of their own (this file, with
 * HOSTILE_ROLE=attacker), so that thousands of sockets, or a storm resending at once, do not delay
 * the bench's event loop and with it the honest client's latencies: raw attacks on sockets (slow
 * headers, slow bodies with and without made-up keys, slow readers, a connection flood) and a retry
 * storm (the crowd of test/support/crowd.ts, deaf to Retry-After). `AttackerProcess` is the bench's
 * side of it.
 */
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { HEAVY_QUERY, loopbackAddresses, runCrowd, type CrowdResult } from '../../test/support/crowd.js';
import { spawnChild, type Child } from '../support.js';
import { ATTACKER_ADDRESS, DRIP_MS, isStorm, type Kind, type RawKind, SLOW_BODY_BYTES, type StormKind, countInto, loopDelay, now, sleep, socketTable } from './common.js';

/** How often a slow reader's sockets are looked up in the kernel's table (`ss`): its closes are timed to within this. */
export const TABLE_MS = 250;

/** The repository: where the attacker process is started. */
const root = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Attacks.

export interface AttackFigures {
  /** Connections made (first ones and reconnections). */
  connections: number;
  connectFailures: number;
  /** Sockets the server closed (FIN or reset), and for each: ms since the attacker's last byte, and since its connect. */
  serverClosed: number;
  sinceLastByte: number[];
  sinceConnect: number[];
  /** Status lines of the answers the attackers read. */
  answers: Record<string, number>;
  /** For the storm: its crowd's figures. */
  crowd?: CrowdResult;
}

export interface Attack {
  /** Attacker sockets connected now. */
  open(): number;
  /** Called every SAMPLE_MS during the phase. */
  tick(): Promise<void>;
  /** Ends the attack (closes every socket, or waits for the crowd's end) and returns its figures. */
  stop(): Promise<AttackFigures>;
}

export interface Connection {
  socket: Socket;
  connectedAt: number;
  lastByteAt: number;
  /** When the server's close was seen (a FIN, a reset, or the kernel's table). */
  serverClosedAt?: number;
  /** The kernel's table has shown the gateway's side established (accepted, or in its accept queue). */
  heldByServer?: boolean;
  timer?: NodeJS.Timeout;
}

/** The bytes an attacker of `kind` sends on connecting, and what it drips after (nothing: sends no more). */
export function attackBytes(kind: RawKind, serial: number): { first: string; drip?: string } {
  const key = `attacker-${serial}-${Math.random().toString(36).slice(2)}`;
  switch (kind) {
    case 'slow-headers':
      return { first: 'POST /graphql HTTP/1.1\r\nHost: x\r\n', drip: 'x-a: b\r\n' };
    case 'slow-body-keys':
    case 'slow-body': {
      const keyLine = kind === 'slow-body-keys' ? `x-data-api-key: ${key}\r\n` : '';
      return { first: `POST /graphql HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${SLOW_BODY_BYTES}\r\n${keyLine}\r\n{`, drip: ' ' };
    }
    case 'slow-readers': {
      const body = JSON.stringify({ query: HEAVY_QUERY });
      const request = (n: number) =>
        `POST /graphql HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\nx-data-api-key: ${key}-${n}\r\n\r\n${body}`;
      return { first: request(0) + request(1) + request(2) };
    }
    case 'flood':
      return { first: '' };
  }
}

/** `size` raw sockets from 127.0.0.2 behaving as `kind` says, each reconnecting at once when the server closes it. */
export function rawAttack(kind: RawKind, port: number, size: number): Attack {
  const live = new Set<Connection>();
  const figures: AttackFigures = { connections: 0, connectFailures: 0, serverClosed: 0, sinceLastByte: [], sinceConnect: [], answers: {} };
  let open = 0;
  let stopping = false;
  let serial = 0;
  const reading = kind !== 'slow-readers';

  const openOne = () => {
    if (stopping) return;
    const { first, drip } = attackBytes(kind, serial++);
    const socket = connect({ host: '127.0.0.1', port, localAddress: ATTACKER_ADDRESS });
    const connection: Connection = { socket, connectedAt: 0, lastByteAt: 0 };
    live.add(connection);
    // A slow reader pauses before it connects: Node then starts no read at all, and what the gateway
    // sends stays in the kernel's buffers (the gateway's sends then block, as behind a slow link).
    if (!reading) socket.pause();
    socket.setNoDelay(true);
    socket.once('connect', () => {
      open++;
      figures.connections++;
      connection.connectedAt = connection.lastByteAt = now();
      if (first) socket.write(first);
      if (drip) {
        const next = () => {
          connection.timer = setTimeout(() => {
            if (!socket.writable) return;
            socket.write(drip);
            connection.lastByteAt = now();
            next();
          }, DRIP_MS);
        };
        next();
      }
    });
    if (reading) {
      socket.on('data', (chunk: Buffer) => {
        for (const match of chunk.toString('latin1').matchAll(/HTTP\/1\.1 (\d{3})/g)) countInto(figures.answers, match[1]!);
      });
    }
    const serverClosed = () => (connection.serverClosedAt ??= now());
    socket.on('end', serverClosed);
    socket.on('error', serverClosed);
    socket.once('close', () => {
      clearTimeout(connection.timer);
      live.delete(connection);
      if (connection.connectedAt) open--;
      if (stopping) return;
      if (!connection.connectedAt) {
        // Never connected (refused, or out of ports): try again shortly.
        figures.connectFailures++;
        setTimeout(openOne, 100);
        return;
      }
      const closedAt = connection.serverClosedAt ?? now();
      figures.serverClosed++;
      figures.sinceLastByte.push(closedAt - connection.lastByteAt);
      figures.sinceConnect.push(closedAt - connection.connectedAt);
      // A real attacker comes back at once.
      setImmediate(openOne);
    });
  };

  for (let i = 0; i < size; i++) openOne();

  // A paused socket reads no FIN: ask the kernel, every TABLE_MS, whether the gateway's side is still
  // established. A close is then known to within TABLE_MS (the time of the first look that saw it gone).
  let looking = false;
  const look = async () => {
    if (looking || stopping) return;
    looking = true;
    try {
      const table = await socketTable(port);
      if (!table) return;
      // A connection whose gateway side was never seen is not closed: past a full accept queue the
      // client side is established before the gateway's exists (SYN cookies), so only one seen held
      // and now gone (closed, or in FIN-WAIT with its answer unsent) counts.
      for (const connection of live) {
        if (!connection.connectedAt || connection.connectedAt >= table.at || connection.serverClosedAt !== undefined) continue;
        if (table.attackerPortsHeld.has(connection.socket.localPort!)) {
          connection.heldByServer = true;
          continue;
        }
        if (!connection.heldByServer) continue;
        connection.serverClosedAt = table.at;
        connection.socket.destroy();
      }
    } finally {
      looking = false;
    }
  };
  const looker = reading ? undefined : setInterval(() => void look(), TABLE_MS);

  return {
    open: () => open,
    async tick() {},
    async stop() {
      stopping = true;
      clearInterval(looker);
      const closed = [...live].map((c) => new Promise<void>((done) => (c.socket.destroyed ? done() : c.socket.once('close', () => done()))));
      for (const connection of live) {
        clearTimeout(connection.timer);
        connection.socket.destroy();
      }
      await Promise.race([Promise.all(closed), sleep(5000)]);
      return figures;
    },
  };
}

/**
 * The retry storm: the crowd's users resending at once when refused, each on a loopback address of
 * its own (`retry-storm`: a crowd of clients), or all from the attacker's one address
 * (`retry-storm-one`: one client storming).
 */
export function stormAttack(kind: StormKind, url: string, port: number, size: number, durationMs: number): Attack {
  let established = 0;
  const localAddresses = kind === 'retry-storm-one' ? [ATTACKER_ADDRESS] : loopbackAddresses(size);
  const crowd = runCrowd({ url, connections: size, durationMs, query: HEAVY_QUERY, honourRetryAfter: false, localAddresses });
  return {
    open: () => established,
    async tick() {
      const table = await socketTable(port);
      if (table) established = table.attackerSideEstablished;
    },
    async stop() {
      const result = await crowd;
      return { connections: size, connectFailures: 0, serverClosed: NaN, sinceLastByte: [], sinceConnect: [], answers: result.statuses, crowd: result };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The attacker process. The attackers run in a child process of their own (this file, with
// HOSTILE_ROLE=attacker), so that thousands of sockets, or a storm resending at once, do not delay
// this process's event loop, and with it the honest client's latencies. This process asks it to
// start an attack, for its open sockets each second, and to stop and give its figures.

export type AttackRequest =
  | { method: 'start'; kind: Exclude<Kind, 'refusal-cost'>; size: number; port: number; url: string; durationMs: number }
  | { method: 'sample'; tick: boolean }
  | { method: 'stop' };

export interface AttackEnd {
  figures: AttackFigures;
  /** The attacker process's event-loop delay over the attack, ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** The attacker process's side: one attack at a time, as the requests say. */
export function attackerMain(): void {
  let attack: Attack | undefined;
  const handle = async (request: AttackRequest): Promise<unknown> => {
    switch (request.method) {
      case 'start':
        loopDelay.reset();
        attack = isStorm(request.kind) ? stormAttack(request.kind, request.url, request.port, request.size, request.durationMs) : rawAttack(request.kind, request.port, request.size);
        return null;
      case 'sample':
        if (request.tick) await attack!.tick();
        return attack!.open();
      case 'stop': {
        const figures = await attack!.stop();
        attack = undefined;
        return { figures, loopDelayP99Ms: loopDelay.percentile(99) / 1e6, loopDelayMaxMs: loopDelay.max / 1e6 } satisfies AttackEnd;
      }
    }
  };
  process.on('message', (message: { id: number; request: AttackRequest }) => {
    void handle(message.request).then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) => process.send!({ id: message.id, error: String(error) }),
    );
  });
  // The bench is gone (ended, or killed): so is its attacker.
  process.on('disconnect', () => process.exit(0));
}

/** The bench's side: the attacker process, and calls to it. */
export class AttackerProcess {
  private serial = 0;
  private readonly pending = new Map<number, { done: (result: unknown) => void; fail: (error: Error) => void }>();

  private constructor(readonly child: Child) {
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) call?.fail(new Error(`the attacker process: ${message.error}`));
      else call?.done(message.result);
    });
    child.once('exit', () => {
      for (const call of this.pending.values()) call.fail(new Error(`the attacker process exited (${child.exitedWith})`));
      this.pending.clear();
    });
  }

  static start(): AttackerProcess {
    const child = spawnChild(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', fileURLToPath(import.meta.url)], root, { HOSTILE_ROLE: 'attacker', NODE_OPTIONS: '' }, 'ignore', true);
    return new AttackerProcess(child);
  }

  call(request: { method: 'start' } & AttackRequest): Promise<null>;
  call(request: { method: 'sample' } & AttackRequest): Promise<number>;
  call(request: { method: 'stop' } & AttackRequest): Promise<AttackEnd>;
  call(request: AttackRequest): Promise<unknown> {
    if (this.child.exitedWith) return Promise.reject(new Error(`the attacker process exited (${this.child.exitedWith})`));
    const id = ++this.serial;
    return new Promise((done, fail) => {
      this.pending.set(id, { done, fail });
      this.child.send({ id, request });
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}


if (process.env.HOSTILE_ROLE === 'attacker') attackerMain();
