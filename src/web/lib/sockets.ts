/**
 * The app's stream socket (market-socket.ts). By default the market is our own server, and then one
 * socket carries everything: the tickers and, after the LOGIN it sends on every (re)connection, the
 * user's own streams (chat, positions, notifications: docs/architecture.md "Realtime"). A build that
 * reads the market from the exchange directly keeps a second socket to our server for the user's
 * streams. Here in lib, as several features use them (docs/style.md "Which way imports go").
 */
import { marketBase, marketIsOurServer, ownStreamUrl } from './market-endpoints.js';
import { createMarketSocket, type MarketSocket } from './market-socket.js';
import { getToken } from './session.js';

/** LOGIN with the access token, when there is one: user streams need it, tickers do not. */
const login = () => {
  const token = getToken();
  return token ? { method: 'LOGIN', params: [token], id: 'login' } : null;
};

let shared: MarketSocket | undefined;
let ownServer: MarketSocket | undefined;

export function marketSocket(): MarketSocket {
  return (shared ??= createMarketSocket({
    url: async () => (await marketBase()).ws,
    ...(marketIsOurServer() ? { greeting: login } : {}),
  }));
}

/** The socket of the user's own streams (chat, positions): the market socket itself unless the market is direct. */
export function userSocket(): MarketSocket {
  if (marketIsOurServer()) return marketSocket();
  return (ownServer ??= createMarketSocket({
    url: () => ownStreamUrl(),
    greeting: login,
    log: (message, detail) => console.warn(`[user stream] ${message}`, detail ?? ''),
  }));
}
