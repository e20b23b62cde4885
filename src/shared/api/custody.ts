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

/** Our texts (docs/product.md gives none): the dev chain's faucet (EVM_DEV_CHAIN=1, staff only). */
export const CUSTODY_MSG = {
  faucetAddress: 'Please enter a 0x address of 40 hexadecimal characters',
  faucetAmount: 'Please enter a positive amount with at most 6 decimals',
  faucetFailed: 'The dev chain did not accept the transfer',
} as const;

// ---- POST /api-v3/admin/dev-faucet/ (EVM_DEV_CHAIN=1 only) ----

export const devFaucetBody = z.object({
  address: z
    .string({ error: CUSTODY_MSG.faucetAddress })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: CUSTODY_MSG.faucetAddress }),
  currency: z.enum(['USDT', 'ETH']),
  amount: z
    .string({ error: CUSTODY_MSG.faucetAmount })
    .trim()
    .regex(/^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,6})?$/, { error: CUSTODY_MSG.faucetAmount }),
});
export const devFaucetSent = z.object({ tx_hash: z.string() });
