/**
 * Every change of a spot order, each with its money in one balanced ledger posting in the same
 * transaction (docs/architecture.md "Spot orders", docs/decisions/0026-spot-orders.md). The house is
 * the counterparty: its `spot` account gives the coins a buy receives and takes those a sell gives,
 * against the USDT; the fee (in USDT) goes to `fees`; a resting order's USDT or coin waits on
 * `spot_holds`. Callers lock the order row first (`lockOrder`), then these functions lock accounts
 * (the lock order of docs/decisions/0005: the row decided on, then accounts).
 *
 *   buy at p       funding USDT -(cost + fee); spot USDT +cost; fees +fee; spot COIN -q; funding COIN +q
 *   sell at p      funding COIN -q; spot COIN +q; spot USDT -proceeds; fees +fee; funding USDT +(proceeds - fee)
 *   rest (buy)     funding USDT -held; spot_holds USDT +held        (held = cost + fee at the limit)
 *   rest (sell)    funding COIN -q; spot_holds COIN +q
 *   fill (buy)     spot_holds USDT -held; spot USDT +cost; fees +fee; spot COIN -q; funding COIN +q
 *   fill (sell)    spot_holds COIN -q; spot COIN +q; spot USDT -proceeds; fees +fee; funding USDT +(proceeds - fee)
 *   cancel         spot_holds -held; funding +held (USDT of a buy, the coin of a sell)
 *
 * cost = quantity x price rounded up to 8 places, proceeds rounded down, fee = value x SPOT_FEE_RATE
 * rounded up (shared/money.ts): the customer never gets a fraction the house did not have.
 */
import { and, eq } from 'drizzle-orm';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, dec, spotCost, spotFee, spotProceeds, sub } from '../../../shared/money.js';
import type { Tx } from '../../db/database.js';
import { spotOrders } from './schema.js';
import { house, post, type AccountKey, type Leg } from '../ledger/index.js';
import { SPOT_REF } from './ledger-rule.js';
import { type Message } from '../../../shared/message.js';

export type SpotOrderRow = typeof spotOrders.$inferSelect;
export type NewSpotOrder = typeof spotOrders.$inferInsert;

/** Spot orders trade in the funding wallet. */
export const funding = (userId: number, currency: string): AccountKey => ({ userId, wallet: 'funding', currency });

const negated = (amount: string) => dec(amount).negated().toFixed();
const ref = (reason: string, orderId: number) => ({ reason, refType: SPOT_REF, refId: orderId });

/** What a fill of `quantity` at `price` moves, in USDT. */
export interface FillAmounts {
  /** quantity x price: what a buy pays (rounded up) or a sell brings (rounded down), before the fee. */
  value: string;
  fee: string;
  /** What the customer's USDT changes by, unsigned: value + fee for a buy, value - fee for a sell. */
  total: string;
}

export function fillAmounts(side: 'buy' | 'sell', quantity: string, price: string, feeRate: string): FillAmounts {
  const value = side === 'buy' ? spotCost(quantity, price) : spotProceeds(quantity, price);
  const fee = spotFee(quantity, price, feeRate);
  const total = side === 'buy' ? add(value, fee).toFixed() : sub(value, fee).toFixed();
  return { value, fee, total };
}

/** Lock one order FOR UPDATE (of one user, when given); the per-tick pass skips a row a user holds. */
export async function lockOrder(
  tx: Tx,
  orderId: number,
  options: { userId?: number; skipLocked?: boolean } = {},
): Promise<SpotOrderRow | undefined> {
  const where =
    options.userId === undefined
      ? eq(spotOrders.id, orderId)
      : and(eq(spotOrders.id, orderId), eq(spotOrders.userId, options.userId));
  const [row] = await tx
    .select()
    .from(spotOrders)
    .where(where)
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row;
}

export async function insertOrder(tx: Tx, values: NewSpotOrder): Promise<SpotOrderRow> {
  const [row] = await tx.insert(spotOrders).values(values).returning();
  return row!;
}

async function update(tx: Tx, orderId: number, values: Partial<NewSpotOrder>): Promise<SpotOrderRow> {
  const [row] = await tx.update(spotOrders).set(values).where(eq(spotOrders.id, orderId)).returning();
  return row!;
}

/**
 * The legs of a fill at `price`: the coin side and the USDT side between the customer (or, for a
 * resting order, its hold) and the house's `spot` account, the fee to `fees`.
 */
function fillLegs(order: SpotOrderRow, amounts: FillAmounts, fromHold: boolean): Leg[] {
  const { coin, quantity, userId } = order;
  const usdt = funding(userId, QUOTE_CURRENCY);
  const coins = funding(userId, coin);
  const spotUsdt = house('spot', QUOTE_CURRENCY);
  const spotCoin = house('spot', coin);
  const fees = house('fees', QUOTE_CURRENCY);
  if (order.side === 'buy') {
    return [
      { account: fromHold ? house('spot_holds', QUOTE_CURRENCY) : usdt, amount: negated(amounts.total) },
      { account: spotUsdt, amount: amounts.value },
      { account: fees, amount: amounts.fee },
      { account: spotCoin, amount: negated(quantity) },
      { account: coins, amount: quantity },
    ];
  }
  return [
    { account: fromHold ? house('spot_holds', coin) : coins, amount: negated(quantity) },
    { account: spotCoin, amount: quantity },
    { account: spotUsdt, amount: negated(amounts.value) },
    { account: fees, amount: amounts.fee },
    { account: usdt, amount: amounts.total },
  ];
}

/**
 * Pay for an order filled as it was placed (a market order, or a limit already reached): the row is
 * inserted filled first (its entries name it), then the money moves; a refused posting (not enough
 * balance) rolls both back.
 */
export async function payFill(tx: Tx, order: SpotOrderRow, amounts: FillAmounts, insufficient: Message): Promise<void> {
  await post(tx, fillLegs(order, amounts, false), ref('spot_fill', order.id), { insufficient });
}

/** A resting order takes its hold from the funding wallet: USDT of a buy, the coin of a sell. */
export async function holdFor(tx: Tx, order: SpotOrderRow, insufficient: Message): Promise<void> {
  const currency = order.side === 'buy' ? QUOTE_CURRENCY : order.coin;
  await post(
    tx,
    [
      { account: funding(order.userId, currency), amount: negated(order.held) },
      { account: house('spot_holds', currency), amount: order.held },
    ],
    ref('spot_hold', order.id),
    { insufficient },
  );
}

/**
 * The mark reached a resting order's limit: it fills at its limit, out of its hold. The hold of a
 * buy is exactly cost + fee at the limit, so nothing is left over; no customer account is debited.
 */
export async function fillResting(tx: Tx, order: SpotOrderRow, at: Date): Promise<SpotOrderRow> {
  const price = order.limitPrice!;
  const value = order.side === 'buy' ? spotCost(order.quantity, price) : spotProceeds(order.quantity, price);
  const total = order.side === 'buy' ? add(value, order.fee).toFixed() : sub(value, order.fee).toFixed();
  if (order.side === 'buy' && !dec(total).eq(order.held))
    throw new Error(`spot order ${order.id}: hold ${order.held} is not cost + fee ${total}`);
  await post(tx, fillLegs(order, { value, fee: order.fee, total }, true), ref('spot_fill', order.id));
  return update(tx, order.id, { status: 'filled', filledPrice: price, total, held: '0', filledAt: at });
}

/** Cancel a resting order: its hold goes back to the funding wallet, its reserved fee is not charged. */
export async function cancelResting(tx: Tx, order: SpotOrderRow, at: Date): Promise<SpotOrderRow> {
  const currency = order.side === 'buy' ? QUOTE_CURRENCY : order.coin;
  await post(
    tx,
    [
      { account: house('spot_holds', currency), amount: negated(order.held) },
      { account: funding(order.userId, currency), amount: order.held },
    ],
    ref('spot_release', order.id),
  );
  return update(tx, order.id, { status: 'cancelled', fee: '0', held: '0', cancelledAt: at });
}
