/**
 * Deposit networks (docs/decisions/0028-deposit-networks.md, docs/architecture.md "## Deposit networks", docs/decisions/0028):
 * which networks carry which currency, the addresses answer, and the transaction hash a deposit
 * request may carry, validated and written in one canonical form per network.
 */
import { z } from 'zod';
import { CONFIRMATIONS_TO_ARRIVE, MIN_RECHARGE_USDT, QUOTE_CURRENCY } from '../constants.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { decimalString } from './common.js';
import { DEPOSIT_NETWORKS, type DepositNetwork } from './support.js';
import { defineMessages, msg, schemaError } from '../message.js';

export { DEPOSIT_NETWORKS, type DepositNetwork };

/** The networks each depositable currency arrives on, in the order the picker shows them. */
const CURRENCY_NETWORKS: Readonly<Record<string, readonly DepositNetwork[]>> = {
  [QUOTE_CURRENCY]: ['ERC20', 'TRC20'],
  BTC: ['BTC'],
};

export const networksOf = (currency: string): readonly DepositNetwork[] =>
  Object.hasOwn(CURRENCY_NETWORKS, currency) ? CURRENCY_NETWORKS[currency]! : [];

/**
 * Currencies only a node-backed chain brings (docs/decisions/0056): ETH arrives on the ERC20 network
 * once EVM_RPC_URL is set, credited by the deposit watcher; there is no manual request for it.
 */
export const CHAIN_ONLY_CURRENCIES: Readonly<Record<string, DepositNetwork>> = { ETH: 'ERC20' };

/** What a transaction hash looks like on each network, as the user is told when it is wrong. */
const TX_HASH_FORMS: Record<DepositNetwork, { pattern: RegExp; form: string }> = {
  ERC20: { pattern: /^0x[0-9a-f]{64}$/, form: '0x followed by 64 hexadecimal characters' },
  TRC20: { pattern: /^[0-9a-f]{64}$/, form: '64 hexadecimal characters' },
  BTC: { pattern: /^[0-9a-f]{64}$/, form: '64 hexadecimal characters' },
};

/**
 * The refusal of a hash that is not one of `network`'s, one text per network: a text made from a lookup
 * by network has no template the message codes can find (src/shared/message-codes.ts), so each network's
 * text is its own code and is translated (docs/decisions/0043-languages.md).
 */
const INVALID_TX_HASH = Object.fromEntries(
  DEPOSIT_NETWORKS.map((network) => [
    network,
    `This is not a valid ${network} transaction hash: a ${network} hash is ${TX_HASH_FORMS[network].form}`,
  ]),
) as Readonly<Record<DepositNetwork, string>>;

/** Our texts (docs/product.md gives none for these cases). */
export const DEPOSIT_MSG = defineMessages('deposits', {
  chooseNetwork: `Please choose a network: ${DEPOSIT_NETWORKS.join(', ')}`,
  unknownCurrency: (currency: string) =>
    `${currency || 'This currency'} cannot be deposited. Deposits are possible in ${Object.keys(CURRENCY_NETWORKS).join(' and ')}`,
  /** `networks`: the currency's networks ("ERC20 or TRC20"), an argument so the text is one template. */
  wrongNetwork: (network: string, currency: string, networks: string) =>
    `${currency} cannot be deposited on the ${network} network. Please choose ${networks}`,
  invalidTxHashOn: INVALID_TX_HASH,
  invalidTxHash: (network: DepositNetwork): string => INVALID_TX_HASH[network],
  txHashNeedsNetwork: 'Please choose the network of the transaction hash',
  txHashUsed: 'This transaction hash has already been used for a deposit',
  belowNetworkMinimum: (network: string, minimum: string, currency: string) =>
    `Minimum recharge on ${network} is ${minimum} ${currency}`,
  fetchAddressesFailed: 'Failed to fetch the deposit addresses',
  invalidMinAmount: 'The minimum must be a positive number with at most 8 decimals',
  invalidConfirmations: 'Confirmations must be a whole number from 1 to 1000',
} as const);

/**
 * A transaction hash in its one canonical form (trimmed, lower case), or null when it is not one
 * of `network`: the uniqueness of hashes (docs/decisions/0028) compares these forms.
 */
export function canonicalTxHash(network: DepositNetwork, raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return TX_HASH_FORMS[network].pattern.test(value) ? value : null;
}

// ---- GET /api-v1/deposit-addresses/?currency= ----

export const depositAddressesQuery = z.object({
  currency: z
    .string({ error: schemaError(msg(DEPOSIT_MSG, 'unknownCurrency', 'This currency')) })
    .trim()
    .toUpperCase()
    .refine((v) => networksOf(v).length > 0 || Object.hasOwn(CHAIN_ONLY_CURRENCIES, v), {
      error: schemaError((issue: { input?: unknown }) => msg(DEPOSIT_MSG, 'unknownCurrency', String(issue.input))),
    }),
});

/** One network a currency may be sent on: where to, at least how much, and how many confirmations it waits for. */
export const depositAddress = z.object({
  network: z.enum(DEPOSIT_NETWORKS),
  address: z.string(),
  min_amount: decimalString,
  confirmations: z.number(),
  /** Added: the currency these figures are in. */
  currency: z.string(),
  /**
   * Added (docs/decisions/0056): true when `address` is the user's own and deposits to it are credited
   * by themselves after `confirmations`; false for the staff-set shared address (a request staff review).
   */
  auto_credit: z.boolean().default(false),
});
export type DepositAddress = z.infer<typeof depositAddress>;
export const depositAddresses = z.array(depositAddress);

// ---- staff Settings: the minimum and confirmations of each network ----

/** Defaults before staff change them: SPEC's 50 USDT minimum and 1 confirmation to arrive (docs/product.md 9). */
export const DEFAULT_NETWORK_TERMS: Record<DepositNetwork, { min_amount: string; confirmations: number }> = {
  ERC20: { min_amount: MIN_RECHARGE_USDT, confirmations: CONFIRMATIONS_TO_ARRIVE },
  TRC20: { min_amount: MIN_RECHARGE_USDT, confirmations: CONFIRMATIONS_TO_ARRIVE },
  // Ours: SPEC names no BTC minimum (docs/decisions/0028).
  BTC: { min_amount: '0.001', confirmations: CONFIRMATIONS_TO_ARRIVE },
};

const CONFIRMATIONS_MAX = 1000;

const networkTermsInput = z.object({
  min_amount: z
    .union([z.string(), z.number()], { error: DEPOSIT_MSG.invalidMinAmount })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: DEPOSIT_MSG.invalidMinAmount })
    .transform((v) => dec(v).toFixed()),
  confirmations: z
    .number({ error: DEPOSIT_MSG.invalidConfirmations })
    .int({ error: DEPOSIT_MSG.invalidConfirmations })
    .min(1, { error: DEPOSIT_MSG.invalidConfirmations })
    .max(CONFIRMATIONS_MAX, { error: DEPOSIT_MSG.invalidConfirmations }),
});

/** PUT /api-v3/admin/settings/ `deposit_networks`: every network's terms at once. */
export const depositNetworksInput = z.object({
  ERC20: networkTermsInput,
  TRC20: networkTermsInput,
  BTC: networkTermsInput,
});
export type DepositNetworkTerms = z.infer<typeof depositNetworksInput>;

export const depositNetworkTerms = z.object({
  ERC20: z.object({ min_amount: decimalString, confirmations: z.number() }),
  TRC20: z.object({ min_amount: decimalString, confirmations: z.number() }),
  BTC: z.object({ min_amount: decimalString, confirmations: z.number() }),
});
