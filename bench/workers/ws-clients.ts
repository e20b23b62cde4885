/**
 * WebSocket clients for the fan-out bench (a child process; the bench runs two). Each client
 * subscribes to the given ticker streams and, for every 24hrTicker event, records how long after
 * its event time `E` it arrived (same machine, same clock).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Histogram } from '../lib/histogram.js';

export type WsCommand =
  | { type: 'connect'; url: string; count: number; streams: string[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export interface WsReport {
  type: 'report';
  open: number;
  events: number;
  delay: ReturnType<Histogram['toData']>;
  loopDelayP99: number;
}

export interface WsConnected {
  type: 'connected';
  open: number;
  failed: number;
  firstError?: string;
}

const EVENT_TIME = /"E":(\d+)/;
const histogram = new Histogram();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let events = 0;
const sockets: WebSocket[] = [];

function onFrame(data: WebSocket.RawData) {
  const text = data.toString();
  const match = EVENT_TIME.exec(text);
  if (!match) return;
  events++;
  histogram.record(performance.timeOrigin + performance.now() - Number(match[1]));
}

function open(url: string, streams: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    socket.once('open', () => {
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: streams, id: 1 }));
      socket.on('message', onFrame);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function connect(command: Extract<WsCommand, { type: 'connect' }>): Promise<WsConnected> {
  let failed = 0;
  let firstError: string | undefined;
  // A few hundred handshakes at a time, as a crowd arriving rather than one burst.
  const batch = 200;
  for (let done = 0; done < command.count; done += batch) {
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(batch, command.count - done) }, () => open(command.url, command.streams)),
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
      return;
    case 'report':
      process.send!({
        type: 'report',
        open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
        events,
        delay: histogram.toData(),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
      } satisfies WsReport);
      return;
    case 'close':
      sockets.forEach((s) => s.terminate());
      process.exit(0);
  }
});
