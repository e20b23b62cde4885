/**
 * Simulated traders (a child process of the bench, so its event loop is not the server's): each
 * follows docs/product.md section 7's polling of the lever screen on its own keep-alive connection:
 * prices 3 s (ticker/24hr?symbol=), coin list 10 s (ticker/24hr?symbols=[...]), wallet 3 s
 * (lever-wallet-list), active trades 1 s (get-active-trades). A poll still in flight is not sent
 * again (as a query library would not). Controlled by messages from the parent.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Histogram } from '../lib/histogram.js';
import { HttpConnection } from '../lib/http-client.js';

export type TraderCommand =
  | { type: 'setup'; host: string; port: number; coinListPath: string; pricePaths: string[] }
  | { type: 'add'; tokens: string[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'stop' };

export interface TraderReport {
  type: 'report';
  traders: number;
  requests: number;
  errors: number;
  skipped: number;
  firstError?: string;
  latency: ReturnType<Histogram['toData']>;
  /** This process's own event-loop delay p99 (ms): high means the load generator was the bottleneck. */
  loopDelayP99: number;
}

let config: Extract<TraderCommand, { type: 'setup' }> | undefined;
const histogram = new Histogram();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let requests = 0;
let errors = 0;
let skipped = 0;
let firstError: string | undefined;
const timers: NodeJS.Timeout[] = [];
const connections: HttpConnection[] = [];

function startTrader(token: string, index: number) {
  const { host, port, coinListPath, pricePaths } = config!;
  const connection = new HttpConnection(host, port, 15_000);
  connections.push(connection);
  const headers = { authorization: `Bearer ${token}` };
  const pricePath = pricePaths[index % pricePaths.length]!;
  const polls: [string, number, boolean][] = [
    [pricePath, 3_000, false],
    [coinListPath, 10_000, false],
    ['/api-v1/lever-wallet-list/', 3_000, true],
    ['/api-v1/get-active-trades/', 1_000, true],
  ];
  for (const [path, every, authed] of polls) {
    let inFlight = false;
    const poll = () => {
      if (inFlight) {
        skipped++;
        return;
      }
      inFlight = true;
      connection.request('GET', path, authed ? { headers } : {}).then(
        (res) => {
          inFlight = false;
          requests++;
          histogram.record(res.ms);
          if (res.status !== 200) {
            errors++;
            firstError ??= `${path}: HTTP ${res.status}`;
          }
        },
        (error: unknown) => {
          inFlight = false;
          requests++;
          errors++;
          firstError ??= `${path}: ${String(error)}`;
        },
      );
    };
    // A random phase, as traders open the screen at different moments.
    const first = setTimeout(() => {
      poll();
      timers.push(setInterval(poll, every));
    }, Math.random() * every);
    timers.push(first);
  }
}

process.on('message', (command: TraderCommand) => {
  switch (command.type) {
    case 'setup':
      config = command;
      return;
    case 'add':
      for (const token of command.tokens) startTrader(token, connections.length);
      return;
    case 'reset':
      histogram.reset();
      loopDelay.reset();
      requests = errors = skipped = 0;
      firstError = undefined;
      return;
    case 'report': {
      const report: TraderReport = {
        type: 'report',
        traders: connections.length,
        requests,
        errors,
        skipped,
        ...(firstError ? { firstError } : {}),
        latency: histogram.toData(),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
      };
      process.send!(report);
      return;
    }
    case 'stop':
      timers.forEach((t) => clearTimeout(t));
      connections.forEach((c) => c.close());
      process.exit(0);
  }
});
