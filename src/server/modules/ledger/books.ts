/**
 * The house's books (docs/architecture.md section 4): per currency, what customers hold freely, their
 * locked bonuses (docs/decisions/0047), each house account, and the sum of all of them, which double
 * entry keeps at zero. Demo money (docs/decisions/0063-demo-accounts.md) is not the house's: demo accounts
 * and the demo house account are left out; they sum to zero apart (check.ts proves it).
 */
import { sql } from 'drizzle-orm';
import type { BooksReport } from '../../../shared/api/admin.js';
import { add, canonical, dec } from '../../../shared/money.js';
import type { Queryable } from '../../db/database.js';
import { DEMO_HOUSE, HOUSE_ACCOUNTS } from '../../db/schema.js';

/** The group of customers' bonus accounts (no house account has this name). */
const LOCKED = 'customers:bonus';

export async function readBooks(db: Queryable): Promise<BooksReport> {
  // Customers' locked bonuses (their `bonus` accounts, docs/decisions/0047) apart from what they hold freely.
  const { rows } = await db.execute<{ currency: string; house: string | null; balance: string }>(sql`
    select a.currency,
           case when a.user_id is null then a.wallet when a.wallet = 'bonus' then ${LOCKED} end as house,
           sum(a.balance)::text as balance
    from accounts a left join users u on u.id = a.user_id
    where a.wallet <> ${DEMO_HOUSE} and not coalesce(u.is_demo, false)
    group by a.currency, house order by a.currency`);
  const currencies = [...new Set(rows.map((r) => r.currency))].map((currency) => {
    const mine = rows.filter((r) => r.currency === currency);
    const customers = mine.find((r) => r.house === null)?.balance ?? '0';
    const locked = mine.find((r) => r.house === LOCKED)?.balance ?? '0';
    const houseAccounts = HOUSE_ACCOUNTS.map((name) => ({
      name,
      balance: canonical(mine.find((r) => r.house === name)?.balance ?? '0'),
    }));
    const total = houseAccounts.reduce((sum, a) => add(sum, a.balance), add(customers, locked));
    return {
      currency,
      customer_balances: canonical(customers),
      locked_bonuses: canonical(locked),
      house_accounts: houseAccounts,
      total: canonical(total),
    };
  });
  return { balanced: currencies.every((c) => dec(c.total).isZero()), currencies };
}
