/**
 * What custody asks of a chain family (docs/architecture.md "Custody", docs/decisions/0056): EVM is
 * the one implementation (evm.ts); another family (TRON, Bitcoin) plugs in by answering the same.
 */
import type { DepositNetwork } from '../../../shared/api/deposits.js';

export interface ChainBlock {
  number: number;
  hash: string;
}

/** One transfer to one of our deposit addresses, as the chain shows it. */
export interface ChainTransfer {
  txHash: string;
  /** The token Transfer log's index in its block; -1 for a native (ETH) transfer. */
  logIndex: number;
  /** The deposit address it reached, as stored (EIP-55 cased on EVM). */
  to: string;
  currency: string;
  /** A decimal string in the currency's units (the token's decimals read from the chain). */
  amount: string;
  blockNumber: number;
  blockHash: string;
}

export interface ChainFamily {
  /** custody_addresses.family: addresses are per family (one EVM address serves every EVM token). */
  readonly family: string;
  /** The deposit network its credits carry (transactions.network). */
  readonly network: DepositNetwork;
  /** The currencies it watches, in the order the deposit screen lists them. */
  readonly currencies: readonly string[];
  /** Blocks on top of a transfer's block (its own included) before it is credited. */
  readonly confirmations: number;
  /** The deposit address at `index` of the custody mnemonic (pure: the same index gives the same address). */
  addressAt(index: number): string;
  /** custody_cursors.chain and custody_deposits.chain: the family and the chain id, e.g. "evm:1". */
  chainKey(): Promise<string>;
  head(): Promise<ChainBlock>;
  /** The hash of the block at `number` on the chain as it is now; null when there is none (yet). */
  blockHash(number: number): Promise<string | null>;
  /** Transfers to any of `addresses` (lower-cased keys, stored forms as values) in blocks from..to. */
  transfersTo(from: number, to: number, addresses: ReadonlyMap<string, string>): Promise<ChainTransfer[]>;
}
