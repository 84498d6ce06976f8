/**
 * Admission control and the pressure guard on their own (src/admission/): slots, the queue and its
 * deadline, each client's share (of the slots, and of the work while busy), the byte budget, and pressure that starts at once and ends only after
 * a calm period. The same bounds over real sockets: test/http/admission.test.ts and overload.test.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Admission, isShed, Ticket, type AdmissionLimits, type Shed } from '../src/admission/admission.js';
import { COST_HALF_LIFE_MS, FairShare, OPERATION_COST } from '../src/admission/fair-share.js';
import { CALM_MS, Pressure, type PressureReading } from '../src/admission/pressure.js';
import { admissionGate, admissionPrecheck, MAX_REFUSAL_WAIT_MS, REFUSALS_PER_STEP, refusalWait } from '../src/admission/http.js';

const LIMITS: AdmissionLimits = { maxInFlight: 2, maxPerClient: 2, maxQueued: 4, queueMs: 1000, maxInFlightBytes: 1_000_000 };

const ticket = (value: Ticket | Shed | Promise<Ticket | Shed>): Ticket => {
  if (value instanceof Promise || isShed(value)) throw new Error(`expected a ticket at once, got ${value instanceof Promise ? 'a wait' : value.reason}`);
  return value;
};

afterEach(() => {
  vi.useRealTimers();
});

/** A whole number of seconds from `low` to `high`, as a spread `Retry-After` is. */
const between = (low: number, high: number) => (value: unknown) => Number.isInteger(value) && (value as number) >= low && (value as number) <= high;

describe('admission', () => {
  it('runs up to MAX_OPERATIONS_IN_FLIGHT, queues the next in arrival order, and admits them as slots free', async () => {
    const admission = new Admission({ ...LIMITS, maxPerClient: 10 });
    const first = ticket(admission.admit('a'));
    ticket(admission.admit('b'));
    const order: string[] = [];
    const third = admission.admit('c') as Promise<Ticket | Shed>;
    const fourth = admission.admit('d') as Promise<Ticket | Shed>;
    expect(third).toBeInstanceOf(Promise);
    void third.then(() => order.push('c'));
    void fourth.then(() => order.push('d'));
    expect(admission.stats()).toMatchObject({ inFlight: 2, queued: 2 });
    first.release();
    first.release(); // a second release gives nothing back twice
    expect(await third).toBeInstanceOf(Ticket);
    await Promise.resolve();
    expect(order).toEqual(['c']);
    expect(admission.stats()).toMatchObject({ inFlight: 2, queued: 1 });
  });

  it('refuses with 503 OVERLOADED and Retry-After past the queue, and after ADMISSION_QUEUE_MS of waiting', async () => {
    vi.useFakeTimers();
    const admission = new Admission({ ...LIMITS, maxPerClient: 10, maxQueued: 1 });
    ticket(admission.admit('a'));
    ticket(admission.admit('b'));
    const waiting = admission.admit('c') as Promise<Ticket | Shed>;
    expect(admission.admit('d')).toMatchObject({ status: 503, retryAfter: expect.toSatisfy(between(1, 2)), reason: 'queue-full' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toMatchObject({ status: 503, reason: 'queue-timeout' });
    expect((await waiting as Shed).message).toContain('ADMISSION_QUEUE_MS');
    expect(admission.stats()).toMatchObject({ inFlight: 2, queued: 0, shed: { 'queue-full': 1, 'queue-timeout': 1 } });
  });

  it('spreads Retry-After at random, and lengthens it while the queue stays full, back to a second after a calm spell', async () => {
    vi.useFakeTimers();
    const admission = new Admission({ ...LIMITS, maxPerClient: 100, maxQueued: 0 });
    ticket(admission.admit('a'));
    ticket(admission.admit('b'));
    const retryAfter = () => (admission.admit('c') as Shed).retryAfter;
    const first = Array.from({ length: 200 }, retryAfter);
    // Half get one second, half two: not the whole crowd back on the same second.
    expect(new Set(first)).toEqual(new Set([1, 2]));
    // Refused without a break for 20 s: four steps of 5 s later, 5 to 10 s.
    for (let s = 0; s < 20; s++) {
      await vi.advanceTimersByTimeAsync(1000);
      retryAfter();
    }
    const later = Array.from({ length: 200 }, retryAfter);
    expect(Math.min(...later)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...later)).toBeLessThanOrEqual(10);
    expect(new Set(later).size).toBeGreaterThan(3);
    // After 6 s without a refusal, a new overload starts again at 1-2 s.
    await vi.advanceTimersByTimeAsync(6000);
    expect(between(1, 2)(retryAfter())).toBe(true);
  });

  it('refuses, while busy, a client whose upstream calls of this second are spent (429, reason rate), and lets it run when the loop is not busy', () => {
    const spent = new Set(['storm']);
    let busy = true;
    const admission = new Admission({ ...LIMITS, maxPerClient: 10, callsSpent: (client) => spent.has(client) }, () => undefined, () => undefined, () => busy);
    expect(admission.admit('storm')).toMatchObject({ status: 429, reason: 'rate', retryAfter: expect.toSatisfy(between(1, 2)) });
    // Another client, and the same one once its second is over, run.
    ticket(admission.admit('quiet')).release();
    spent.delete('storm');
    ticket(admission.admit('storm')).release();
    // Not busy: a client past its rate runs (its fields that call upstream fail, those served from the cache do not).
    spent.add('storm');
    busy = false;
    ticket(admission.admit('storm')).release();
    expect(admission.stats().shed.rate).toBe(1);
  });

  it('refuses, while busy, a waiter whose client spent its calls of this second while it waited, and admits it when the loop is not busy', async () => {
    const spent = new Set<string>();
    let busy = true;
    const admission = new Admission({ ...LIMITS, maxPerClient: 10 }, () => undefined, () => undefined, () => busy);
    Object.assign(admission.limits, { callsSpent: (client: string) => spent.has(client) });
    const running = [ticket(admission.admit('a')), ticket(admission.admit('b'))];
    const queued = admission.admit('storm');
    const second = admission.admit('storm');
    expect(queued).toBeInstanceOf(Promise);
    // Its operations elsewhere spend the second's calls: a slot frees, and both its waiters are refused, not run.
    spent.add('storm');
    running.shift()!.release();
    await expect(queued).resolves.toMatchObject({ status: 429, reason: 'rate' });
    await expect(second).resolves.toMatchObject({ status: 429, reason: 'rate' });
    expect(admission.stats()).toMatchObject({ inFlight: 1, queued: 0 });
    // Not busy: the same waiter runs when a slot frees.
    ticket(admission.admit('c'));
    busy = false;
    const later = admission.admit('storm');
    expect(later).toBeInstanceOf(Promise);
    running.shift()!.release();
    expect(isShed(await later)).toBe(false);
    expect(admission.stats().shed.rate).toBe(2);
  });

  it('waits half to all of REFUSAL_DELAY_MS before a refusal, longer for each REFUSALS_PER_STEP of its client\'s refusals waiting, up to MAX_REFUSAL_WAIT_MS', () => {
    // A client with a connection or two: the base wait, drawn at random.
    expect(refusalWait(500, 0, 0)).toBe(250);
    expect(refusalWait(500, 1, 0.999)).toBeCloseTo(500, 0);
    expect(refusalWait(500, REFUSALS_PER_STEP - 1, 0.5)).toBe(375);
    // Resending on many connections at once: each step adds the base again.
    expect(refusalWait(500, REFUSALS_PER_STEP, 0.5)).toBe(750);
    expect(refusalWait(500, 4 * REFUSALS_PER_STEP, 0.5)).toBe(1875);
    expect(refusalWait(500, 1_000, 0.5)).toBe(MAX_REFUSAL_WAIT_MS);
    expect(refusalWait(0, 1_000, 0.5)).toBe(0);
    // A REFUSAL_DELAY_MS set longer than the cap is still waited half to all of, never more.
    expect(refusalWait(8_000, 0, 0.999)).toBeCloseTo(8_000, -1);
    expect(refusalWait(8_000, 1_000, 0.5)).toBe(8_000);
  });

  it('keeps a hot client to its share: its extra requests wait, then get 429, and a quiet client passes them in the queue', async () => {
    const admission = new Admission({ maxInFlight: 4, maxPerClient: 2, maxQueued: 100, queueMs: 1000, maxInFlightBytes: 1_000_000 });
    const hot = [ticket(admission.admit('hot')), ticket(admission.admit('hot'))];
    // At its share of running: it waits, even with slots free, up to its share of waiting.
    const hotWaits = [admission.admit('hot'), admission.admit('hot')];
    expect(hotWaits.every((w) => w instanceof Promise)).toBe(true);
    expect(admission.admit('hot')).toMatchObject({ status: 429, reason: 'client', retryAfter: expect.toSatisfy(between(1, 2)) });
    // The quiet client runs at once, ahead of the hot client's waiters.
    const quiet = ticket(admission.admit('quiet'));
    expect(admission.stats()).toMatchObject({ inFlight: 3, queued: 2 });
    // A hot slot freed goes to the hot client's first waiter.
    hot[0]!.release();
    expect(await hotWaits[0]).toBeInstanceOf(Ticket);
    quiet.release();
    expect(admission.stats()).toMatchObject({ inFlight: 2, queued: 1 });
  });

  it('holds new requests while the running ones hold MAX_IN_FLIGHT_BYTES of answers, and lets them in when those end', async () => {
    const admission = new Admission({ ...LIMITS, maxInFlight: 10, maxPerClient: 10, maxInFlightBytes: 1000 });
    const big = ticket(admission.admit('a'));
    big.hold(600);
    const small = ticket(admission.admit('b'));
    small.hold(500);
    expect(admission.stats().inFlightBytes).toBe(1100);
    const waiting = admission.admit('c');
    expect(waiting).toBeInstanceOf(Promise);
    big.release();
    expect(await waiting).toBeInstanceOf(Ticket);
    expect(admission.stats().inFlightBytes).toBe(500);
    // Bytes counted after a release are not counted at all.
    big.hold(10_000);
    expect(admission.stats().inFlightBytes).toBe(500);
  });

  it('admits nothing while under pressure, with the reason and a longer Retry-After; the queue wakes when it ends', async () => {
    let pressure: 'memory' | 'event-loop' | undefined;
    const admission = new Admission({ ...LIMITS, maxPerClient: 10 }, () => pressure);
    const running = ticket(admission.admit('a'));
    ticket(admission.admit('b'));
    const waiting = admission.admit('c') as Promise<Ticket | Shed>;
    pressure = 'memory';
    expect(admission.admit('d')).toMatchObject({ status: 503, reason: 'memory', retryAfter: expect.toSatisfy(between(5, 10)) });
    running.release();
    // Under pressure a freed slot stays free.
    expect(admission.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    pressure = undefined;
    admission.wake();
    expect(await waiting).toBeInstanceOf(Ticket);
  });
});

describe('the share of the work while busy', () => {
  /** Admission over a clock the test moves, and a busy flag it sets. */
  function setup(queueMs = 1000) {
    let now = 0;
    let busy = true;
    const admission = new Admission({ maxInFlight: 100, maxPerClient: 10, maxQueued: 100, queueMs, maxInFlightBytes: 1e12 }, undefined, undefined, () => busy, new FairShare(() => now));
    /** Runs one operation of `client` that read `bytes` of upstream answers and wrote `answer` bytes. */
    const run = (client: string, bytes: number, answer = 0) => {
      const t = ticket(admission.admit(client));
      t.hold(bytes);
      t.release();
      t.charge(answer);
    };
    return { admission, run, advance: (ms: number) => (now += ms), setBusy: (value: boolean) => (busy = value) };
  }

  it('holds a client whose answers cost far more than the others\' while the loop is busy, and never a light one', async () => {
    vi.useFakeTimers();
    const { admission, run, setBusy } = setup();
    for (let i = 0; i < 10; i++) for (const light of ['a', 'b', 'c']) run(light, 100);
    run('heavy', 5_000_000, 500_000);
    // Busy: the heavy client waits although every slot is free; the light ones go straight in.
    const waiting = admission.admit('heavy');
    expect(waiting).toBeInstanceOf(Promise);
    ticket(admission.admit('a')).release();
    // No longer busy: it runs, without a release to wake it.
    setBusy(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(isShed(await (waiting as Promise<Ticket | Shed>))).toBe(false);
  });

  it('lets the held client in once its cost has decayed to its share, and refuses it 429 share when it does not within ADMISSION_QUEUE_MS', async () => {
    vi.useFakeTimers();
    const { admission, run, advance } = setup();
    for (const light of ['a', 'b', 'c']) run(light, OPERATION_COST);
    run('heavy', 100 * OPERATION_COST);
    const pending = admission.admit('heavy');
    expect(pending).toBeInstanceOf(Promise);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ status: 429, reason: 'share' });
    // Eight half-lives later the light ones are still asking; its cost has halved eight times.
    for (let i = 0; i < 8; i++) {
      advance(COST_HALF_LIFE_MS);
      for (const light of ['a', 'b', 'c']) run(light, OPERATION_COST);
    }
    const waiting = admission.admit('heavy');
    expect(waiting).not.toBeInstanceOf(Promise);
  });

  it('holds a client past one and a half times the mean while busy: among ten alike, one at 1.8 times their cost waits, one at 1.4 times does not', () => {
    /** Whether a client that cost `times` what each of ten alike ones did is held. */
    const held = (times: number) => {
      const { admission, run } = setup();
      // An operation costs OPERATION_COST plus the bytes it read: each of the ten costs 9 OPERATION_COST.
      for (let i = 0; i < 10; i++) run(`alike-${i}`, 8 * OPERATION_COST);
      run('other', times * 9 * OPERATION_COST - OPERATION_COST);
      const admitted = admission.admit('other');
      return admitted instanceof Promise;
    };
    // The mean counts the client itself: held past 15/9.5 (about 1.58) times the others' cost.
    expect(held(1.8)).toBe(true);
    expect(held(1.4)).toBe(false);
  });

  it('compares with the clients active lately: a crowd gone does not make the ones left look heavy', () => {
    const { admission, run, advance } = setup();
    for (let i = 0; i < 1000; i++) run(`crowd-${i}`, 10);
    // Two half-lives on, the crowd is gone; three clients ask alike.
    advance(2 * COST_HALF_LIFE_MS);
    for (let i = 0; i < 5; i++) for (const client of ['a', 'b', 'c']) run(client, 1000);
    for (const client of ['a', 'b', 'c']) expect(admission.admit(client)).not.toBeInstanceOf(Promise);
  });

  it('lets a held client\'s waiters in one at a time, each charged as it starts at what its operations cost lately', async () => {
    vi.useFakeTimers();
    const { admission, run, advance } = setup(60_000);
    for (const light of ['a', 'b', 'c']) run(light, OPERATION_COST);
    run('heavy', 50 * OPERATION_COST);
    const waiters = Array.from({ length: 5 }, () => admission.admit('heavy') as Promise<Ticket | Shed>);
    let admitted = 0;
    for (const waiter of waiters) void waiter.then((t) => !isShed(t) && admitted++);
    for (let step = 0; step < 100 && admitted === 0; step++) {
      advance(COST_HALF_LIFE_MS / 4);
      for (const light of ['a', 'b', 'c']) run(light, OPERATION_COST);
      await vi.advanceTimersByTimeAsync(60);
    }
    // Its cost came back within its share: one waiter ran, and its charge holds the others back.
    expect(admitted).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(admitted).toBe(1);
  });

  it('never holds a client that is the only one asking', () => {
    const { admission, run } = setup();
    run('alone', 50_000_000);
    expect(admission.admit('alone')).not.toBeInstanceOf(Promise);
  });
});

describe('pressure', () => {
  const MIB = 2 ** 20;
  const reading = (heapShare: number, rssMiB = 100, eventLoopDelayMs = 0): PressureReading => ({ heapUsed: heapShare * 300 * MIB, heapLimit: 300 * MIB, rss: rssMiB * MIB, eventLoopDelayMs });

  it('starts at the first reading over a high mark and ends only after every reading stays under its low mark for CALM_MS: no flapping', () => {
    let next = reading(0.5);
    const changes: (string | undefined)[] = [];
    const pressure = new Pressure({ memoryLimitBytes: 512 * MIB, maxEventLoopDelayMs: 1000, read: () => next, onChange: (state) => changes.push(state) });
    pressure.sample(0);
    expect(pressure.state).toBeUndefined();
    next = reading(0.9);
    pressure.sample(250);
    expect(pressure.state).toBe('memory');
    // How long it has held (what readiness waits on, UNREADY_AFTER_PRESSURE_MS) counts from its start.
    expect(pressure.heldMs(1250)).toBe(1000);
    // Hovering between the marks (80%: under the high one, over the low one) keeps it on.
    next = reading(0.8);
    for (let t = 500; t < 20_000; t += 250) pressure.sample(t);
    expect(pressure.state).toBe('memory');
    // Under the low mark, with one reading over it, the calm period starts again.
    next = reading(0.5);
    pressure.sample(20_000);
    pressure.sample(20_000 + CALM_MS - 250);
    next = reading(0.75);
    pressure.sample(20_000 + CALM_MS);
    next = reading(0.5);
    pressure.sample(20_000 + CALM_MS + 250);
    expect(pressure.state).toBe('memory');
    expect(pressure.heldMs(20_000 + CALM_MS + 250)).toBe(20_000 + CALM_MS);
    pressure.sample(20_000 + 2 * CALM_MS + 250);
    expect(pressure.state).toBeUndefined();
    expect(pressure.heldMs(30_000 + 2 * CALM_MS)).toBe(0);
    expect(changes).toEqual(['memory', undefined]);
  });

  it('counts the resident size against MEMORY_LIMIT_MB, and the event loop against MAX_EVENT_LOOP_DELAY_MS (0: not watched)', () => {
    let next = reading(0.2, 470);
    const pressure = new Pressure({ memoryLimitBytes: 512 * MIB, maxEventLoopDelayMs: 1000, read: () => next });
    pressure.sample(0);
    expect(pressure.state).toBe('memory');
    next = reading(0.2, 100, 1500);
    const loop = new Pressure({ memoryLimitBytes: 512 * MIB, maxEventLoopDelayMs: 1000, read: () => next });
    loop.sample(0);
    expect(loop.state).toBe('event-loop');
    const unwatched = new Pressure({ memoryLimitBytes: 512 * MIB, maxEventLoopDelayMs: 0, read: () => next });
    unwatched.sample(0);
    expect(unwatched.state).toBeUndefined();
  });
});

describe('at the HTTP door', () => {
  /** A gate over a handler that holds every request it is given until the end; refusals written at once; the client is `x-client` (as a trusted proxy names it), else one address. */
  async function door(limits: Partial<AdmissionLimits>, busy: () => boolean) {
    const admission = new Admission({ ...LIMITS, ...limits }, () => undefined, () => undefined, busy);
    const options = { graphqlPath: '/graphql', clientOf: (req: IncomingMessage) => String(req.headers['x-client'] ?? 'one-address'), corsOrigins: undefined, refusalDelayMs: 0 };
    const held: ServerResponse[] = [];
    const server = createServer(admissionPrecheck(admission, options, admissionGate(admission, options, (req, res) => void req.resume().on('end', () => held.push(res)))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      admission,
      /** A client of its own connection (undici: one socket, kept). */
      connection: () => new Client(origin, { pipelining: 1 }),
      post: async (client: Client, headers: Record<string, string> = {}) => {
        const answer = await client.request({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', ...headers }, body: '{"query":"{ a }"}' });
        const text = await answer.body.text();
        return { status: answer.statusCode, reason: answer.statusCode === 200 ? undefined : (JSON.parse(text).errors[0].extensions.reason as string) };
      },
      close: async () => {
        for (const res of held) res.end('{}');
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('refuses unread, while busy, a request sent on a connection before the Retry-After of the 429 it was given has passed (reason retry-after)', async () => {
    let busy = true;
    const d = await door({ maxInFlight: 4, maxPerClient: 1, maxQueued: 4, queueMs: 60_000 }, () => busy);
    const [running, waiting, storm, other] = [d.connection(), d.connection(), d.connection(), d.connection()];
    try {
      // The address's one slot taken and its one place in the queue too: its next request is refused 429 `client`.
      void d.post(running).catch(() => undefined);
      await vi.waitFor(() => expect(d.admission.stats().inFlight).toBe(1), { timeout: 10_000 });
      void d.post(waiting).catch(() => undefined);
      await vi.waitFor(() => expect(d.admission.stats().queued).toBe(1), { timeout: 10_000 });
      expect(await d.post(storm)).toEqual({ status: 429, reason: 'client' });
      // Sent again at once on that connection: too soon, refused as such, again and again.
      expect(await d.post(storm)).toEqual({ status: 429, reason: 'retry-after' });
      expect(await d.post(storm)).toEqual({ status: 429, reason: 'retry-after' });
      // Another connection of the same address was told nothing: its request is judged as any.
      expect(await d.post(other)).toEqual({ status: 429, reason: 'client' });
      expect(d.admission.stats().shed['retry-after']).toBe(2);
      // Not busy: nothing is refused for coming too soon.
      busy = false;
      expect(await d.post(storm)).toEqual({ status: 429, reason: 'client' });
      // Once its Retry-After (at most 2 s) has passed, a request on that connection is judged as any.
      busy = true;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2_001);
      expect(await d.post(storm)).toEqual({ status: 429, reason: 'client' });
      expect(d.admission.stats().shed['retry-after']).toBe(2);
      // That 429 tells it to wait again; but a trusted proxy's connection carries other clients too,
      // and only the one told to wait is held to it: another client's request there is admitted.
      void d.post(storm, { 'x-client': 'another-address' }).catch(() => undefined);
      await vi.waitFor(() => expect(d.admission.stats().inFlight).toBe(2), { timeout: 10_000 });
      expect(d.admission.stats().shed['retry-after']).toBe(2);
    } finally {
      vi.useRealTimers();
      await d.close();
      await Promise.all([running, waiting, storm, other].map((c) => c.destroy()));
    }
  });
});
