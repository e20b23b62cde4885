/**
 * A trader's own state pushed over the WebSocket (docs/architecture.md "Realtime", docs/decisions/0027-positions-push.md "Live
 * positions"): after LOGIN, `positions@user.<id>`, `orders@user.<id>` and `notifications@user.<id>` (only one's own id).
 * Every frame is the whole current state, not a change: the next frame replaces the last.
 */
import type { TradeItem } from './trade.js';
import type { WalletList } from './wallet.js';

export const USER_STREAMS = {
  /** `{"e": "positions", "trades": [...]}`: exactly the items GET /api-v1/get-active-trades/ returns. */
  positions: (userId: number) => `positions@user.${userId}`,
  /** `{"e": "orders", "orders": [...]}`: the open spot orders (GET /api-v1/spot-orders/?status=open). */
  orders: (userId: number) => `orders@user.${userId}`,
  /**
   * `{"e": "notifications", unread, count, next, results}`: the first page of GET
   * /api-v1/notifications/, sent on every new notification and every read (shared/api/notifications.ts).
   */
  notifications: (userId: number) => `notifications@user.${userId}`,
  /**
   * `{"e": "lever-wallet", "balances": [...]}`: exactly GET /api-v1/lever-wallet-list/'s list, sent
   * whenever a posting moves the lever wallet (docs/decisions/0071-lever-screen-push.md).
   */
  leverWallet: (userId: number) => `lever-wallet@user.${userId}`,
} as const;

export interface PositionsEvent {
  e: 'positions';
  trades: TradeItem[];
}

export interface LeverWalletEvent {
  e: 'lever-wallet';
  balances: WalletList;
}

export interface OrdersEvent<Order = unknown> {
  e: 'orders';
  orders: Order[];
}
