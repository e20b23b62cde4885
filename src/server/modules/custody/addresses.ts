/**
 * Each user's own deposit address per chain family (docs/decisions/0056): derived at a derivation
 * index drawn once from a sequence and stored, so it is stable across restarts and instances (the
 * index, not the process, decides it) and never two users' (unique index and unique address).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { custodyAddresses } from './schema.js';
import type { ChainFamily } from './chain.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

/** The user's address on `chain`'s family, made on first ask. Two asks at once agree: the first insert wins. */
export async function depositAddressOf(db: Queryable, chain: ChainFamily, userId: number): Promise<string> {
  // A demo account gets no on-chain address, so no chain ever credits it (docs/decisions/0063-demo-accounts.md).
  await refuseDemo(db, userId, msg(DEMO_MSG, 'noDeposits'));
  const stored = async () =>
    (
      await db
        .select({ address: custodyAddresses.address })
        .from(custodyAddresses)
        .where(and(eq(custodyAddresses.userId, userId), eq(custodyAddresses.family, chain.family)))
    )[0]?.address;
  const known = await stored();
  if (known) return known;
  const { rows } = await db.execute<{ index: string }>(sql`select nextval('custody_address_index_seq')::text as index`);
  const index = Number(rows[0]!.index);
  await db
    .insert(custodyAddresses)
    .values({ userId, family: chain.family, derivationIndex: index, address: chain.addressAt(index) })
    .onConflictDoNothing({ target: [custodyAddresses.userId, custodyAddresses.family] });
  return (await stored())!;
}

/** Every deposit address of the family: lower-cased address -> the stored (EIP-55) form and its owner. */
export async function watchedAddresses(
  db: Queryable,
  chain: ChainFamily,
): Promise<{ forms: Map<string, string>; owners: Map<string, number> }> {
  const rows = await db
    .select({ userId: custodyAddresses.userId, address: custodyAddresses.address })
    .from(custodyAddresses)
    .where(eq(custodyAddresses.family, chain.family));
  const forms = new Map<string, string>();
  const owners = new Map<string, number>();
  for (const row of rows) {
    forms.set(row.address.toLowerCase(), row.address);
    owners.set(row.address, row.userId);
  }
  return { forms, owners };
}
