/**
 * Where traders send deposits (docs/architecture.md "## Deposit networks"): each network's
 * address, minimum and confirmations. The addresses are the staff setting the FAQ bot reads too
 * ('deposit_addresses', faq/addresses.ts), so the screen and the bot can never disagree; the minimum
 * and confirmations are the setting 'deposit_networks', SPEC's figures until staff change them.
 */
import { eq } from 'drizzle-orm';
import {
  CHAIN_ONLY_CURRENCIES,
  DEFAULT_NETWORK_TERMS,
  DEPOSIT_MSG,
  DEPOSIT_NETWORKS,
  networksOf,
  type DepositAddress,
  type DepositNetworkTerms,
} from '../../../shared/api/deposits.js';
import { AMOUNT_PATTERN, dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { custodyChainOf, depositAddressOf } from '../custody/index.js';
import { depositAddresses } from '../faq/index.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { msg } from '../../../shared/message.js';

export const DEPOSIT_NETWORKS_KEY = 'deposit_networks';

/** Each network's minimum and confirmations: the stored setting where it is well formed, else the default. */
export async function depositNetworkTerms(db: Queryable): Promise<DepositNetworkTerms> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEPOSIT_NETWORKS_KEY));
  const stored = (row?.value ?? {}) as Partial<Record<string, { min_amount?: unknown; confirmations?: unknown }>>;
  const result = structuredClone(DEFAULT_NETWORK_TERMS);
  for (const network of DEPOSIT_NETWORKS) {
    const terms = Object.hasOwn(stored, network) ? stored[network] : undefined;
    const min = terms?.min_amount;
    if (typeof min === 'string' && AMOUNT_PATTERN.test(min) && dec(min).gt(0)) result[network].min_amount = min;
    const confirmations = terms?.confirmations;
    if (typeof confirmations === 'number' && Number.isInteger(confirmations) && confirmations > 0)
      result[network].confirmations = confirmations;
  }
  return result;
}

/**
 * GET /api-v1/deposit-addresses/?currency= : the networks of `currency` (already checked), in picker
 * order. With a node (EVM_RPC_URL, docs/decisions/0056) the chain's network answers the user's own
 * address, credited by itself after the chain's confirmations (auto_credit), and ETH is depositable.
 */
export async function depositAddressList(
  db: Queryable,
  config: AppContext['config'],
  currency: string,
  userId: number,
): Promise<DepositAddress[]> {
  // Nowhere to send a deposit to a demo account (docs/decisions/0063-demo-accounts.md).
  await refuseDemo(db, userId, msg(DEMO_MSG, 'noDeposits'));
  const chain = custodyChainOf(config);
  const networks =
    chain && Object.hasOwn(CHAIN_ONLY_CURRENCIES, currency) ? [CHAIN_ONLY_CURRENCIES[currency]!] : networksOf(currency);
  if (networks.length === 0) throw badRequest(msg(DEPOSIT_MSG, 'unknownCurrency', currency));
  // One after the other: inside a transaction they share one connection.
  const addresses = await depositAddresses(db, config);
  const terms = await depositNetworkTerms(db);
  const items: DepositAddress[] = [];
  for (const network of networks) {
    const own = chain?.network === network && chain.currencies.includes(currency);
    items.push({
      network,
      address: own ? await depositAddressOf(db, chain, userId) : addresses[network],
      min_amount: terms[network].min_amount,
      confirmations: own ? chain.confirmations : terms[network].confirmations,
      currency,
      auto_credit: own,
    });
  }
  return items;
}
