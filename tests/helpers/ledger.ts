/**
 * One-sided money for tests, as double entry (docs/architecture.md section 4): a credit comes from
 * the house's `deposits` account (money entering the platform), a debit goes back to it.
 */
import type { Tx } from '../../src/server/db/database.js';
import { house, move, type AccountKey, type Posting } from '../../src/server/modules/ledger/index.js';
import type { PostOptions } from '../../src/server/modules/ledger/ledger.js';

type Ref = Parameters<typeof move>[4];

export async function credit(tx: Tx, account: AccountKey, amount: string, ref: Ref): Promise<Posting> {
  return (await move(tx, house('deposits', account.currency), account, amount, ref)).to;
}

export async function debit(
  tx: Tx,
  account: AccountKey,
  amount: string,
  ref: Ref,
  options: PostOptions = {},
): Promise<Posting> {
  return (await move(tx, account, house('deposits', account.currency), amount, ref, options)).from;
}
