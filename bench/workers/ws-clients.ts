/**
 * WebSocket clients for the fan-out bench (a child process; the bench runs two). Each client
 * subscribes to the given ticker streams and, for every 24hrTicker event, records how long after
 * its event time `E` it arrived (same machine, same clock).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Histogram } from '../lib/histogram.js';
import { openLightSocket, type LightSocket } from '../lib/ws-light.js';

export type WsCommand =
  | { type: 'connect'; host: string; port: number; path: string; count: number; streams: string[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export interface WsReport {
  type: 'report';
  open: number;
  events: number;
  delay: ReturnType<Histogram['toData']>;
  loopDelayP99: number;
  /** CPU time this process used since the reset (user + system, ms), to see whether the generator is saturated. */
  cpuMs: number;
}

export interface WsConnected {
  type: 'connected';
  open: number;
  failed: number;
  firstError?: string;
}

const EVENT_TIME = Buffer.from('"E":');
const histogram = new Histogram();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let events = 0;
let cpuAtReset = process.cpuUsage();
const sockets: LightSocket[] = [];

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Reads E (digits after "E":) straight from the bytes: no string, no JSON. */
function onFrame(payload: Buffer, receivedAt: number) {
  const at = payload.indexOf(EVENT_TIME);
  if (at < 0) return;
  let time = 0;
  for (let i = at + EVENT_TIME.length; i < payload.length; i++) {
    const digit = payload[i]! - 48;
    if (digit < 0 || digit > 9) break;
    time = time * 10 + digit;
  }
  events++;
  histogram.record(performance.timeOrigin + receivedAt - time);
}

async function open(command: Extract<WsCommand, { type: 'connect' }>): Promise<LightSocket> {
  const socket = await openLightSocket(command.host, command.port, command.path, onFrame);
  socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: command.streams, id: 1 }));
  return socket;
}

async function connect(command: Extract<WsCommand, { type: 'connect' }>): Promise<WsConnected> {
  let failed = 0;
  let firstError: string | undefined;
  // A few hundred handshakes at a time, as a crowd arriving rather than one burst.
  const batch = 200;
  for (let done = 0; done < command.count; done += batch) {
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(batch, command.count - done) }, () => open(command)),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') sockets.push(r.value);
      else {
        failed++;
        firstError ??= String(r.reason);
      }
    }
  }
  return { type: 'connected', open: sockets.length, failed, ...(firstError ? { firstError } : {}) };
}

process.on('message', (command: WsCommand) => {
  switch (command.type) {
    case 'connect':
      void connect(command).then((m) => process.send!(m));
      return;
    case 'reset':
      histogram.reset();
      loopDelay.reset();
      events = 0;
      cpuAtReset = process.cpuUsage();
      return;
    case 'report':
      process.send!({
        type: 'report',
        // A socket the server closed (its per-address cap on anonymous sockets, say) is not open.
        open: sockets.filter((s) => !s.closed).length,
        events,
        delay: histogram.toData(),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        cpuMs: cpuMsSince(cpuAtReset),
      } satisfies WsReport);
      return;
    case 'close':
      sockets.forEach((s) => s.close());
      process.exit(0);
  }
});
