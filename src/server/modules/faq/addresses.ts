/** The platform's deposit addresses: staff-set in settings ('deposit_addresses'), else DEPOSIT_ADDRESS_* from the environment. */
import { eq } from 'drizzle-orm';
import { networksOf } from '../../../shared/api/deposits.js';
import { DEPOSIT_NETWORKS, type DepositNetwork } from '../../../shared/api/support.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';

export const DEPOSIT_ADDRESSES_KEY = 'deposit_addresses';

export async function depositAddresses(
  db: Queryable,
  config: Pick<Config, 'depositAddresses'>,
): Promise<Record<DepositNetwork, string>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, DEPOSIT_ADDRESSES_KEY));
  const stored = (row?.value ?? {}) as Partial<Record<string, unknown>>;
  const result = { ...config.depositAddresses };
  for (const network of DEPOSIT_NETWORKS) {
    const value = stored[network];
    if (typeof value === 'string' && value.trim() !== '') result[network] = value.trim();
  }
  return result;
}

/**
 * 'ERC20: <address>' lines, the format the support screen turns into rows with a copy button: only the
 * networks the Deposit screen offers (USDT's), so the bot never hands out an address no deposit can use
 * (docs/decisions/0054-fiat-orders.md "The contract's last gaps").
 */
export const depositAddressText = (addresses: Record<DepositNetwork, string>) =>
  networksOf(QUOTE_CURRENCY)
    .map((network) => `${network}: ${addresses[network]}`)
    .join('\n');
