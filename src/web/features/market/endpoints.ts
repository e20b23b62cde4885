/**
 * Where the browser reads market data. By default our own server (same origin: /api/v3 and /ws),
 * which follows the exchange for everyone. Built with VITE_MARKET_DIRECT=true, the browser talks
 * to the public exchange itself and region.ts picks the US or international endpoints.
 */
import { browserSignals, resolveMarketEndpoints } from './region.js';

export interface MarketBase {
  /** REST base without a trailing slash; '' is this site. */
  rest: string;
  /** WebSocket URL that takes SUBSCRIBE requests. */
  ws: string;
}

const MARKET_DIRECT: boolean = import.meta.env.VITE_MARKET_DIRECT === 'true';

function sameOriginWs(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

let chosen: Promise<MarketBase> | undefined;

export function marketBase(): Promise<MarketBase> {
  chosen ??= MARKET_DIRECT
    ? resolveMarketEndpoints(browserSignals()).then(({ rest, ws }) => ({ rest, ws: `${ws}/ws` }))
    : Promise.resolve({ rest: '', ws: sameOriginWs() });
  // A failed choice is retried by the next caller.
  chosen.catch(() => (chosen = undefined));
  return chosen;
}
