/**
 * The app's one logged-in WebSocket to our own server (/stream, combined frames): the user's own
 * streams ride on it, chat (features/support) and positions (features/trade). It proves the access
 * token with a LOGIN frame on every (re)connection. Market tickers keep the market socket
 * (features/market/stream.ts), which a direct-market build points at the exchange itself.
 * docs/architecture.md "Realtime", docs/decisions/0027.
 */
import { createMarketSocket, type MarketSocket } from './market-socket';
import { getToken } from './session';

let shared: MarketSocket | undefined;

export function userSocket(): MarketSocket {
  return (shared ??= createMarketSocket({
    url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/stream`,
    greeting: () => {
      const token = getToken();
      return token ? { method: 'LOGIN', params: [token], id: 'login' } : null;
    },
    log: (message, detail) => console.warn(`[user stream] ${message}`, detail ?? ''),
  }));
}
