/**
 * Query keys of the trade screens. Every trade query starts with TRADES_KEY (the history's Closed
 * tab reads ['trades', 'history']), and the lever balance sits under the wallet lists' key, so a
 * trade or a transfer refreshes whatever shows them.
 */
export const TRADES_KEY = ['trades'] as const;

export const tradeKeys = {
  all: TRADES_KEY,
  active: [...TRADES_KEY, 'active'] as const,
  history: [...TRADES_KEY, 'history'] as const,
};

export const WALLET_KEY = ['wallet'] as const;
export const leverWalletKey = [...WALLET_KEY, 'list', 'lever'] as const;
