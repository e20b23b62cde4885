/**
 * Earn, lock-up subscriptions (docs/decisions/0052-earn.md). A subscription moves USDT from the user's
 * funding wallet to their `earn` account (the locked principal) and records the order with the product's
 * yield and term as they are then; an early redemption moves the principal back and forfeits the yield;
 * the maturity (maturity.ts) moves the principal back and pays the yield from the house account
 * `earn_yield`. Every move is one balanced posting through the ledger (docs/architecture.md section 4).
 *
 * Races (0052 rule 5): a subscription locks the user's funding and earn USDT accounts before it reads
 * the balance and the user's active orders, so two subscriptions of one user take turns and the second
 * sees the first; a redemption and the maturity both leave `active` by an UPDATE ... WHERE status =
 * 'active', so only one of them pays.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  EARN_MSG,
  type EarnOverview,
  type EarnProductBody,
  type LockupOrder,
  type LockupOrderAnswer,
  type LockupProduct,
  type LockupStatus,
  type LockupSubscribeBody,
} from '../../../shared/api/earn.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { canonical, cmp, dec, toAmount } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { lockupOrders, lockupProducts } from './schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { accountKeyId, lockAccounts, move, type AccountKey } from '../ledger/index.js';
import { LOCKUP_REF } from './ledger-rule.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg, type Message } from '../../../shared/message.js';

const DAY_MS = 86_400_000;

export const fundingUsdt = (userId: number): AccountKey => ({ userId, wallet: 'funding', currency: QUOTE_CURRENCY });
export const earnUsdt = (userId: number): AccountKey => ({ userId, wallet: 'earn', currency: QUOTE_CURRENCY });

type ProductRow = typeof lockupProducts.$inferSelect;
export type OrderRow = typeof lockupOrders.$inferSelect;

/** What an order pays as yield at maturity: amount x yield / 100, rounded down to 8 places (0052 rule 1). */
const yieldAtMaturity = (amount: string, yieldPercent: string) => toAmount(dec(amount).times(yieldPercent).div(100));

/**
 * Yield accrued so far: amount x (yield / days) x whole days elapsed, capped at the term, rounded down
 * once at the end (0052 rule 1; the daily rate is not rounded first, so a full term earns exactly the
 * yield at maturity).
 */
function yieldEarned(order: Pick<OrderRow, 'amount' | 'yieldPercent' | 'days' | 'startedAt'>, now: Date) {
  const whole = Math.max(0, Math.min(order.days, Math.floor((now.getTime() - order.startedAt.getTime()) / DAY_MS)));
  return toAmount(dec(order.amount).times(order.yieldPercent).times(whole).div(dec(order.days).times(100)));
}

const dailyRate = (p: ProductRow) => toAmount(dec(p.yieldPercent).div(p.days));

function orderView(order: OrderRow, productName: string, now: Date): LockupOrder {
  return {
    id: order.id,
    product_id: order.productId,
    product_name: productName,
    amount: order.amount,
    yield_percent: order.yieldPercent,
    days: order.days,
    status: order.status,
    started_at: order.startedAt.toISOString(),
    matures_at: order.maturesAt.toISOString(),
    yield_earned: order.status === 'active' ? yieldEarned(order, now) : canonical(order.yieldPaid ?? '0'),
    yield_at_maturity: yieldAtMaturity(order.amount, order.yieldPercent),
    settled_at: order.settledAt?.toISOString() ?? null,
  };
}

/** Principal of the user's active orders, by product id. */
async function lockedByProduct(db: Queryable, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ productId: lockupOrders.productId, locked: sql<string>`sum(${lockupOrders.amount})::text` })
    .from(lockupOrders)
    .where(and(eq(lockupOrders.userId, userId), eq(lockupOrders.status, 'active')))
    .groupBy(lockupOrders.productId);
  return new Map(rows.map((r) => [r.productId, canonical(r.locked)]));
}

/** max minus what is locked, never below 0 (0052 rule 2). */
const remainingOf = (p: ProductRow, locked: string | undefined) => {
  const left = dec(p.maxAmount).minus(locked ?? '0');
  return left.isNegative() ? '0' : left.toFixed();
};

const allProducts = (db: Queryable) => db.select().from(lockupProducts).orderBy(asc(lockupProducts.id));

type EarnContext = Pick<AppContext, 'db' | 'clock'>;

/** A product's terms as both the user's and the staff's lists answer them. */
const productFields = (p: ProductRow) => ({
  id: p.id,
  name: p.name,
  min: p.minAmount,
  max: p.maxAmount,
  yield_percent: p.yieldPercent,
  daily_rate_percent: dailyRate(p),
  days: p.days,
  open: p.open,
});

export function createEarnService(ctx: EarnContext) {
  const { db, clock } = ctx;

  const staffProducts = async (q: Queryable) => {
    const products = await allProducts(q);
    const { rows } = await q.execute<{ product_id: number; n: string; locked: string; owed: string }>(sql`
      select product_id, count(*)::text as n, sum(amount)::text as locked,
             sum(trunc(amount * yield_percent / 100, 8))::text as owed
      from ${lockupOrders} where status = 'active' group by product_id`);
    return products.map((p) => {
      const row = rows.find((r) => Number(r.product_id) === p.id);
      return {
        ...productFields(p),
        locked: canonical(row?.locked ?? '0'),
        active_orders: Number(row?.n ?? 0),
        yield_owed: canonical(row?.owed ?? '0'),
      };
    });
  };

  return {
    /** GET /api-v1/lockup-products/ */
    async products(userId: number): Promise<LockupProduct[]> {
      const [products, locked] = await Promise.all([allProducts(db), lockedByProduct(db, userId)]);
      return products.map((p) => ({
        ...productFields(p),
        remaining: remainingOf(p, locked.get(p.id)),
      }));
    },

    /** GET /api-v1/lockup-orders/?status= : the user's orders, newest first. */
    async orders(userId: number, status: LockupStatus | undefined): Promise<LockupOrder[]> {
      const rows = await db
        .select({ order: lockupOrders, name: lockupProducts.name })
        .from(lockupOrders)
        .innerJoin(lockupProducts, eq(lockupProducts.id, lockupOrders.productId))
        .where(and(eq(lockupOrders.userId, userId), status ? eq(lockupOrders.status, status) : undefined))
        .orderBy(desc(lockupOrders.id))
        .limit(200);
      const now = clock.now();
      return rows.map((r) => orderView(r.order, r.name, now));
    },

    /** POST /api-v1/lockup-orders/ */
    subscribe(userId: number, body: LockupSubscribeBody): Promise<LockupOrderAnswer> {
      return db.transaction(async (tx) => {
        // A lock-up's yield is the house's expense: demo money earns none (docs/decisions/0063-demo-accounts.md).
        await refuseDemo(tx, userId, msg(DEMO_MSG, 'noEarn'));
        // The user's accounts first (0052 rule 5): a second subscription of this user waits here and
        // then reads the balance and the active orders the first one left.
        const held = await lockAccounts(tx, [fundingUsdt(userId), earnUsdt(userId)]);
        const [product] = await tx.select().from(lockupProducts).where(eq(lockupProducts.id, body.product_id));
        if (!product) throw notFound(msg(EARN_MSG, 'noSuchProduct'));
        if (!product.open) throw badRequest(msg(EARN_MSG, 'productClosed', product.name));
        const refuse = (message: Message) => badRequest(message, { amount: message });
        if (cmp(body.amount, product.minAmount) < 0 || cmp(body.amount, product.maxAmount) > 0)
          throw refuse(msg(EARN_MSG, 'outOfRange', product.name, product.minAmount, product.maxAmount));
        const remaining = remainingOf(product, (await lockedByProduct(tx, userId)).get(product.id));
        if (cmp(body.amount, remaining) > 0) throw refuse(msg(EARN_MSG, 'aboveCapacity', product.name, remaining));
        const balance = held.get(accountKeyId(fundingUsdt(userId)))!.balance;
        if (cmp(body.amount, balance) > 0) throw refuse(msg(EARN_MSG, 'insufficient', body.amount, toAmount(balance)));

        const now = clock.now();
        const [order] = await tx
          .insert(lockupOrders)
          .values({
            userId,
            productId: product.id,
            amount: body.amount,
            yieldPercent: product.yieldPercent,
            days: product.days,
            startedAt: now,
            maturesAt: new Date(now.getTime() + product.days * DAY_MS),
          })
          .returning();
        await move(tx, fundingUsdt(userId), earnUsdt(userId), body.amount, {
          reason: 'lockup_subscribe',
          refType: LOCKUP_REF,
          refId: order!.id,
        });
        return { message: EARN_MSG.subscribed, order: orderView(order!, product.name, now) };
      });
    },

    /** POST /api-v1/lockup-orders/{id}/redeem/ : the principal back, the yield forfeited (0052 rule 3). */
    redeem(userId: number, orderId: number): Promise<LockupOrderAnswer> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const mine = and(eq(lockupOrders.id, orderId), eq(lockupOrders.userId, userId));
        // The order first, then the accounts (docs/decisions/0005's order); the maturity job does the same.
        const [order] = await tx
          .update(lockupOrders)
          .set({ status: 'redeemed', settledAt: now, yieldPaid: '0' })
          .where(and(mine, eq(lockupOrders.status, 'active')))
          .returning();
        if (!order) {
          const [seen] = await tx.select({ id: lockupOrders.id }).from(lockupOrders).where(mine);
          // Another user's order is as unknown as one that does not exist.
          if (!seen) throw notFound(msg(EARN_MSG, 'orderNotFound'));
          throw conflict(msg(EARN_MSG, 'notActive'));
        }
        await move(tx, earnUsdt(userId), fundingUsdt(userId), order.amount, {
          reason: 'lockup_redeem',
          refType: LOCKUP_REF,
          refId: order.id,
        });
        const [product] = await tx
          .select({ name: lockupProducts.name })
          .from(lockupProducts)
          .where(eq(lockupProducts.id, order.productId));
        return { message: EARN_MSG.redeemed, order: orderView(order, product!.name, now) };
      });
    },

    /** GET /api-v3/admin/earn/ */
    async overview(): Promise<EarnOverview> {
      const products = await staffProducts(db);
      const { rows: days } = await db.execute<{ day: string; n: string; principal: string; owed: string }>(sql`
        select to_char(matures_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::text as n,
               sum(amount)::text as principal, sum(trunc(amount * yield_percent / 100, 8))::text as owed
        from ${lockupOrders} where status = 'active' group by 1 order by 1 limit 366`);
      const { rows: paid } = await db.execute<{ paid: string }>(sql`
        select coalesce(sum(yield_paid), 0)::text as paid from ${lockupOrders} where status = 'matured'`);
      const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), dec(0)).toFixed();
      return {
        products,
        locked: sum(products.map((p) => p.locked)),
        yield_owed: sum(products.map((p) => p.yield_owed)),
        yield_paid: canonical(paid[0]!.paid),
        maturities: days.map((d) => ({
          day: d.day,
          orders: Number(d.n),
          principal: canonical(d.principal),
          yield: canonical(d.owed),
        })),
      };
    },

    /** PUT /api-v3/admin/earn/products/{id}/ : close or reopen, or change the yield of new subscriptions (audited). */
    updateProduct(staffId: number, productId: number, body: EarnProductBody) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(lockupProducts).where(eq(lockupProducts.id, productId)).for('update');
        if (!before) throw notFound(msg(EARN_MSG, 'noSuchProduct'));
        const [after] = await tx
          .update(lockupProducts)
          .set({
            ...(body.open !== undefined ? { open: body.open } : {}),
            ...(body.yield_percent !== undefined ? { yieldPercent: body.yield_percent } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(lockupProducts.id, productId))
          .returning();
        await recordAudit(tx, {
          actorId: staffId,
          action: 'lockup_product.update',
          targetType: 'lockup_product',
          targetId: productId,
          before: { open: before.open, yield_percent: before.yieldPercent },
          after: { open: after!.open, yield_percent: after!.yieldPercent },
        });
        const product = (await staffProducts(tx)).find((p) => p.id === productId)!;
        return { message: EARN_MSG.productSaved, product };
      });
    },
  };
}
