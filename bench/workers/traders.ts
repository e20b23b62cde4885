/**
 * Simulated traders (a child process of the bench, so its event loop is not the server's), each
 * following the Lever screen as it works with positions pushed (docs/decisions/0027-positions-push.md, docs/architecture.md "Realtime"):
 * - one WebSocket on /stream (the app's one stream socket): LOGIN with its token, then SUBSCRIBE its
 *   coin's ticker and `positions@user.<id>`; the positions are pushed, so get-active-trades is asked
 *   once when the screen opens and then every 1 s only while the socket is down (docs/product.md 7's
 *   interval as the fallback);
 * - the price (ticker/24hr?symbol=) and the lever wallet (lever-wallet-list) are read once when the
 *   screen opens, then come over the socket (its coin's ticker, `lever-wallet@user.<id>`): their 3 s
 *   polls run only while the socket is not live (docs/decisions/0071-lever-screen-push.md);
 *   TRADER_SCREEN=polls simulates the screen before that decision (both polled every 3 s), to compare;
 * - the order book (depth?limit=5) likewise: read once, then `<coin>usdt@depth5` on the socket, its 3 s
 *   poll only while the socket is not live (live-order-book.ts; polled every 3 s with TRADER_SCREEN=polls);
 * - the chart's candles (klines, 200 of 1m) likewise: read once, then `<coin>usdt@kline_1m` on the socket
 *   (live-candles.ts), re-read every 60 s only while the socket is not live; TRADER_CANDLES=poll (and
 *   TRADER_SCREEN=polls) re-reads them every 60 s as the chart did before;
 * - the polls that remain (docs/product.md section 7): the coin list (ticker/24hr?symbols=[...]) when the coin drawer opens, which the screen
 *   polls every 10 s only while the drawer is open (CoinDrawer.tsx): modelled as opened once a minute,
 *   one read each time (TRADER_DRAWER=open: held open, polled every 10 s, as this bench did before it
 *   followed the drawer), and every 20 s the re-pricing of its open trade (trade-updation with is_closed
 *   false), only while the push is not live (reprice-trades.ts, docs/decisions/0027-positions-push.md;
 *   TRADER_REPRICE=always sends it regardless, as the screen did before; that screen also re-priced the
 *   selected coin's trades on its price changes, at most every 3 s, which this bench never modelled).
 * A poll still in flight is not sent again (as a query library would not). HTTP requests go over a
 * keep-alive connection shared by HTTP_SHARE traders (see bench/sections/traders.ts: the
 * container's 20,000 file descriptors); a request waiting behind another counts in its latency.
 * A step's window counts the requests asked in it (`reset` starts it): one asked before, while the
 * step's traders were still arriving, belongs to the arrival, not to the load held.
 * TRADER_PARTS=http or =stream runs only the HTTP polls or only the stream socket (the cost of each
 * apart, with `npm run bench -- --trace`).
 * The push delay is measured from the tick it belongs to: the server's market ticks at each whole
 * second + TICK_OFFSET_MS (modules/market/service.ts), on the same machine clock as ours.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Histogram } from '../lib/histogram.js';
import { HttpConnection } from '../lib/http-client.js';
import { openLightSocket, type LightSocket } from '../lib/ws-light.js';

export type TraderCommand =
  | { type: 'setup'; host: string; port: number; coinListPath: string; coins: string[] }
  /** New traders, opening their screens spread evenly over `spreadMs` (people do not arrive in one millisecond). */
  | { type: 'add'; traders: { id: number; token: string }[]; spreadMs: number }
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
  /** Positions frames pushed by a tick, and the delay from that tick to their arrival (ms). */
  pushes: number;
  pushDelay: ReturnType<Histogram['toData']>;
  /** Traders whose positions stream is live (a frame arrived on the open socket). */
  live: number;
  /** get-active-trades requests (the screen's first one and the fallback polls). */
  activeTradesPolls: number;
  /** This process's own event-loop delay p99 (ms): high means the load generator was the bottleneck. */
  loopDelayP99: number;
}

/** Traders sharing one keep-alive HTTP connection. */
export const HTTP_SHARE = 2;
const TICK_OFFSET_MS = 5;
const POSITIONS_PREFIX = Buffer.from('{"stream":"positions@');
const REPRICE_EVERY_MS = 20_000;

let config: Extract<TraderCommand, { type: 'setup' }> | undefined;
const histogram = new Histogram();
const pushDelay = new Histogram();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let requests = 0;
let errors = 0;
let skipped = 0;
let pushes = 0;
let activeTradesPolls = 0;
let firstError: string | undefined;
let traderCount = 0;
/** performance.now() of the window's start: requests asked earlier are not counted. */
let windowStart = 0;
const parts = process.env.TRADER_PARTS ?? 'http,stream';
/** The screen before docs/decisions/0071-lever-screen-push.md: price and lever wallet always polled. */
const pollEverything = process.env.TRADER_SCREEN === 'polls';
/** The coin drawer held open the whole time (its list polled every 10 s) instead of opened once a minute. */
const drawerOpen = process.env.TRADER_DRAWER === 'open';
/** The chart before its candles came over the socket: re-read every 60 s whatever the socket. */
const pollCandles = pollEverything || process.env.TRADER_CANDLES === 'poll';
/** TRADER_REPRICE=always: the 20 s re-pricing also while the push is live, as the screen did before session 20. */
const repriceAlways = pollEverything || process.env.TRADER_REPRICE === 'always';
const CANDLES_PATH = (coin: string) => `/api/v3/klines?symbol=${coin}USDT&interval=1m&limit=200`;
const timers: NodeJS.Timeout[] = [];
const connections: HttpConnection[] = [];
const sockets: LightSocket[] = [];
const liveness: (() => boolean)[] = [];

function httpConnection(index: number): HttpConnection {
  const slot = Math.floor(index / HTTP_SHARE);
  return (connections[slot] ??= new HttpConnection(config!.host, config!.port, 15_000));
}

function failed(what: string) {
  errors++;
  firstError ??= what;
}

function startTrader({ id, token }: { id: number; token: string }, index: number) {
  const { host, port, coinListPath, coins } = config!;
  const connection = httpConnection(index);
  const headers = { authorization: `Bearer ${token}` };
  const coin = coins[index % coins.length]!;
  /** Its open trade, from the first positions frame (for the re-pricing). */
  let trade: { id: number; price: string } | undefined;
  let live = false;
  let framesSeen = 0;
  liveness.push(() => live);

  const every = (ms: number, fn: () => void) => {
    // A random phase over the whole interval, as a crowd opened its screens at different moments: a
    // step's traders arrive within seconds, and with phases of at most 3 s their 20 s and 60 s polls
    // came in bursts that a 10 s window caught or missed (req/s of one step swung 24-100 between runs).
    const first = setTimeout(() => {
      fn();
      timers.push(setInterval(fn, ms));
    }, Math.random() * ms);
    timers.push(first);
  };

  const poll = (method: string, path: () => string | null, body?: () => string) => {
    let inFlight = false;
    return () => {
      const target = path();
      if (target === null) return;
      if (inFlight) {
        skipped++;
        return;
      }
      inFlight = true;
      const asked = performance.now();
      connection.request(method, target, { headers, ...(body ? { body: body() } : {}) }).then(
        (res) => {
          inFlight = false;
          if (asked < windowStart) return;
          requests++;
          histogram.record(res.ms);
          if (res.status !== 200) failed(`${method} ${target}: HTTP ${res.status}`);
        },
        (error: unknown) => {
          inFlight = false;
          if (asked < windowStart) return;
          requests++;
          failed(`${method} ${target}: ${String(error)}`);
        },
      );
    };
  };

  if (parts.includes('http')) {
    // Read once when the screen opens; then polled only while the socket is not live.
    const price = poll('GET', () => `/api/v3/ticker/24hr?symbol=${coin}USDT`);
    const wallet = poll('GET', () => '/api-v1/lever-wallet-list/');
    const book = poll('GET', () => `/api/v3/depth?symbol=${coin}USDT&limit=5`);
    price();
    wallet();
    book();
    every(3_000, () => {
      if (pollEverything || !live) {
        price();
        wallet();
        book();
      }
    });
    const candles = poll('GET', () => CANDLES_PATH(coin));
    candles();
    every(60_000, () => {
      if (pollCandles || !live) candles();
    });
    every(
      drawerOpen ? 10_000 : 60_000,
      poll('GET', () => coinListPath),
    );
    const reprice = poll(
      'POST',
      () => (trade ? '/api-v1/trade-updation/' : null),
      () => JSON.stringify({ trade_id: trade!.id, current_price: trade!.price, is_closed: false }),
    );
    every(REPRICE_EVERY_MS, () => {
      if (repriceAlways || !live) reprice();
    });
  }
  // The screen's first read, then the fallback: only while the push is not live.
  const activeTrades = poll('GET', () => {
    activeTradesPolls++;
    return '/api-v1/get-active-trades/';
  });
  activeTrades();
  every(1_000, () => {
    if (!live) activeTrades();
  });

  const onText = (payload: Buffer, receivedAt: number) => {
    if (
      payload.length < POSITIONS_PREFIX.length ||
      payload.compare(POSITIONS_PREFIX, 0, POSITIONS_PREFIX.length, 0, POSITIONS_PREFIX.length) !== 0
    ) {
      // Tickers are only counted by the fan-out section; a refusal is an error.
      if (payload[2] === 0x65 /* {"error": */) failed(`stream: ${payload.toString()}`);
      return;
    }
    live = true;
    if (framesSeen++ === 0) {
      // The state sent on subscribing, not a tick's: read the trade from it, do not time it.
      const frame = JSON.parse(payload.toString()) as {
        data: { trades: { trade_id: number; starting_price: string }[] };
      };
      const first = frame.data.trades[0];
      if (first) trade = { id: first.trade_id, price: first.starting_price };
      return;
    }
    pushes++;
    const wall = performance.timeOrigin + receivedAt;
    pushDelay.record((((wall - TICK_OFFSET_MS) % 1_000) + 1_000) % 1_000);
  };

  if (!parts.includes('stream')) return;
  openLightSocket(host, port, '/stream', onText).then(
    (socket) => {
      sockets.push(socket);
      socket.send(JSON.stringify({ method: 'LOGIN', params: [token], id: 'login' }));
      socket.send(
        JSON.stringify({
          method: 'SUBSCRIBE',
          params: [
            `${coin.toLowerCase()}usdt@ticker`,
            `positions@user.${id}`,
            ...(pollEverything ? [] : [`lever-wallet@user.${id}`, `${coin.toLowerCase()}usdt@depth5`]),
            ...(pollCandles ? [] : [`${coin.toLowerCase()}usdt@kline_1m`]),
          ],
          id: 1,
        }),
      );
    },
    (error: unknown) => failed(`stream: ${String(error)}`),
  );
}

process.on('message', (command: TraderCommand) => {
  switch (command.type) {
    case 'setup':
      config = command;
      return;
    case 'add': {
      const gap = command.traders.length > 0 ? command.spreadMs / command.traders.length : 0;
      command.traders.forEach((trader, i) => {
        const index = traderCount++;
        timers.push(setTimeout(() => startTrader(trader, index), i * gap));
      });
      return;
    }
    case 'reset':
      windowStart = performance.now();
      histogram.reset();
      pushDelay.reset();
      loopDelay.reset();
      requests = errors = skipped = pushes = activeTradesPolls = 0;
      firstError = undefined;
      return;
    case 'report': {
      const report: TraderReport = {
        type: 'report',
        traders: traderCount,
        requests,
        errors,
        skipped,
        ...(firstError ? { firstError } : {}),
        latency: histogram.toData(),
        pushes,
        pushDelay: pushDelay.toData(),
        live: liveness.filter((isLive) => isLive()).length,
        activeTradesPolls,
        loopDelayP99: loopDelay.percentile(99) / 1e6,
      };
      process.send!(report);
      return;
    }
    case 'stop':
      timers.forEach((t) => clearTimeout(t));
      connections.forEach((c) => c.close());
      sockets.forEach((s) => s.close());
      process.exit(0);
  }
});
