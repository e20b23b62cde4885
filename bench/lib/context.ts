/** What every bench section is handed by run.ts: the running stack, options and shared helpers. */
import type { BenchUser } from './seed.js';
import type { ServerProcess, Stack } from './stack.js';

export interface BenchContext {
  quick: boolean;
  stack: Stack;
  server: ServerProcess;
  log: (line: string) => void;
  /** Raw numbers behind the figures, kept in latest.json. */
  details: Record<string, unknown>;
  /** A user with `count` open BTC trades opened through the API, and funds in every wallet list. */
  tradersWithOpenTrades(count: number): Promise<BenchUser>;
  /** The current last price of a symbol, from the server. */
  lastPrice(symbol: string): Promise<string>;
}
