/**
 * Query keys of the trades. Every trade query starts with TRADES_KEY, so a trade refreshes whatever
 * shows one (the history's Closed tab too); balances sit under WALLET_KEY (lib/query-keys.ts). The
 * trading rules are not a trade's: they sit outside TRADES_KEY, so an order does not refetch them.
 */
export const TRADES_KEY = ['trades'] as const;

export const tradeKeys = {
  active: [...TRADES_KEY, 'active'] as const,
  history: [...TRADES_KEY, 'history'] as const,
  rules: ['trade-rules'] as const,
};
