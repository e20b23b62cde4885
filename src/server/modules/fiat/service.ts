/**
 * Fiat orders (docs/decisions/0054-fiat-orders.md): a user places a buy or sell of USDT or ETH on their
 * legal wallet; staff post payment instructions, mark it paid, complete or cancel it. Money moves only
 * through the ledger, as an approved deposit or withdrawal does (docs/architecture.md section 4): a sell
 * holds its coins on the house's `withdrawals` account at placing (so they cannot be spent twice), which
 * completing sends out (to `deposits`, the outside world's side) and cancelling gives back; a buy is
 * credited from `deposits` on completion. The order row is locked first, so two staff actions on one
 * order run one after the other and the second sees the first's status.
 */
import { and, asc, desc, eq, gt, inArray, notInArray } from 'drizzle-orm';
import {
  FIAT_MSG,
  fiatReference,
  type FiatAction,
  type FiatOrderAnswer,
  type FiatOrderItem,
  type StaffFiatOrderItem,
  fiatOrderBody,
  staffFiatActionBody,
  staffFiatOrdersQuery,
} from '../../../shared/api/fiat.js';
import { NOTIFICATION_TEXT, type FiatOrderNotice } from '../../../shared/api/notifications.js';
import { LEGAL_CURRENCY_LIMIT } from '../../../shared/constants.js';
import { mul } from '../../../shared/money.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { fiatOrders } from './schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { house, move, type Posting } from '../ledger/index.js';
import { mailNotifications, notify } from '../notifications/index.js';
import { usdtPriceOf } from '../wallets/index.js';
import { FIAT_ORDER_REF } from './ledger-rule.js';
import { isDemoUser, refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg, type Message } from '../../../shared/message.js';

type FiatOrderRow = typeof fiatOrders.$inferSelect;
type Body = z.output<typeof fiatOrderBody>;
type ActionBody = z.output<typeof staffFiatActionBody>;
type StaffQuery = z.output<typeof staffFiatOrdersQuery>;

const OPEN = ['pending', 'instructions_posted', 'paid'] as const;

const toFiatOrderItem = (row: FiatOrderRow): FiatOrderItem => ({
  id: row.id,
  reference: fiatReference(row.id),
  side: row.side,
  currency: row.currency,
  amount: row.amount,
  status: row.status,
  instructions: row.instructions,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Why `action` cannot follow the order's status, or null when it may (0054's state machine). */
function refusal(status: FiatOrderRow['status'], action: FiatAction): Message | null {
  if (status === 'completed') return msg(FIAT_MSG, 'alreadyCompleted');
  if (status === 'cancelled') return msg(FIAT_MSG, 'alreadyCancelled');
  if (action === 'complete' && status !== 'paid') return msg(FIAT_MSG, 'notPaidYet');
  if ((action === 'paid' || action === 'instructions') && status === 'paid') return msg(FIAT_MSG, 'alreadyPaid');
  return null;
}

const NEXT: Record<FiatAction, FiatOrderRow['status']> = {
  instructions: 'instructions_posted',
  paid: 'paid',
  complete: 'completed',
  cancel: 'cancelled',
};

const NOTICE: Record<FiatAction, FiatOrderNotice> = {
  instructions: 'fiat_order_instructions',
  paid: 'fiat_order_paid',
  complete: 'fiat_order_completed',
  cancel: 'fiat_order_cancelled',
};

const ANSWER: Record<FiatAction, string> = {
  instructions: FIAT_MSG.instructionsPosted,
  paid: FIAT_MSG.markedPaid,
  complete: FIAT_MSG.orderCompleted,
  cancel: FIAT_MSG.orderCancelled,
};

/** What completing or cancelling moves on the ledger; nothing for the other actions. */
async function settle(tx: Tx, row: FiatOrderRow, action: FiatAction): Promise<Posting | null> {
  const legal = { userId: row.userId, wallet: 'legal' as const, currency: row.currency };
  const ref = { refType: FIAT_ORDER_REF, refId: row.id };
  if (action === 'complete' && row.side === 'buy')
    return (await move(tx, house('deposits', row.currency), legal, row.amount, { ...ref, reason: 'fiat_buy' })).to;
  if (action === 'complete' && row.side === 'sell') {
    // The held coins leave the platform: the outside world paid the user (as withdrawal_sent, review.ts).
    await move(tx, house('withdrawals', row.currency), house('deposits', row.currency), row.amount, {
      ...ref,
      reason: 'fiat_sell',
    });
    return null;
  }
  if (action === 'cancel' && row.side === 'sell')
    return (
      await move(tx, house('withdrawals', row.currency), legal, row.amount, { ...ref, reason: 'fiat_sell_release' })
    ).to;
  return null;
}

export function createFiatService(ctx: Pick<AppContext, 'db' | 'clock' | 'market' | 'mailer' | 'log'>) {
  const { db, clock } = ctx;
  return {
    async place(userId: number, body: Body): Promise<FiatOrderAnswer> {
      // No fiat for demo money (docs/decisions/0063-demo-accounts.md).
      await refuseDemo(db, userId, msg(DEMO_MSG, 'noFiat'));
      // The limit (docs/product.md "Legal currency", 100.00) is the least an order is worth in USD (0054).
      const price = await usdtPriceOf(ctx.market, body.currency);
      if (mul(body.amount, price).lt(LEGAL_CURRENCY_LIMIT))
        throw badRequest(msg(FIAT_MSG, 'belowLimit'), { amount: msg(FIAT_MSG, 'belowLimit') });
      const row = await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(fiatOrders)
          .values({ userId, side: body.side, currency: body.currency, amount: body.amount })
          .returning();
        if (body.side === 'sell')
          await move(
            tx,
            { userId, wallet: 'legal', currency: body.currency },
            house('withdrawals', body.currency),
            body.amount,
            { reason: 'fiat_sell_hold', refType: FIAT_ORDER_REF, refId: order!.id },
            { insufficient: msg(FIAT_MSG, 'insufficientLegal') },
          );
        return order!;
      });
      return { message: FIAT_MSG.orderPlaced, order: toFiatOrderItem(row) };
    },

    /** The user's own orders, newest first (another user's are never read). */
    async list(userId: number): Promise<FiatOrderItem[]> {
      const rows = await db
        .select()
        .from(fiatOrders)
        .where(eq(fiatOrders.userId, userId))
        .orderBy(desc(fiatOrders.id))
        .limit(50);
      return rows.map(toFiatOrderItem);
    },

    /** The staff queue: open orders oldest first (or the completed / cancelled ones), a page after `after`. */
    async staffList(query: StaffQuery): Promise<StaffFiatOrderItem[]> {
      const status =
        query.status === 'open'
          ? inArray(fiatOrders.status, [...OPEN])
          : query.status === 'completed'
            ? eq(fiatOrders.status, 'completed')
            : eq(fiatOrders.status, 'cancelled');
      const rows = await db
        .select({ order: fiatOrders, email: users.email })
        .from(fiatOrders)
        .innerJoin(users, eq(users.id, fiatOrders.userId))
        .where(and(status, query.after ? gt(fiatOrders.id, query.after) : undefined))
        .orderBy(asc(fiatOrders.id))
        .limit(query.limit);
      return rows.map(({ order, email }) => ({ ...toFiatOrderItem(order), user_id: order.userId, user_email: email }));
    },

    async act(staffId: number, orderId: number, body: ActionBody): Promise<FiatOrderAnswer> {
      const { action } = body;
      const decided = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(fiatOrders).where(eq(fiatOrders.id, orderId)).for('update');
        if (!row) throw notFound(msg(FIAT_MSG, 'orderNotFound'));
        if (row.userId === staffId) throw forbidden(msg(FIAT_MSG, 'ownOrder'));
        if (await isDemoUser(tx, row.userId)) throw badRequest(msg(DEMO_MSG, 'staffNotForDemo'));
        const refused = refusal(row.status, action);
        if (refused) throw conflict(refused);

        const posting = await settle(tx, row, action);
        const [updated] = await tx
          .update(fiatOrders)
          .set({
            status: NEXT[action],
            handledBy: staffId,
            updatedAt: clock.now(),
            ...(action === 'instructions' ? { instructions: body.instructions! } : {}),
          })
          .where(and(eq(fiatOrders.id, row.id), notInArray(fiatOrders.status, ['completed', 'cancelled'])))
          .returning();
        const reference = fiatReference(row.id);
        await notify(tx, {
          userId: row.userId,
          kind: NOTICE[action],
          ...NOTIFICATION_TEXT.fiatOrder(NOTICE[action], reference, row.amount, row.currency),
        });
        await recordAudit(tx, {
          actorId: staffId,
          action: `fiat_order.${action}`,
          targetType: 'fiat_order',
          targetId: row.id,
          before: {
            status: row.status,
            side: row.side,
            user_id: row.userId,
            amount: row.amount,
            currency: row.currency,
          },
          after: {
            status: updated!.status,
            ...(action === 'instructions' ? { instructions: updated!.instructions } : {}),
            ...(posting
              ? { moved: posting.amount, account_id: posting.accountId, balance_after: posting.balanceAfter }
              : {}),
          },
        });
        return updated!;
      });
      await mailNotifications(ctx, decided.userId);
      return { message: ANSWER[action], order: toFiatOrderItem(decided) };
    },
  };
}
