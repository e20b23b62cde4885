/**
 * Custody on a chain (docs/architecture.md "Custody", docs/decisions/0056, 0057): the transfers the
 * deposit watcher saw to the signed-in user's own deposit address, pending with their confirmation
 * count until credited.
 */
import { z } from 'zod';
import { decimalString } from './common.js';

// ---- GET /api-v1/chain-deposits/ ----

export const chainDeposit = z.object({
  tx_hash: z.string(),
  /** The token Transfer log's index; -1 for a native (ETH) transfer. */
  log_index: z.number(),
  network: z.string(),
  currency: z.string(),
  amount: decimalString,
  address: z.string(),
  /** Blocks on top of the transfer's block, its own included, as far as the watcher has read. */
  confirmations: z.number(),
  confirmations_required: z.number(),
  status: z.enum(['pending', 'credited']),
  /** The deposit transaction that credited it (transcations-history); null while pending. */
  transaction_id: z.number().nullable(),
  created_at: z.string(),
});
export type ChainDeposit = z.infer<typeof chainDeposit>;
export const chainDeposits = z.array(chainDeposit);
