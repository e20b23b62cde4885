/**
 * The TanStack Query keys one feature invalidates for another: a money move of trade reloads the
 * wallet's balances, a staff decision on either Requests list reloads both (docs/product.md section 4).
 * Here, below the features, so no feature imports another's index for a key and imports point one
 * way (docs/style.md "Which way imports go").
 */

/** Every query of balances and money history starts with this key: money moves invalidate it whole. */
export const WALLET_KEY = ['wallet'] as const;

/** The staff's queue of pending deposits and withdrawals (wallet feature). */
export const PENDING_TRANSACTIONS_KEY = ['admin', 'pending-transactions'] as const;

/** The staff's queue of identity submissions waiting for review (identity feature). */
export const UNVERIFIED_USERS_KEY = ['admin', 'unverified-users'] as const;
