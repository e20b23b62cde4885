/**
 * The settings staff may change: the USDO price (within the range of docs/decisions/0049), the deposit addresses the FAQ bot and the deposit
 * screen give (with each network's minimum and confirmations), and the
 * FAQ answers. Every change is written with its audit entry in one transaction, so neither exists
 * without the other; a per-key advisory lock makes two editors take turns, so each entry's
 * 'before' is what that editor really replaced.
 */
import { asc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_MSG,
  DEPOSIT_ADDRESSES_PLACEHOLDER,
  type AdminSettings,
  type FaqEntry,
  type FaqEntryBody,
  type FaqEntrySaved,
  type SettingsSaved,
  type SettingsUpdateBody,
} from '../../../shared/api/admin.js';
import type { AppContext } from '../../context.js';
import type { Queryable, Tx } from '../../db/database.js';
import { settings } from '../../db/schema.js';
import { faqEntries } from '../faq/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { DEPOSIT_ADDRESSES_KEY, depositAddresses } from '../faq/index.js';
import { DEPOSIT_NETWORKS_KEY, depositNetworkTerms } from '../wallets/index.js';
import { USDO_PRICE_KEY, usdoPrice } from '../market/index.js';
import { CONVERT_SPREAD_KEY, convertSpread } from '../convert/index.js';
import { USDO_WINDOW_KEY, inUsdoRange, usdoRange, windowAfterChange, type UsdoRange } from './usdo-range.js';
import { msg } from '../../../shared/message.js';

type FaqRow = typeof faqEntries.$inferSelect;

const toFaqEntry = (row: FaqRow): FaqEntry => ({
  id: row.id,
  topic: row.topic,
  question: row.question,
  keywords: row.keywords,
  answer: row.answer,
  updated_at: row.updatedAt.toISOString(),
});

/** The topic whose answer carries the deposit addresses. */
const RECHARGE_ADDRESS_TOPIC = 'recharge_address';

const lockKey = (tx: Tx, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coinfront.settings.${key}`}))`);

async function upsertSetting(tx: Tx, key: string, value: unknown, staffId: number, at: Date) {
  await tx
    .insert(settings)
    .values({ key, value, updatedBy: staffId, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: staffId, updatedAt: at } });
}

/**
 * A staff change of the USDO price stays in the range allowed now (docs/decisions/0049): a refusal
 * names that range; read under the key's lock, so two staff changing at once take turns.
 */
function checkUsdoChange(next: string, range: UsdoRange) {
  if (inUsdoRange(next, range)) return;
  const message = msg(ADMIN_MSG, 'usdoPriceOutOfRange', range.lowest, range.highest);
  throw badRequest(message, { usdo_price: message });
}

export function createSettingsService(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) {
  async function read(db: Queryable): Promise<AdminSettings> {
    // One after the other: inside a transaction they share one connection.
    const price = await usdoPrice(db, ctx.config.usdoPrice);
    const allowed = await usdoRange(db, price.price, ctx.clock.now(), ctx.config.trading.maintenanceRate);
    const addresses = await depositAddresses(db, ctx.config);
    const faq = await db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
    const spread = await convertSpread(db);
    return {
      usdo_price: { price: price.price, updated_at: price.updatedAt?.toISOString() ?? null, allowed },
      deposit_addresses: addresses,
      faq_entries: faq.map(toFaqEntry),
      deposit_networks: await depositNetworkTerms(db),
      convert_spread: { bps: spread.bps, updated_at: spread.updatedAt?.toISOString() ?? null },
    };
  }

  /** One setting replaced under its key's lock, with its audit entry; `before` reads what it replaces. */
  async function replaceSetting(
    tx: Tx,
    staffId: number,
    key: string,
    action: string,
    after: unknown,
    before: () => Promise<unknown>,
  ) {
    await lockKey(tx, key);
    const replaced = await before();
    await upsertSetting(tx, key, after, staffId, ctx.clock.now());
    await recordAudit(tx, { actorId: staffId, action, targetType: 'setting', targetId: key, before: replaced, after });
  }

  return {
    read: () => read(ctx.db),

    update(staffId: number, body: SettingsUpdateBody): Promise<SettingsSaved> {
      return ctx.db.transaction(async (tx) => {
        if (body.usdo_price) {
          const after = { price: body.usdo_price.price };
          await replaceSetting(tx, staffId, USDO_PRICE_KEY, 'settings.usdo_price', after, async () => {
            const { price } = await usdoPrice(tx, ctx.config.usdoPrice);
            const now = ctx.clock.now();
            checkUsdoChange(after.price, await usdoRange(tx, price, now, ctx.config.trading.maintenanceRate));
            // The replaced price stays in the window for 24 h (written under the price's lock).
            if (price !== after.price)
              await upsertSetting(tx, USDO_WINDOW_KEY, await windowAfterChange(tx, price, now), staffId, now);
            return { price };
          });
        }
        if (body.deposit_addresses) {
          const after = { ...body.deposit_addresses };
          await replaceSetting(tx, staffId, DEPOSIT_ADDRESSES_KEY, 'settings.deposit_addresses', after, () =>
            depositAddresses(tx, ctx.config),
          );
        }
        if (body.deposit_networks) {
          // See docs/decisions/0028-deposit-networks.md: each network's minimum and confirmations, shown on the deposit screen (docs/decisions/0028).
          const after = structuredClone(body.deposit_networks);
          await replaceSetting(tx, staffId, DEPOSIT_NETWORKS_KEY, 'settings.deposit_networks', after, () =>
            depositNetworkTerms(tx),
          );
        }
        if (body.convert_spread_bps !== undefined) {
          // The spread convert quotes keep (docs/decisions/0053-convert.md); quotes already made keep theirs.
          const after = { bps: body.convert_spread_bps };
          await replaceSetting(tx, staffId, CONVERT_SPREAD_KEY, 'settings.convert_spread', after, async () => ({
            bps: (await convertSpread(tx)).bps,
          }));
        }
        return { message: ADMIN_MSG.settingsSaved, settings: await read(tx) };
      });
    },

    updateFaq(staffId: number, id: number, body: FaqEntryBody): Promise<FaqEntrySaved> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for('update');
        if (!row) throw notFound(msg(ADMIN_MSG, 'faqEntryNotFound'));
        // Without the marker the bot would stop showing the addresses staff keep in settings.
        if (row.topic === RECHARGE_ADDRESS_TOPIC && !body.answer.includes(DEPOSIT_ADDRESSES_PLACEHOLDER)) {
          const message = msg(ADMIN_MSG, 'placeholderRequired', DEPOSIT_ADDRESSES_PLACEHOLDER);
          throw badRequest(message, { answer: message });
        }
        const [updated] = await tx
          .update(faqEntries)
          .set({
            question: body.question,
            answer: body.answer,
            keywords: body.keywords,
            // A reworded answer's translations say the old text: every language gets the new English
            // until it is translated again (docs/decisions/0064-staff-desk-and-language-fit.md).
            ...(body.answer === row.answer ? {} : { translations: {} }),
            updatedAt: ctx.clock.now(),
          })
          .where(eq(faqEntries.id, id))
          .returning();
        await recordAudit(tx, {
          actorId: staffId,
          action: 'faq.update',
          targetType: 'faq_entry',
          targetId: id,
          before: { question: row.question, answer: row.answer, keywords: row.keywords },
          after: { question: body.question, answer: body.answer, keywords: body.keywords },
        });
        return { message: ADMIN_MSG.faqSaved, entry: toFaqEntry(updated!) };
      });
    },
  };
}
