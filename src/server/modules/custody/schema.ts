/**
 * The custody module's tables: on-chain custody: addresses, cursors, deposits, nonces, sends (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef, transactions } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Custody (docs/architecture.md "Custody", docs/decisions/0056): each user's deposit address on a chain
 * family, derived from the custody mnemonic at `derivation_index` (a number from a sequence, never
 * reused: one address is never two users'). The address is kept so the watcher can look transfers up.
 */
export const custodyAddresses = pgTable(
  'custody_addresses',
  {
    userId: userRef(),
    family: text('family').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.family] }),
    uniqueIndex('custody_addresses_index_key').on(t.family, t.derivationIndex),
    uniqueIndex('custody_addresses_address_key').on(t.family, sql`lower(${t.address})`),
    check('custody_addresses_index_range', sql`${t.derivationIndex} between 0 and 2147483647`),
  ],
);

/** Where the deposit watcher of a chain stopped: the last block it read and that block's hash (a reorg changes it). */
export const custodyCursors = pgTable('custody_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every transfer to a deposit address the watcher saw (docs/decisions/0057): credited once, by the
 * unique (chain, tx_hash, log_index); a native transfer has log_index -1. Uncredited rows whose block
 * is no longer on the chain (a reorg) are deleted; `transaction_id` is the deposit that credited it.
 */
export const custodyDeposits = pgTable(
  'custody_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    userId: userRef(),
    address: text('address').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custody_deposits_transfer_key').on(t.chain, t.txHash, t.logIndex),
    uniqueIndex('custody_deposits_transaction_key').on(t.transactionId),
    index('custody_deposits_uncredited_idx')
      .on(t.chain, t.blockNumber)
      .where(sql`${t.creditedAt} is null`),
    index('custody_deposits_user_idx').on(t.userId, t.id),
  ],
);

/** Each sending address's next nonce on a chain (docs/decisions/0065): locked and moved before signing. */
export const custodyNonces = pgTable(
  'custody_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/**
 * Every chain transaction custody signs (docs/decisions/0065): a withdrawal (one per transaction row), a
 * sweep of a deposit address to the hot wallet, or gas sent to a deposit address for a token sweep. The
 * raw bytes are stored with the reserved nonce before the first broadcast, so a restart sends the same
 * bytes again and never a second transaction; `network_fee` is the gas booked once it is final.
 */
export const custodySends = pgTable(
  'custody_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    kind: text('kind', { enum: ['withdrawal', 'sweep', 'gas'] }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    nonce: integer('nonce').notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    status: text('status', { enum: ['signed', 'broadcast', 'confirmed', 'failed'] }).notNull(),
    error: text('error'),
    networkFee: money('network_fee'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custody_sends_nonce_key').on(t.chain, sql`lower(${t.fromAddress})`, t.nonce),
    uniqueIndex('custody_sends_transaction_key').on(t.transactionId),
    uniqueIndex('custody_sends_tx_hash_key').on(t.txHash),
    index('custody_sends_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('signed', 'broadcast')`),
    check('custody_sends_kind', sql`${t.kind} in ('withdrawal', 'sweep', 'gas')`),
    check('custody_sends_status', sql`${t.status} in ('signed', 'broadcast', 'confirmed', 'failed')`),
  ],
);

/**
 * Whether a (currency, network)'s on-chain reserves were short of the customers' balances when staff
 * were last alerted (docs/decisions/0067-custody-alerts.md): the reconciliation job flips `short` with
 * a conditional UPDATE, so one instance, once per transition, notifies staff. Migration 0036.
 */
export const custodyAlerts = pgTable(
  'custody_alerts',
  {
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    short: boolean('short').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.network] })],
);
