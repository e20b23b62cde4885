/**
 * The reserves module's tables: proof-of-reserves snapshots (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A published proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): the Merkle sum tree's
 * root hash, its totals per currency (`totals`, exact decimal strings) and the size of each level, leaves
 * first, so a leaf's path is read from `proof_of_reserves_nodes` without rebuilding the tree.
 */
export const proofOfReservesSnapshots = pgTable('proof_of_reserves_snapshots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdBy: userRef('created_by'),
  root: text('root').notNull(),
  totals: jsonb('totals').$type<Record<string, string>>().notNull(),
  levelSizes: jsonb('level_sizes').$type<number[]>().notNull(),
  createdAt: createdAt(),
});

/** A customer's leaf in a snapshot: their place, their random nonce, their balances (clamped at 0). */
export const proofOfReservesLeaves = pgTable(
  'proof_of_reserves_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => proofOfReservesSnapshots.id),
    leafIndex: integer('leaf_index').notNull(),
    userId: userRef(),
    nonce: text('nonce').notNull(),
    balances: jsonb('balances').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.leafIndex] }),
    uniqueIndex('proof_of_reserves_leaves_user_key').on(t.snapshotId, t.userId),
  ],
);

/** Every node of a snapshot's tree, level 0 the leaves' hashes: a path is one sibling per level. */
export const proofOfReservesNodes = pgTable(
  'proof_of_reserves_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => proofOfReservesSnapshots.id),
    level: integer('level').notNull(),
    nodeIndex: integer('node_index').notNull(),
    hash: text('hash').notNull(),
    sums: jsonb('sums').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.nodeIndex] })],
);
