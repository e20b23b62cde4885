/**
 * The on-chain addresses the reserves are held at, published beside the totals (docs/proof-of-reserves.md):
 * staff-set in settings ('reserve_addresses'), each checked for its network (shared/addresses.ts).
 * `reserveAddresses` is the one list every reader uses, so the custody hot wallet joins it in one place.
 */
import { eq, sql } from 'drizzle-orm';
import { checkAddress } from '../../../shared/addresses.js';
import { RESERVES_MSG, reserveAddress, type ReserveAddress } from '../../../shared/api/reserves.js';
import type { Config } from '../../config.js';
import type { Queryable, Tx } from '../../db/database.js';
import { settings } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { custodyChainOf } from '../custody/index.js';
import { msg } from '../../../shared/message.js';

const RESERVE_ADDRESSES_KEY = 'reserve_addresses';

export type ReservesConfig = Pick<Config, 'custody'>;

/**
 * Every reserve address to publish, in the order staff listed them; with `config` and a custody chain,
 * the hot wallet after them for each currency it holds (docs/decisions/0065), unless staff listed it.
 * Without `config`: staff's list alone (what their editor shows and saves).
 */
export async function reserveAddresses(db: Queryable, config?: ReservesConfig): Promise<ReserveAddress[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RESERVE_ADDRESSES_KEY));
  const parsed = reserveAddress.array().safeParse(row?.value ?? []);
  const listed = parsed.success ? parsed.data : [];
  const chain = config && custodyChainOf(config);
  if (!chain) return listed;
  const hot = chain.hotWallet.address;
  const joined = (['USDT', 'ETH'] as const)
    .map((currency) => ({ currency, network: chain.network, address: hot }))
    .filter(
      (entry) =>
        !listed.some(
          (l) =>
            l.currency === entry.currency &&
            l.network === entry.network &&
            l.address.toLowerCase() === entry.address.toLowerCase(),
        ),
    );
  return [...listed, ...joined];
}

/** Each address valid for its currency and network, none listed twice; else a 400 naming the entry. */
function checkReserveAddresses(addresses: ReserveAddress[]) {
  const seen = new Set<string>();
  addresses.forEach((entry, i) => {
    const check = checkAddress(entry.currency, entry.address, entry.network);
    if (!check.ok) {
      const message = check.message;
      throw badRequest(message, { [`addresses.${i}.${check.field}`]: message });
    }
    const key = `${entry.currency}|${entry.network}|${entry.address.toLowerCase()}`;
    if (seen.has(key))
      throw badRequest(msg(RESERVES_MSG, 'duplicateAddress'), {
        [`addresses.${i}.address`]: msg(RESERVES_MSG, 'duplicateAddress'),
      });
    seen.add(key);
  });
}

/** Staff replace the list: under the key's lock, with its audit entry, in one transaction. */
export async function replaceReserveAddresses(tx: Tx, staffId: number, addresses: ReserveAddress[]) {
  checkReserveAddresses(addresses);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coinfront.settings.${RESERVE_ADDRESSES_KEY}`}))`);
  const before = await reserveAddresses(tx);
  await tx
    .insert(settings)
    .values({ key: RESERVE_ADDRESSES_KEY, value: addresses, updatedBy: staffId })
    .onConflictDoUpdate({ target: settings.key, set: { value: addresses, updatedBy: staffId, updatedAt: new Date() } });
  await recordAudit(tx, {
    actorId: staffId,
    action: 'settings.reserve_addresses',
    targetType: 'setting',
    targetId: RESERVE_ADDRESSES_KEY,
    before,
    after: addresses,
  });
  return { addresses };
}
