/**
 * Convert (docs/decisions/0053-convert.md): the house takes the other side of a swap between two
 * coins of the funding wallet. A quote prices `from` at the bid and `to` at the ask of the book the
 * app serves (spot's `quoteOf`, docs/decisions/0026), USDT at 1, keeps a spread set by staff as its
 * fee in `to`, and is stored for 10 s, bound to its user. Executing it is one transaction: the quote
 * is marked used by an UPDATE ... WHERE unused AND not expired (so a quote pays at most once, on any
 * instance), then the user's two accounts are locked and one balanced posting moves the money:
 *
 *   funding FROM -amount; spot FROM +amount; spot TO -gross; fees TO +fee; funding TO +received
 *
 * gross = amount x price rounded down to 8 places, fee = gross x spread rounded up, received =
 * gross - fee. The house's position shows on its `spot` accounts, its income on `fees`.
 */
import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  CONVERT_MSG,
  CONVERT_QUOTE_TTL_MS,
  type ConvertDone,
  type ConvertQuote,
  type ConvertQuoteBody,
} from '../../../shared/api/convert.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { AMOUNT_DECIMALS, cmp, dec, sub, toAmount } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { convertQuotes } from './schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { accountKeyId, house, lockAccounts, post, walletBalances, type AccountKey } from '../ledger/index.js';
import { quoteOf } from '../spot/index.js';
import { convertSpread } from './spread.js';
import { CONVERT_REF } from './ledger-rule.js';
import { msg } from '../../../shared/message.js';

type ConvertContext = Pick<AppContext, 'db' | 'market' | 'clock'>;
type QuoteRow = typeof convertQuotes.$inferSelect;

/** numeric(38, 18) keeps 18 places. */
const PRICE_SCALE = 18;
const BPS = 10_000;

const funding = (userId: number, currency: string): AccountKey => ({ userId, wallet: 'funding', currency });

/** The numbers of a convert of `amount` at `price` with a spread of `bps`. */
function convertAmounts(amount: string, price: string, bps: number) {
  const gross = toAmount(dec(amount).times(price));
  const fee = dec(gross).times(bps).div(BPS).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
  return { gross, fee, received: sub(gross, fee).toFixed() };
}

const toQuote = (row: QuoteRow) => ({
  quote_id: row.quoteId,
  from: row.fromCurrency,
  to: row.toCurrency,
  amount: row.amount,
  price: row.price,
  received: row.received,
  fee: row.fee,
  fee_currency: row.toCurrency,
  spread_bps: row.spreadBps,
});

export function createConvertService(ctx: ConvertContext) {
  const { db, market, clock } = ctx;

  /** What the house pays per coin (its bid) or asks for one (its ask), in USDT; USDT is 1. */
  const usdtPrice = async (coin: string, side: 'buy' | 'sell') =>
    coin === QUOTE_CURRENCY ? '1' : (await quoteOf(market, coin, side)).price;

  const insufficient = (coin: string, needed: string, available: string) => {
    const message = msg(CONVERT_MSG, 'insufficient', coin, needed, toAmount(available));
    return badRequest(message, { amount: message });
  };

  return {
    /** POST /api-v1/convert/quote/ */
    async quote(userId: number, body: ConvertQuoteBody): Promise<ConvertQuote> {
      const balance = (await walletBalances(db, userId, 'funding')).get(body.from) ?? '0';
      if (cmp(body.amount, balance) > 0) throw insufficient(body.from, body.amount, balance);
      // The house buys `from` at its bid and sells `to` at its ask.
      const [bid, ask] = [await usdtPrice(body.from, 'sell'), await usdtPrice(body.to, 'buy')];
      const price = dec(bid).div(ask).toDecimalPlaces(PRICE_SCALE, Decimal.ROUND_DOWN).toFixed();
      const { bps } = await convertSpread(db);
      const { fee, received } = convertAmounts(body.amount, price, bps);
      if (!dec(received).gt(0))
        throw badRequest(msg(CONVERT_MSG, 'tooSmall'), { amount: msg(CONVERT_MSG, 'tooSmall') });
      const now = clock.now();
      const [row] = await db
        .insert(convertQuotes)
        .values({
          quoteId: randomBytes(18).toString('base64url'),
          userId,
          fromCurrency: body.from,
          toCurrency: body.to,
          amount: body.amount,
          price,
          received,
          fee,
          spreadBps: bps,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CONVERT_QUOTE_TTL_MS),
        })
        .returning();
      return {
        ...toQuote(row!),
        expires_at: row!.expiresAt.toISOString(),
        valid_for: CONVERT_QUOTE_TTL_MS / 1000,
      };
    },

    /** POST /api-v1/convert/: execute the user's unused, unexpired quote, once, at its numbers. */
    execute(userId: number, quoteId: string): Promise<ConvertDone> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const mine = and(eq(convertQuotes.quoteId, quoteId), eq(convertQuotes.userId, userId));
        // The quote first, then the accounts (docs/decisions/0005's order). A second execution of
        // the same quote waits here for the first and then finds it used.
        const [row] = await tx
          .update(convertQuotes)
          .set({ executedAt: now })
          .where(and(mine, isNull(convertQuotes.executedAt), gt(convertQuotes.expiresAt, now)))
          .returning();
        if (!row) {
          const [seen] = await tx.select().from(convertQuotes).where(mine);
          // Another user's quote is as unknown as one that does not exist.
          if (!seen) throw notFound(msg(CONVERT_MSG, 'quoteNotFound'));
          throw conflict(seen.executedAt ? msg(CONVERT_MSG, 'quoteUsed') : msg(CONVERT_MSG, 'quoteExpired'));
        }
        const from = funding(userId, row.fromCurrency);
        const to = funding(userId, row.toCurrency);
        const locked = await lockAccounts(tx, [from, to]);
        const { balance } = locked.get(accountKeyId(from))!;
        // Refused: the transaction rolls back, the quote stays unused until it expires.
        if (cmp(row.amount, balance) > 0) throw insufficient(row.fromCurrency, row.amount, balance);
        const { gross } = convertAmounts(row.amount, row.price, row.spreadBps);
        const negated = (v: string) => dec(v).negated().toFixed();
        await post(
          tx,
          [
            { account: from, amount: negated(row.amount) },
            { account: house('spot', row.fromCurrency), amount: row.amount },
            { account: house('spot', row.toCurrency), amount: negated(gross) },
            { account: house('fees', row.toCurrency), amount: row.fee },
            { account: to, amount: row.received },
          ],
          { reason: CONVERT_REF, refType: CONVERT_REF, refId: row.id },
        );
        return {
          message: CONVERT_MSG.converted,
          convert: { ...toQuote(row), executed_at: row.executedAt!.toISOString() },
        };
      });
    },
  };
}
