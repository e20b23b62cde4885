/**
 * The exchange-compatible private API on our real spot rules (docs/decisions/0033-api-keys.md "Private API on our real
 * rules", docs/architecture.md "Private API"): /api/v3/account, order (+ test), openOrders,
 * allOrders, myTrades, signed as the exchange signs them (signed.ts). Orders are the Exchange
 * screen's spot orders: placed and cancelled through the spot module (its holds, fees and ledger
 * postings), never a second book. Parameters arrive in the query string or a form body.
 */
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SpotOrderBody } from '../../../shared/api/spot.js';
import { spotPairOf, type SpotPair } from '../../../shared/market.js';
import { MIN_ORDER_NOTIONAL } from '../../../shared/constants.js';
import { add, cmp, dec, mul } from '../../../shared/money.js';
import type { AppContext, AppModule } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { spotOrderClientIds } from './schema.js';
import { spotOrders } from '../spot/schema.js';
import { AppError, ExchangeApiError } from '../../errors.js';
import { createSpotService, quoteOf, type SpotOrderRow } from '../spot/index.js';
import { spotBalances } from './balances.js';
import { createUserData } from './user-data.js';
import { userDataStreamRoutes } from './user-stream-routes.js';
import { cancelledView, fixed8, orderIdOfClientId, orderView, placedView, tradeView } from './exchange-view.js';
import { createOrderBudget } from '../../plugins/order-budget.js';
import { apiError, authenticate, countWeight, createWeightCounter, type SignedCaller } from './signed.js';

const invalidSymbol = () => new ExchangeApiError(400, -1121, 'Invalid symbol.');
const filterFailure = (filter: 'LOT_SIZE' | 'PRICE_FILTER' | 'NOTIONAL' | 'MAX_NUM_ORDERS') =>
  new ExchangeApiError(400, -1013, `Filter failure: ${filter}`);
const insufficientBalance = () =>
  new ExchangeApiError(400, -2010, 'Account has insufficient balance for requested action.');
const duplicateOrder = () => new ExchangeApiError(400, -2010, 'Duplicate order sent.');
const noSuchOrder = () => new ExchangeApiError(400, -2013, 'Order does not exist.');
const unknownOrder = () => new ExchangeApiError(400, -2011, 'Unknown order sent.');
const notRequired = (name: string) => new ExchangeApiError(400, -1106, `Parameter '${name}' sent when not required.`);
/** Over the user's order budget (docs/decisions/0050): the exchange's 429 and -1015, without Retry-After. */
const tooManyOrders = (max: number) =>
  new ExchangeApiError(429, -1015, `Too many new orders; current limit is ${max} orders per 1 MINUTE.`);
const unavailable = () =>
  new ExchangeApiError(503, -1001, 'Internal error; unable to process your request. Please try again.');

const DECIMAL = /^([0-9]{1,20})(\.[0-9]{1,20})?$/;
const DECIMAL_LEGAL = '^([0-9]{1,20})(\\.[0-9]{1,20})?$';
const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const CLIENT_ID_LEGAL = '^[\\.A-Z\\:/a-z0-9_-]{1,36}$';
const INTEGER_LEGAL = '^[0-9]{1,20}$';
const LIST_DEFAULT = 500;
const LIST_MAX = 1000;

type Params = Map<string, string>;

function required(params: Params, name: string): string {
  const value = params.get(name);
  if (value === undefined || value === '') throw apiError.mandatory(name);
  return value;
}

function integer(params: Params, name: string): number | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw apiError.illegal(name, INTEGER_LEGAL);
  return Number(value);
}

function decimal(params: Params, name: string): string | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  if (!DECIMAL.test(value)) throw apiError.illegal(name, DECIMAL_LEGAL);
  return dec(value).toFixed();
}

/** A spot-tradable symbol, exactly as the exchange names it ('BTCUSDT'). */
function pairParam(params: Params): SpotPair {
  const symbol = required(params, 'symbol').toUpperCase();
  if (!/^[A-Z0-9\-_.]{1,20}$/.test(symbol)) throw apiError.illegal('symbol', '^[A-Z0-9-_.]{1,20}$');
  const pair = spotPairOf(symbol);
  if (!pair || pair.symbol !== symbol) throw invalidSymbol();
  return pair;
}

const decimalsOf = (value: string) => (value.includes('.') ? value.split('.')[1]!.length : 0);

/** LOT_SIZE: a positive quantity on the pair's step. */
function checkLot(pair: SpotPair, quantity: string) {
  if (!dec(quantity).gt(0) || decimalsOf(quantity) > pair.qtyDecimals || decimalsOf(quantity) > 8)
    throw filterFailure('LOT_SIZE');
}

function limitParam(params: Params): number {
  const limit = integer(params, 'limit') ?? LIST_DEFAULT;
  return Math.min(Math.max(limit, 1), LIST_MAX);
}

/** The private API's answers to the spot module's refusals, in the exchange's words. */
function exchangeError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.statusCode === 503) return unavailable();
  const { code } = error.detail;
  // The spot order's own check, or the ledger's refusal of a balance going below zero.
  if (code === 'spot.texts.insufficientOf' || code === 'server.insufficientBalance') return insufficientBalance();
  if (code === 'spot.belowMinNotional') return filterFailure('NOTIONAL');
  if (code === 'spot.tooManyOpen') return filterFailure('MAX_NUM_ORDERS');
  if (code === 'spot.alreadyFilled' || code === 'spot.alreadyCancelled') return unknownOrder();
  if (error.statusCode === 404) return unknownOrder();
  return new ExchangeApiError(400, -1013, error.message);
}

export const privateApiModule: AppModule = (app, ctx) => {
  const spot = createSpotService(ctx);
  const weights = createWeightCounter(() => ctx.clock.now().getTime());
  const feeRate = ctx.config.spotFeeRate;
  // New orders share the user's one budget with the web's lever and spot orders (docs/decisions/0050).
  const orderBudget = createOrderBudget(app, ctx.config.tradeRateLimit);
  const userData = createUserData(ctx);
  app.addHook('onClose', async () => userData.stop());

  // Exchange clients send POST and DELETE parameters as a form; the raw text is what they signed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // The official connector sends every parameter in the query string, with an empty body labelled
  // JSON: here (this module's routes only) an empty or JSON body is no parameters, as on the exchange.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) => done(null, null));

  type Handler = (caller: SignedCaller, reply: FastifyReply) => Promise<unknown>;
  /** A signed route: weight first (refusals count too, as the exchange counts them), then the key. */
  const signed =
    (weight: number | ((params: URLSearchParams) => number), permission: 'read' | 'spot', handler: Handler) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const query = new URLSearchParams((req.raw.url ?? '').split('?')[1] ?? '');
      countWeight(weights, req, reply, typeof weight === 'number' ? weight : weight(query));
      const caller = await authenticate(ctx, req, permission === 'spot' ? 'TRADE' : 'USER_DATA', permission);
      try {
        return await handler(caller, reply);
      } catch (error) {
        throw exchangeError(error);
      }
    };
  const doc = (summary: string) => ({ schema: { tags: ['private-api'], summary, hide: false } });

  async function clientIds(userId: number, orderIds: number[]): Promise<Map<number, string>> {
    if (orderIds.length === 0) return new Map();
    const rows = await ctx.db
      .select()
      .from(spotOrderClientIds)
      .where(and(eq(spotOrderClientIds.userId, userId), inArray(spotOrderClientIds.orderId, orderIds)));
    return new Map(rows.map((r) => [r.orderId, r.clientOrderId]));
  }

  async function ordersWhere(userId: number, where: SQL[], limit: number): Promise<SpotOrderRow[]> {
    return ctx.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, userId), ...where))
      .orderBy(asc(spotOrders.id))
      .limit(limit);
  }

  /** The order named by orderId or origClientOrderId (one of them is mandatory), of this user and pair. */
  async function namedOrder(caller: SignedCaller, pair: SpotPair): Promise<SpotOrderRow | undefined> {
    const orderId = integer(caller.params, 'orderId');
    const origClientOrderId = caller.params.get('origClientOrderId');
    let id = orderId;
    if (id === undefined) {
      if (!origClientOrderId) throw apiError.mandatory('orderId');
      const [mapped] = await ctx.db
        .select({ orderId: spotOrderClientIds.orderId })
        .from(spotOrderClientIds)
        .where(
          and(eq(spotOrderClientIds.userId, caller.userId), eq(spotOrderClientIds.clientOrderId, origClientOrderId)),
        );
      id = mapped?.orderId ?? orderIdOfClientId(origClientOrderId) ?? undefined;
      if (id === undefined) return undefined;
    }
    const [row] = await ordersWhere(caller.userId, [eq(spotOrders.id, id), eq(spotOrders.coin, pair.coin)], 1);
    return row;
  }

  /** The order a POST describes, checked against the pair's filters; the spot module checks the rest. */
  async function orderRequest(caller: SignedCaller) {
    const { params } = caller;
    const pair = pairParam(params);
    const sideText = required(params, 'side');
    const typeText = required(params, 'type');
    const side = sideText === 'BUY' ? 'buy' : sideText === 'SELL' ? 'sell' : null;
    if (!side) throw new ExchangeApiError(400, -1117, 'Invalid side.');
    const type = typeText === 'MARKET' ? 'market' : typeText === 'LIMIT' ? 'limit' : null;
    if (!type) throw new ExchangeApiError(400, -1116, 'Invalid orderType.');
    const respText = params.get('newOrderRespType') ?? 'FULL';
    if (respText !== 'ACK' && respText !== 'RESULT' && respText !== 'FULL')
      throw new ExchangeApiError(400, -1130, 'Invalid data sent for a parameter.');
    const clientId = params.get('newClientOrderId');
    if (clientId !== undefined && !CLIENT_ID.test(clientId))
      throw apiError.illegal('newClientOrderId', CLIENT_ID_LEGAL);
    let quantity = decimal(params, 'quantity');
    const quoteOrderQty = decimal(params, 'quoteOrderQty');
    const price = decimal(params, 'price');
    if (type === 'limit') {
      const tif = required(params, 'timeInForce');
      if (tif !== 'GTC') throw new ExchangeApiError(400, -1115, 'Invalid timeInForce.');
      if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty');
      if (quantity === undefined) throw apiError.mandatory('quantity');
      if (price === undefined) throw apiError.mandatory('price');
      checkLot(pair, quantity);
      if (!dec(price).gt(0) || decimalsOf(price) > pair.priceDecimals) throw filterFailure('PRICE_FILTER');
      if (cmp(mul(quantity, price), MIN_ORDER_NOTIONAL) < 0) throw filterFailure('NOTIONAL');
    } else {
      if (params.has('timeInForce')) throw notRequired('timeInForce');
      if (price !== undefined) throw notRequired('price');
      if ((quantity === undefined) === (quoteOrderQty === undefined))
        throw new ExchangeApiError(
          400,
          -1102,
          "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!",
        );
      if (quoteOrderQty !== undefined) {
        // The quantity the quote amount buys (with our fee, added in USDT) or sells, at the house's price now.
        const quote = await quoteOf(ctx.market, pair.coin, side).catch(() => {
          throw unavailable();
        });
        const perCoin = side === 'buy' ? mul(quote.price, add(1, feeRate)) : dec(quote.price);
        quantity = dec(quoteOrderQty).div(perCoin).toDecimalPlaces(pair.qtyDecimals, 1).toFixed();
      }
      checkLot(pair, quantity!);
    }
    const body: SpotOrderBody = {
      symbol: pair.symbol,
      coin: pair.coin,
      side,
      type,
      quantity: quantity!,
      price: price ?? null,
    };
    return { body, clientId, respType: respText as 'ACK' | 'RESULT' | 'FULL' };
  }

  /** A made-up client id for an order without one, as the exchange makes them. */
  const newClientId = () => `cf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

  app.post(
    '/api/v3/order',
    doc('New order (TRADE): MARKET with quantity or quoteOrderQty, LIMIT GTC'),
    signed(1, 'spot', async (caller, reply) => {
      // Counted once the user is known, before the order is read: refused orders count, as on the web.
      const budget = await orderBudget.take(reply.request, caller.userId);
      if (!budget.allowed) throw tooManyOrders(budget.max);
      const { body, clientId, respType } = await orderRequest(caller);
      const kept = clientId ?? newClientId();
      try {
        await spot.place(caller.userId, body, { key: null, route: 'POST /api/v3/order' }, async (tx, order) => {
          await tx.insert(spotOrderClientIds).values({ orderId: order.id, userId: caller.userId, clientOrderId: kept });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'spot_order_client_ids_user_client_key')) throw duplicateOrder();
        throw error;
      }
      const [row] = await ctx.db
        .select({ order: spotOrders })
        .from(spotOrderClientIds)
        .innerJoin(spotOrders, eq(spotOrders.id, spotOrderClientIds.orderId))
        .where(and(eq(spotOrderClientIds.userId, caller.userId), eq(spotOrderClientIds.clientOrderId, kept)));
      return reply.send(placedView(row!.order, kept, respType));
    }),
  );

  app.post(
    '/api/v3/order/test',
    doc('Test new order (TRADE): checked like a new order, nothing placed'),
    signed(1, 'spot', async (caller, reply) => {
      await orderRequest(caller);
      return reply.send({});
    }),
  );

  app.get(
    '/api/v3/order',
    doc('Query order (USER_DATA): symbol and orderId or origClientOrderId'),
    signed(4, 'read', async (caller, reply) => {
      const pair = pairParam(caller.params);
      const row = await namedOrder(caller, pair);
      if (!row) throw noSuchOrder();
      return reply.send(orderView(row, (await clientIds(caller.userId, [row.id])).get(row.id)));
    }),
  );

  app.delete(
    '/api/v3/order',
    doc('Cancel order (TRADE): symbol and orderId or origClientOrderId'),
    signed(1, 'spot', async (caller, reply) => {
      const pair = pairParam(caller.params);
      const row = await namedOrder(caller, pair);
      if (!row || row.status !== 'open') throw unknownOrder();
      await spot.cancel(caller.userId, row.id, { key: null, route: 'DELETE /api/v3/order' });
      const [cancelled] = await ordersWhere(caller.userId, [eq(spotOrders.id, row.id)], 1);
      const clientId = (await clientIds(caller.userId, [row.id])).get(row.id);
      return reply.send(cancelledView(cancelled!, clientId, caller.params.get('newClientOrderId') ?? newClientId()));
    }),
  );

  app.get(
    '/api/v3/openOrders',
    doc('Current open orders (USER_DATA): one symbol or all'),
    signed(
      (query) => (query.has('symbol') ? 6 : 80),
      'read',
      async (caller, reply) => {
        const where: SQL[] = [eq(spotOrders.status, 'open')];
        if (caller.params.has('symbol')) where.push(eq(spotOrders.coin, pairParam(caller.params).coin));
        const rows = await ordersWhere(caller.userId, where, 10_000);
        const ids = await clientIds(
          caller.userId,
          rows.map((r) => r.id),
        );
        return reply.send(rows.map((r) => orderView(r, ids.get(r.id))));
      },
    ),
  );

  app.delete(
    '/api/v3/openOrders',
    doc('Cancel all open orders on a symbol (TRADE)'),
    signed(1, 'spot', async (caller, reply) => {
      const pair = pairParam(caller.params);
      const open = await ordersWhere(
        caller.userId,
        [eq(spotOrders.status, 'open'), eq(spotOrders.coin, pair.coin)],
        10_000,
      );
      if (open.length === 0) throw unknownOrder();
      const cancelled: SpotOrderRow[] = [];
      for (const row of open) {
        try {
          await spot.cancel(caller.userId, row.id, { key: null, route: 'DELETE /api/v3/openOrders' });
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 409) continue; // filled a moment ago
          throw error;
        }
        const [after] = await ordersWhere(caller.userId, [eq(spotOrders.id, row.id)], 1);
        cancelled.push(after!);
      }
      const ids = await clientIds(
        caller.userId,
        cancelled.map((r) => r.id),
      );
      return reply.send(cancelled.map((r) => cancelledView(r, ids.get(r.id), newClientId())));
    }),
  );

  app.get(
    '/api/v3/allOrders',
    doc('All orders (USER_DATA): symbol, orderId (from), startTime, endTime, limit'),
    signed(20, 'read', async (caller, reply) => {
      const pair = pairParam(caller.params);
      const where: SQL[] = [eq(spotOrders.coin, pair.coin)];
      const from = integer(caller.params, 'orderId');
      const start = integer(caller.params, 'startTime');
      const end = integer(caller.params, 'endTime');
      if (from !== undefined) where.push(gte(spotOrders.id, from));
      if (start !== undefined) where.push(gte(spotOrders.createdAt, new Date(start)));
      if (end !== undefined) where.push(lte(spotOrders.createdAt, new Date(end)));
      const rows = await ordersWhere(caller.userId, where, limitParam(caller.params));
      const ids = await clientIds(
        caller.userId,
        rows.map((r) => r.id),
      );
      return reply.send(rows.map((r) => orderView(r, ids.get(r.id))));
    }),
  );

  app.get(
    '/api/v3/myTrades',
    doc('Account trade list (USER_DATA): symbol, orderId, fromId, startTime, endTime, limit'),
    signed(20, 'read', async (caller, reply) => {
      const pair = pairParam(caller.params);
      const where: SQL[] = [eq(spotOrders.coin, pair.coin), eq(spotOrders.status, 'filled')];
      const orderId = integer(caller.params, 'orderId');
      const fromId = integer(caller.params, 'fromId');
      const start = integer(caller.params, 'startTime');
      const end = integer(caller.params, 'endTime');
      if (orderId !== undefined) where.push(eq(spotOrders.id, orderId));
      if (fromId !== undefined) where.push(gte(spotOrders.id, fromId));
      if (start !== undefined) where.push(gte(spotOrders.filledAt, new Date(start)));
      if (end !== undefined) where.push(lte(spotOrders.filledAt, new Date(end)));
      const rows = await ordersWhere(caller.userId, where, limitParam(caller.params));
      return reply.send(rows.map(tradeView));
    }),
  );

  userDataStreamRoutes(app, ctx, weights, userData);

  app.get(
    '/api/v3/account',
    doc('Account information (USER_DATA): the funding wallet as spot balances, free and locked'),
    signed(20, 'read', async (caller, reply) => reply.send(await accountView(ctx, caller))),
  );
};

/** The funding wallet as the exchange's spot balances: free is the balance, locked what resting orders hold. */
async function accountView(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, caller: SignedCaller) {
  const balances = await spotBalances(ctx.db, caller.userId);
  const bps = dec(ctx.config.spotFeeRate).times(10_000).toNumber();
  const rate = fixed8(ctx.config.spotFeeRate);
  const permissions = caller.key.permissions.includes('spot') ? ['SPOT'] : [];
  return {
    makerCommission: bps,
    takerCommission: bps,
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: { maker: rate, taker: rate, buyer: fixed8('0'), seller: fixed8('0') },
    canTrade: caller.key.permissions.includes('spot'),
    canWithdraw: false,
    canDeposit: false,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: ctx.clock.now().getTime(),
    accountType: 'SPOT',
    balances,
    permissions,
    uid: caller.userId,
  };
}
