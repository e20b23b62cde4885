/**
 * The maturity of lock-up orders (docs/decisions/0052-earn.md rules 4 to 6): every active order whose
 * `matures_at` has passed is paid its principal (earn -> funding) and its yield (the house account
 * earn_yield -> funding) in one balanced posting, with a notification in the same transaction and its
 * mail after the commit (notifications/mail.ts, in the user's language).
 *
 * It runs in the trade jobs' runner (trades/jobs.ts), under its advisory lock, so one instance acts at
 * a time; and each order leaves `active` by an UPDATE ... WHERE status = 'active' before any money
 * moves, so an order is paid once even by two passes, a redemption at the same moment, or a restart.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { NOTIFICATION_TEXT } from '../../../shared/api/notifications.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, canonical, dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { lockupOrders, lockupProducts } from './schema.js';
import { house, post } from '../ledger/index.js';
import { mailNotifications, notify } from '../notifications/index.js';
import { LOCKUP_REF } from './ledger-rule.js';
import { earnUsdt, fundingUsdt } from './service.js';

/** Orders paid per pass at most; the next pass pays the rest. */
const BATCH = 200;

export type MaturityContext = Pick<AppContext, 'db' | 'clock'> & Partial<Pick<AppContext, 'mailer' | 'log'>>;

/** Pay one order if it is still active and due; null when another pass or a redemption got it first. */
async function payOne(ctx: MaturityContext, id: number): Promise<number | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [order] = await tx
      .update(lockupOrders)
      .set({
        status: 'matured',
        settledAt: now,
        yieldPaid: sql`trunc(${lockupOrders.amount} * ${lockupOrders.yieldPercent} / 100, 8)`,
      })
      .where(and(eq(lockupOrders.id, id), eq(lockupOrders.status, 'active'), lte(lockupOrders.maturesAt, now)))
      .returning();
    if (!order) return null;
    const yieldPaid = canonical(order.yieldPaid!);
    await post(
      tx,
      [
        { account: earnUsdt(order.userId), amount: dec(order.amount).negated().toFixed() },
        { account: fundingUsdt(order.userId), amount: add(order.amount, yieldPaid).toFixed() },
        { account: house('earn_yield', QUOTE_CURRENCY), amount: dec(yieldPaid).negated().toFixed() },
      ],
      { reason: 'lockup_mature', refType: LOCKUP_REF, refId: order.id },
    );
    const [product] = await tx
      .select({ name: lockupProducts.name })
      .from(lockupProducts)
      .where(eq(lockupProducts.id, order.productId));
    const total = add(order.amount, yieldPaid).toFixed();
    await notify(tx, {
      userId: order.userId,
      kind: 'earn_matured',
      ...NOTIFICATION_TEXT.earnMatured(product!.name, canonical(order.amount), yieldPaid, total),
    });
    return order.userId;
  });
}

/** One pass: pay every due active order (at most BATCH); returns how many this pass paid. */
export async function payMaturedOrders(ctx: MaturityContext): Promise<number> {
  const due = await ctx.db
    .select({ id: lockupOrders.id })
    .from(lockupOrders)
    .where(and(eq(lockupOrders.status, 'active'), lte(lockupOrders.maturesAt, ctx.clock.now())))
    .orderBy(asc(lockupOrders.maturesAt), asc(lockupOrders.id))
    .limit(BATCH);
  let paid = 0;
  for (const { id } of due) {
    const done = await payOne(ctx, id);
    if (!done) continue;
    paid += 1;
    // The mail of the notification, after the commit (one that cannot be sent is logged and retried).
    if (ctx.mailer && ctx.log) await mailNotifications({ db: ctx.db, mailer: ctx.mailer, log: ctx.log }, done);
  }
  return paid;
}
