/**
 * Proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): the published totals of what
 * customers are owed with the reserve addresses beside them, each user's proof that their balances are
 * in those totals, and the staff actions that publish a snapshot and name the reserve addresses.
 */
import { z } from 'zod';
import { NETWORKS } from '../addresses.js';
import { defineMessages } from '../message.js';

/** Our texts (docs/product.md gives none for the proof of reserves). */
export const RESERVES_MSG = defineMessages('reserves', {
  noSnapshot: 'No proof of reserves has been published yet',
  noLeaf:
    'You are not in the latest proof of reserves: it counts the accounts that held a balance when it was published',
  nothingToPublish: 'No customer holds a balance: there is nothing to publish',
  tooManyAddresses: 'At most 20 reserve addresses',
  unknownCurrency: 'Currency must be USDT, ETH or BTC',
  duplicateAddress: 'This address is listed twice',
  snapshotPublished: 'Snapshot published',
  addressesSaved: 'Reserve addresses saved',
} as const);

/** Amounts per currency, exact decimal strings. */
const sums = z.record(z.string(), z.string());

const MAX_RESERVE_ADDRESSES = 20;

export const reserveAddress = z.object({
  currency: z.enum(['USDT', 'ETH', 'BTC'], { error: RESERVES_MSG.unknownCurrency }),
  network: z.enum(NETWORKS),
  address: z.string().trim().max(100),
});
export type ReserveAddress = z.infer<typeof reserveAddress>;

export const reserveAddressesBody = z.object({
  addresses: z.array(reserveAddress).max(MAX_RESERVE_ADDRESSES, { error: RESERVES_MSG.tooManyAddresses }),
});

/** GET /api-v1/proof-of-reserves/: the latest snapshot, public. */
export const proofOfReserves = z.object({
  snapshot_id: z.number(),
  created_at: z.string(),
  root: z.string(),
  leaf_count: z.number(),
  currencies: z.array(z.object({ currency: z.string(), total_liabilities: z.string() })),
  /** The on-chain addresses the reserves are held at, beside the totals. */
  reserve_addresses: z.array(reserveAddress),
});
export type ProofOfReserves = z.infer<typeof proofOfReserves>;

/** GET /api-v1/proof-of-reserves/mine/: the signed-in user's leaf in the latest snapshot and its path. */
export const myProofOfReserves = z.object({
  snapshot_id: z.number(),
  created_at: z.string(),
  root: z.string(),
  leaf_index: z.number(),
  leaf_hash: z.string(),
  nonce: z.string(),
  balances: sums,
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: z.string(), sums })),
});
export type MyProofOfReserves = z.infer<typeof myProofOfReserves>;
