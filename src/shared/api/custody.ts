/**
 * Custody on a chain (docs/architecture.md "Custody", docs/decisions/0056, 0057): the transfers the
 * deposit watcher saw to the signed-in user's own deposit address, pending with their confirmation
 * count until credited.
 */
import { z } from 'zod';
import { decimalString } from './common.js';
import { defineMessages } from '../message.js';

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
export const CUSTODY_MSG = defineMessages('custody', {
  faucetAddress: 'Please enter a 0x address of 40 hexadecimal characters',
  faucetAmount: 'Please enter a positive amount with at most 6 decimals',
  faucetFailed: 'The dev chain did not accept the transfer',
  nodeUnavailable: 'The chain node did not answer; try again in a moment',
} as const);

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

// ---- GET /api-v3/admin/custody/ (staff only, docs/decisions/0065) ----

/** Why a queued withdrawal has not gone out, or why a send failed (the staff console translates the code). */
const chainErrorCode = z.enum([
  'hot_wallet_short_token',
  'hot_wallet_short_gas',
  'node_unreachable',
  'node_refused',
  'reverted',
  'nonce_taken',
  'onchain_withdrawals_off',
]);

const custodyCurrencyReport = z.object({
  currency: z.string(),
  network: z.string(),
  hot_wallet: z.object({ address: z.string(), balance: decimalString }),
  /** What the deposit addresses hold on chain, not yet swept to the hot wallet. */
  deposit_addresses_unswept: decimalString,
  onchain_total: decimalString,
  /** The ledger's customer balances of the currency (books.ts customer_balances), every network. */
  customer_liabilities: decimalString,
  /** onchain_total - customer_liabilities: below 0, the reserves on this chain do not cover the customers. */
  difference: decimalString,
  last_block: z.number(),
});

const custodyQueueItem = z.object({
  transaction_id: z.number(),
  user_id: z.number(),
  currency: z.string(),
  arrival_amount: decimalString.nullable(),
  address: z.string().nullable(),
  chain_status: z.enum(['queued', 'broadcast', 'confirmed', 'failed']),
  chain_error: chainErrorCode.nullable(),
  tx_hash: z.string().nullable(),
  decided_at: z.string().nullable(),
});

export const custodyReport = z.object({
  /** false without EVM_RPC_URL: nothing below is on a chain. */
  enabled: z.boolean(),
  /** Whether approved ERC20 withdrawals go out by themselves (off with ALLOW_SIMULATED_MARKET=1 in production). */
  onchain_withdrawals: z.boolean(),
  /** EVM_DEV_CHAIN=1: staff have the dev faucet. */
  dev_faucet: z.boolean(),
  confirmations: z.number(),
  /** The hot wallet's ETH, which pays every send's gas. */
  gas_balance: decimalString,
  currencies: z.array(custodyCurrencyReport),
  /** Withdrawals not yet final, oldest first, then the 20 newest final or failed ones. */
  queue: z.array(custodyQueueItem),
});
export type CustodyReport = z.infer<typeof custodyReport>;
