/**
 * Where traders send deposits (docs/architecture.md "## Deposit networks"): each network's
 * address, minimum and confirmations. The addresses are the staff setting the FAQ bot reads too
 * ('deposit_addresses', faq/addresses.ts), so the screen and the bot can never disagree; the minimum
 * and confirmations are the setting 'deposit_networks', SPEC's figures until staff change them.
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_NETWORK_TERMS,
  DEPOSIT_NETWORKS,
  networksOf,
  type DepositAddress,
  type DepositNetworkTerms,
} from '../../../shared/api/deposits.js';
import { AMOUNT_PATTERN, dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';
import { depositAddresses } from '../faq/index.js';

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

/** GET /api-v1/deposit-addresses/?currency= : the networks of `currency` (already checked), in picker order. */
export async function depositAddressList(
  db: Queryable,
  config: AppContext['config'],
  currency: string,
): Promise<DepositAddress[]> {
  // One after the other: inside a transaction they share one connection.
  const addresses = await depositAddresses(db, config);
  const terms = await depositNetworkTerms(db);
  return networksOf(currency).map((network) => ({
    network,
    address: addresses[network],
    min_amount: terms[network].min_amount,
    confirmations: terms[network].confirmations,
    currency,
  }));
}
