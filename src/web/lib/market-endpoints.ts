/**
 * Where the browser reads market data. By default our own server (same origin: /api/v3 and /stream,
 * combined frames, so the same socket also carries the user's own streams: sockets.ts), which
 * follows the exchange for everyone. Built with VITE_MARKET_DIRECT=true, the browser talks
 * to the public exchange itself and market-region.ts picks the US or international endpoints.
 */
import { browserSignals, resolveMarketEndpoints } from './market-region.js';

export interface MarketBase {
  /** REST base without a trailing slash; '' is this site. */
  rest: string;
  /** WebSocket URL that takes SUBSCRIBE requests. */
  ws: string;
}

const MARKET_DIRECT: boolean = import.meta.env.VITE_MARKET_DIRECT === 'true';

/** Whether the market stream is our own server's (then it carries the user's streams too). */
export const marketIsOurServer = (): boolean => !MARKET_DIRECT;

/** Our server's stream endpoint: combined frames ({"stream", "data"}), SUBSCRIBE and LOGIN. */
export function ownStreamUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/stream`;
}

let chosen: Promise<MarketBase> | undefined;

export function marketBase(): Promise<MarketBase> {
  chosen ??= MARKET_DIRECT
    ? resolveMarketEndpoints(browserSignals()).then(({ rest, ws }) => ({ rest, ws: `${ws}/ws` }))
    : Promise.resolve({ rest: '', ws: ownStreamUrl() });
  // A failed choice is retried by the next caller.
  chosen.catch(() => (chosen = undefined));
  return chosen;
}
