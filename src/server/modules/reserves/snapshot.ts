/**
 * Publishing and reading proofs of reserves (docs/proof-of-reserves.md, docs/decisions/0058): one
 * REPEATABLE READ transaction reads every customer's wallet balances, so all leaves are of one moment;
 * each customer gets a random nonce and a random place, the tree is built with the shared code
 * (shared/proof-of-reserves.ts), and the snapshot, leaves and nodes are stored together.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { RESERVES_MSG, type MyProofOfReserves, type ProofOfReserves } from '../../../shared/api/reserves.js';
import { WALLET_KINDS } from '../../../shared/constants.js';
import { canonical, dec } from '../../../shared/money.js';
import {
  buildLevels,
  leafHash,
  pathOf,
  siblingIndex,
  type Sums,
  type TreeNode,
} from '../../../shared/proof-of-reserves.js';
import type { Db, Queryable } from '../../db/database.js';
import { proofOfReservesLeaves, proofOfReservesNodes, proofOfReservesSnapshots } from './schema.js';
import { badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { reserveAddresses, type ReservesConfig } from './addresses.js';
import { msg } from '../../../shared/message.js';

/** A customer's balance of one currency over their wallets, as the database sums it. */
export interface CustomerBalanceRow {
  userId: number;
  currency: string;
  balance: string;
}

export interface CustomerLeaf {
  userId: number;
  balances: Sums;
}

/**
 * The leaves' balances: per customer, every currency of the snapshot, each amount clamped at 0 (a
 * negative cannot offset another customer's claim); customers holding nothing have no leaf.
 */
export function customerLeaves(rows: CustomerBalanceRow[]): { currencies: string[]; leaves: CustomerLeaf[] } {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const byUser = new Map<number, Sums>();
  for (const row of rows) {
    const amount = dec(row.balance);
    if (amount.lte(0)) continue;
    const balances = byUser.get(row.userId) ?? Object.fromEntries(currencies.map((c) => [c, '0']));
    balances[row.currency] = canonical(amount.plus(balances[row.currency] ?? '0'));
    byUser.set(row.userId, balances);
  }
  return { currencies, leaves: [...byUser].map(([userId, balances]) => ({ userId, balances })) };
}

/** Fisher-Yates with the system's randomness: a leaf's neighbours say nothing of sign-up order. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const INSERT_CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

type SnapshotRow = typeof proofOfReservesSnapshots.$inferSelect;

async function publicView(db: Queryable, config: ReservesConfig, row: SnapshotRow): Promise<ProofOfReserves> {
  return {
    snapshot_id: row.id,
    created_at: row.createdAt.toISOString(),
    root: row.root,
    leaf_count: row.levelSizes[0] ?? 0,
    currencies: Object.keys(row.totals)
      .sort()
      .map((currency) => ({ currency, total_liabilities: row.totals[currency]! })),
    reserve_addresses: await reserveAddresses(db, config),
  };
}

async function latestSnapshot(db: Queryable): Promise<SnapshotRow> {
  const [row] = await db.select().from(proofOfReservesSnapshots).orderBy(desc(proofOfReservesSnapshots.id)).limit(1);
  if (!row) throw notFound(msg(RESERVES_MSG, 'noSnapshot'));
  return row;
}

export function createReservesService(ctx: { db: Db; config: ReservesConfig }) {
  return {
    /** Staff publish a snapshot of every customer's balances now, audited. */
    publish(staffId: number): Promise<ProofOfReserves> {
      return ctx.db.transaction(
        async (tx) => {
          // Customers' real money only: staff and demo accounts (docs/decisions/0063-demo-accounts.md) are not owed any.
          const { rows } = await tx.execute<{ user_id: string; currency: string; balance: string }>(sql`
            select a.user_id, a.currency, sum(greatest(a.balance, 0))::text as balance
            from accounts a join users u on u.id = a.user_id
            where not u.is_admin and not u.is_demo and a.wallet in (${sql.join(
              WALLET_KINDS.map((w) => sql`${w}`),
              sql`, `,
            )})
            group by a.user_id, a.currency`);
          const { currencies, leaves } = customerLeaves(
            rows.map((r) => ({ userId: Number(r.user_id), currency: r.currency, balance: r.balance })),
          );
          if (leaves.length === 0) throw badRequest(msg(RESERVES_MSG, 'nothingToPublish'));
          const placed = shuffled(leaves).map((leaf) => ({ ...leaf, nonce: randomBytes(16).toString('hex') }));
          const levels = buildLevels(
            placed.map((leaf): TreeNode => ({
              hash: leafHash(leaf.nonce, leaf.balances, currencies),
              sums: leaf.balances,
            })),
            currencies,
          );
          const root = levels.at(-1)![0]!;
          const [snapshot] = await tx
            .insert(proofOfReservesSnapshots)
            .values({
              createdBy: staffId,
              root: root.hash,
              totals: root.sums,
              levelSizes: levels.map((level) => level.length),
            })
            .returning();
          const snapshotId = snapshot!.id;
          await insertChunked(
            placed.map((leaf, leafIndex) => ({ snapshotId, leafIndex, ...leaf })),
            (chunk) => tx.insert(proofOfReservesLeaves).values(chunk),
          );
          await insertChunked(
            levels.flatMap((nodes, level) =>
              nodes.map((node, nodeIndex) => ({ snapshotId, level, nodeIndex, hash: node.hash, sums: node.sums })),
            ),
            (chunk) => tx.insert(proofOfReservesNodes).values(chunk),
          );
          await recordAudit(tx, {
            actorId: staffId,
            action: 'proof_of_reserves.publish',
            targetType: 'proof_of_reserves',
            targetId: snapshotId,
            after: { root: root.hash, totals: root.sums, leaf_count: placed.length },
          });
          return publicView(tx, ctx.config, snapshot!);
        },
        { isolationLevel: 'repeatable read' },
      );
    },

    async latest(): Promise<ProofOfReserves> {
      return publicView(ctx.db, ctx.config, await latestSnapshot(ctx.db));
    },

    /** The user's own leaf in the latest snapshot and the sibling of each level up to the root. */
    async mine(userId: number): Promise<MyProofOfReserves> {
      const snapshot = await latestSnapshot(ctx.db);
      const [leaf] = await ctx.db
        .select()
        .from(proofOfReservesLeaves)
        .where(and(eq(proofOfReservesLeaves.snapshotId, snapshot.id), eq(proofOfReservesLeaves.userId, userId)));
      if (!leaf) throw notFound(msg(RESERVES_MSG, 'noLeaf'));
      const sizes = snapshot.levelSizes;
      // The leaf's own node and the sibling of each level on the way up.
      const wanted: { level: number; index: number }[] = [{ level: 0, index: leaf.leafIndex }];
      for (let level = 0, at = leaf.leafIndex; level < sizes.length - 1; level++, at = Math.floor(at / 2)) {
        const sibling = siblingIndex(at, sizes[level]!);
        if (sibling !== undefined) wanted.push({ level, index: sibling });
      }
      const nodes = await ctx.db
        .select()
        .from(proofOfReservesNodes)
        .where(
          and(
            eq(proofOfReservesNodes.snapshotId, snapshot.id),
            sql`(${proofOfReservesNodes.level}, ${proofOfReservesNodes.nodeIndex}) in (${sql.join(
              wanted.map((w) => sql`(${w.level}, ${w.index})`),
              sql`, `,
            )})`,
          ),
        );
      const byPlace = new Map(nodes.map((n) => [`${n.level}|${n.nodeIndex}`, { hash: n.hash, sums: n.sums }]));
      const nodeAt = (level: number, index: number) => byPlace.get(`${level}|${index}`)!;
      return {
        snapshot_id: snapshot.id,
        created_at: snapshot.createdAt.toISOString(),
        root: snapshot.root,
        leaf_index: leaf.leafIndex,
        leaf_hash: nodeAt(0, leaf.leafIndex).hash,
        nonce: leaf.nonce,
        balances: leaf.balances,
        path: pathOf(leaf.leafIndex, sizes, nodeAt),
      };
    },
  };
}
