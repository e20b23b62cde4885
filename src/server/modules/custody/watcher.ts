/**
 * The deposit watcher (docs/architecture.md "Custody", docs/decisions/0057). Each pass, by one actor
 * across instances (a session advisory lock for the pass, as the trade jobs take theirs):
 *  1. a cursor whose block is no longer on the chain (a reorg) steps back `confirmations` blocks;
 *  2. uncredited transfers whose block is no longer on the chain are deleted (a later pass finds them
 *     again if the new chain has them);
 *  3. the next batch of blocks after the cursor is read for transfers to deposit addresses, recorded
 *     once per (chain, tx hash, log index), and the cursor moves to the batch's last block;
 *  4. transfers with `confirmations` blocks are credited (credit.ts), each exactly once.
 * Tests drive it pass by pass with pollOnce(); the app runs passes on a timer (start()).
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { custodyCursors, custodyDeposits } from './schema.js';
import { watchedAddresses } from './addresses.js';
import type { ChainFamily } from './chain.js';
import { creditDeposit } from './credit.js';
import { createLoop, underAdvisoryLock, type Loop } from './locked-loop.js';

/** One app-wide key for the advisory lock: "the acting deposit watcher", across instances. */
const CUSTODY_WATCHER_LOCK_KEY = 0x636f696e_6377; // 'coin' 'cw'

/** Blocks read per pass: a restart far behind catches up in steps, each committed. */
const BATCH_BLOCKS = 50;

export interface WatchReport {
  /** false: another instance's watcher held the lock; nothing was done. */
  ran: boolean;
  head: number;
  /** The cursor after the pass: the last block read. */
  cursor: number;
  detected: number;
  /** Uncredited transfers a reorg took off the chain. */
  removed: number;
  credited: number;
  /** The cursor reached the head: no pass is due before the next block. */
  caughtUp: boolean;
}

type WatchContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'log'>;

/** start(intervalMs) passes every `intervalMs`, at once again while behind, until stop(). */
export interface DepositWatcher extends Loop {
  pollOnce(): Promise<WatchReport>;
}

export function createDepositWatcher(ctx: WatchContext, chain: ChainFamily): DepositWatcher {
  async function pass(): Promise<Omit<WatchReport, 'ran'>> {
    const key = await chain.chainKey();
    const head = await chain.head();
    const [stored] = await ctx.db.select().from(custodyCursors).where(eq(custodyCursors.chain, key));
    let cursor = stored?.blockNumber ?? Math.max(0, head.number - chain.confirmations);
    if (stored && (await chain.blockHash(stored.blockNumber)) !== stored.blockHash) {
      cursor = Math.max(0, stored.blockNumber - chain.confirmations);
      ctx.log.warn({ chain: key, from: stored.blockNumber, to: cursor }, 'custody: reorg, the watcher steps back');
    }

    // 2. Uncredited transfers off the chain.
    let removed = 0;
    const uncredited = await ctx.db
      .select({
        id: custodyDeposits.id,
        blockNumber: custodyDeposits.blockNumber,
        blockHash: custodyDeposits.blockHash,
      })
      .from(custodyDeposits)
      .where(and(eq(custodyDeposits.chain, key), isNull(custodyDeposits.creditedAt)));
    const hashes = new Map<number, string | null>();
    for (const row of uncredited) {
      if (!hashes.has(row.blockNumber)) hashes.set(row.blockNumber, await chain.blockHash(row.blockNumber));
      if (hashes.get(row.blockNumber) === row.blockHash) continue;
      const gone = await ctx.db
        .delete(custodyDeposits)
        .where(and(eq(custodyDeposits.id, row.id), isNull(custodyDeposits.creditedAt)))
        .returning({ id: custodyDeposits.id });
      removed += gone.length;
      cursor = Math.min(cursor, Math.max(0, row.blockNumber - 1)); // read its block again
    }

    // 3. The next batch.
    let detected = 0;
    const to = Math.min(head.number, cursor + BATCH_BLOCKS);
    if (to > cursor) {
      const { forms, owners } = await watchedAddresses(ctx.db, chain);
      const transfers = await chain.transfersTo(cursor + 1, to, forms);
      for (const t of transfers) {
        const inserted = await ctx.db
          .insert(custodyDeposits)
          .values({
            chain: key,
            txHash: t.txHash,
            logIndex: t.logIndex,
            userId: owners.get(t.to)!,
            address: t.to,
            currency: t.currency,
            amount: t.amount,
            blockNumber: t.blockNumber,
            blockHash: t.blockHash,
          })
          // Seen before: a transfer a reorg moved to another block follows it while uncredited.
          .onConflictDoUpdate({
            target: [custodyDeposits.chain, custodyDeposits.txHash, custodyDeposits.logIndex],
            set: { blockNumber: t.blockNumber, blockHash: t.blockHash },
            setWhere: sql`${custodyDeposits.creditedAt} is null`,
          })
          .returning({ created: sql<boolean>`xmax = 0` });
        if (inserted[0]?.created) detected++;
      }
    }
    const toHash = to === head.number ? head.hash : await chain.blockHash(to);
    if (toHash !== null)
      await ctx.db
        .insert(custodyCursors)
        .values({ chain: key, blockNumber: to, blockHash: toHash })
        .onConflictDoUpdate({
          target: custodyCursors.chain,
          set: { blockNumber: to, blockHash: toHash, updatedAt: sql`now()` },
        });

    // 4. Confirmed: `confirmations` blocks counting its own, on the chain as it is now.
    let credited = 0;
    const due = await ctx.db
      .select({
        id: custodyDeposits.id,
        blockNumber: custodyDeposits.blockNumber,
        blockHash: custodyDeposits.blockHash,
      })
      .from(custodyDeposits)
      .where(
        and(
          eq(custodyDeposits.chain, key),
          isNull(custodyDeposits.creditedAt),
          lte(custodyDeposits.blockNumber, head.number - chain.confirmations + 1),
        ),
      )
      .orderBy(custodyDeposits.id);
    for (const row of due) {
      if ((await chain.blockHash(row.blockNumber)) !== row.blockHash) continue; // the next pass removes it
      if ((await creditDeposit(ctx, chain, row.id)) === 'credited') credited++;
    }
    return { head: head.number, cursor: to, detected, removed, credited, caughtUp: to >= head.number };
  }

  async function pollOnce(): Promise<WatchReport> {
    const report = await underAdvisoryLock(ctx, CUSTODY_WATCHER_LOCK_KEY, pass);
    if (!report) return { ran: false, head: 0, cursor: 0, detected: 0, removed: 0, credited: 0, caughtUp: true };
    return { ran: true, ...report };
  }

  const loop = createLoop(ctx, {
    pass: async () => {
      const report = await pollOnce();
      if (report.detected || report.credited || report.removed) ctx.log.info({ custody: report }, 'custody pass');
      return report.caughtUp ? undefined : 0;
    },
    failed: 'custody: deposit watcher pass failed (node down?)',
    recovered: 'custody: the deposit watcher works again',
  });
  return { pollOnce, start: loop.start, stop: loop.stop };
}
