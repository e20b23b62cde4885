/**
 * Migration 0003 (house books) on a database made by the previous schema: the ledger of a live
 * installation, one-sided entries and all, comes out as balanced double entry (every posting and every
 * currency sums to zero, each customer's money unchanged), so the books balance from the first start
 * of the new version (docs/architecture.md section 4).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liquidationPrice } from '../../src/shared/money.js';
import type { Db } from '../../src/server/db/database.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { migratedFromOlder, rowsOf } from '../helpers/migrations.js';

const PREVIOUS = 3;

let db: Db;
const rows = (query: ReturnType<typeof sql>) => rowsOf(db, query);

/** The previous version's ledger, written as it wrote it: one-sided entries with running balances. */
async function seedPreviousLedger() {
  const users = await rows(sql`
    insert into users (uniqueid, email, password_hash, first_name, last_name, promotion_code) values
      ('20000001', 'old1@example.com', 'x', 'Old', 'One', 'OLD00001'),
      ('20000002', 'old2@example.com', 'x', 'Old', 'Two', 'OLD00002')
    returning id`);
  const [u1, u2] = users.map((u) => Number(u.id));
  const account = async (userId: number, wallet: string) =>
    Number(
      (
        await rows(
          sql`insert into accounts (user_id, wallet, currency) values (${userId}, ${wallet}, 'USDT') returning id`,
        )
      )[0]!.id,
    );
  const funding = await account(u1!, 'funding');
  const lever = await account(u1!, 'lever');
  await account(u2!, 'funding'); // an account that never moved

  const entry = async (accountId: number, amount: string, reason: string, refType: string, refId: number) => {
    await db.execute(sql`
      with a as (update accounts set balance = balance + ${amount}::numeric where id = ${accountId} returning balance)
      insert into ledger_entries (account_id, amount, balance_after, reason, ref_type, ref_id)
      select ${accountId}, ${amount}::numeric, a.balance, ${reason}, ${refType}, ${refId} from a`);
  };
  const transaction = async (values: ReturnType<typeof sql>) =>
    Number(
      (
        await rows(sql`
          insert into transactions (user_id, type, status, currency, amount, fee, arrival_amount, transfer_from, transfer_to)
          values ${values} returning id`)
      )[0]!.id,
    );
  const trade = async (values: ReturnType<typeof sql>) =>
    Number(
      (
        await rows(sql`
          insert into trades (user_id, coin, trade_type, hands, leverage, order_type, limit_price, status, entry_price, close_price, margin, profit_loss)
          values ${values} returning id`)
      )[0]!.id,
    );

  const deposit = await transaction(sql`(${u1}, 'deposit', 'successful', 'USDT', 1000, 0, null, null, 'funding')`);
  await entry(funding, '1000', 'deposit', 'transaction', deposit);
  await transaction(sql`(${u1}, 'deposit', 'pending', 'USDT', 50, 0, null, null, 'funding')`);
  const sent = await transaction(sql`(${u1}, 'withdrawal', 'successful', 'USDT', 100, 1, 99, 'funding', null)`);
  await entry(funding, '-100', 'withdrawal_hold', 'transaction', sent);
  const refunded = await transaction(sql`(${u1}, 'withdrawal', 'cancel', 'USDT', 50, 0.5, 49.5, 'funding', null)`);
  await entry(funding, '-50', 'withdrawal_hold', 'transaction', refunded);
  await entry(funding, '50', 'withdrawal_refund', 'transaction', refunded);
  const held = await transaction(sql`(${u1}, 'withdrawal', 'pending', 'USDT', 20, 0.2, 19.8, 'funding', null)`);
  await entry(funding, '-20', 'withdrawal_hold', 'transaction', held);
  const transfer = await transaction(sql`(${u1}, 'transfer', 'successful', 'USDT', 500, 0, null, 'funding', 'lever')`);
  await entry(funding, '-500', 'transfer', 'transaction', transfer);
  await entry(lever, '500', 'transfer', 'transaction', transfer);

  const open = await trade(sql`(${u1}, 'BTC', 'buy', 0.1, 100, 'market', null, 'open', 60000, null, 60, null)`);
  await entry(lever, '-60', 'trade_margin', 'trade', open);
  const won = await trade(sql`(${u1}, 'BTC', 'sell', 0.1, 100, 'market', null, 'closed', 60000, 59700, 60, 30)`);
  await entry(lever, '-60', 'trade_margin', 'trade', won);
  await entry(lever, '90', 'trade_settlement', 'trade', won);
  const liquidated = await trade(
    sql`(${u1}, 'BTC', 'buy', 0.1, 100, 'market', null, 'liquidated', 60000, 59000, 60, -60)`,
  );
  await entry(lever, '-60', 'trade_margin', 'trade', liquidated);
  const revoked = await trade(sql`(${u1}, 'BTC', 'buy', 0.1, 100, 'limit', 50000, 'cancelled', null, null, 50, 0)`);
  await entry(lever, '-50', 'trade_margin', 'trade', revoked);
  await entry(lever, '50', 'trade_refund', 'trade', revoked);
  const resting = await trade(sql`(${u1}, 'BTC', 'buy', 0.1, 100, 'limit', 50000, 'pending', null, null, 50, null)`);
  await entry(lever, '-50', 'trade_margin', 'trade', resting);
  const lostAll = await trade(sql`(${u1}, 'BTC', 'buy', 0.1, 100, 'market', null, 'closed', 60000, 59400, 60, -60)`);
  await entry(lever, '-60', 'trade_margin', 'trade', lostAll);
  return { funding, lever, open };
}

let seeded: Awaited<ReturnType<typeof seedPreviousLedger>>;

migratedFromOlder('mig', PREVIOUS, async (older) => {
  db = older;
  seeded = await seedPreviousLedger();
});

describe('migrating a ledger of the previous version to double entry', () => {
  it('leaves no mismatch: every posting and every currency sums to zero, every transaction and trade as before', async () => {
    const report = await checkLedger(db);
    expect(report.mismatches).toEqual([]);
    expect(report.transactions).toBe(6);
    expect(report.trades).toBe(6);
  });

  it('keeps every customer balance and books the other side on the house accounts', async () => {
    const balances = await rows(
      sql`select id, balance::text as balance from accounts where user_id is not null order by id`,
    );
    expect(balances.map((b) => [Number(b.id), Number(b.balance)])).toEqual([
      [seeded.funding, 380],
      [seeded.lever, 300],
      [expect.any(Number), 0],
    ]);
    const books = await readBooks(db);
    expect(books.balanced).toBe(true);
    expect(books.currencies).toEqual([
      {
        currency: 'USDT',
        customer_balances: '680',
        locked_bonuses: '0',
        house_accounts: [
          { name: 'deposits', balance: '-901' }, // 1000 in, 99 sent out
          { name: 'withdrawals', balance: '20' }, // the pending one
          { name: 'margin', balance: '110' }, // the open position and the resting order
          { name: 'fees', balance: '1' }, // the sent withdrawal's fee
          { name: 'trading', balance: '90' }, // -30 paid on the winner, 60 + 60 kept from the two losses
          { name: 'insurance', balance: '0' },
          { name: 'spot', balance: '0' },
          { name: 'spot_holds', balance: '0' },
          { name: 'promotions', balance: '0' },
          { name: 'earn_yield', balance: '0' },
        ],
        total: '0',
      },
    ]);
  });

  it('gives open positions their maintenance-margin liquidation price', async () => {
    const [trade] = await rows(sql`select liquidation_price::text as price from trades where id = ${seeded.open}`);
    expect(Number(trade!.price)).toBe(Number(liquidationPrice('buy', '0.1', '60000', '60', '0.005')));
  });

  it('continues with posting ids after the migrated ones', async () => {
    const [max] = await rows(sql`select max(posting_id) as id from ledger_entries`);
    const [next] = await rows(sql`select nextval('ledger_postings_seq') as id`);
    expect(Number(next!.id)).toBeGreaterThan(Number(max!.id));
  });
});
