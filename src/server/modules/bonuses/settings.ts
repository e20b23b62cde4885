/**
 * The bonus setting (docs/decisions/0030): the switch and the tiers, one row of `settings` under
 * BONUSES_KEY. Until staff save it, bonuses are docs/product.md section 9's tiers, on unless the
 * BONUSES configuration says off. A change is written with its audit entry under the key's advisory
 * lock (as admin/settings.ts does), so two editors take turns and each 'before' is what it replaced.
 */
import { eq, sql } from 'drizzle-orm';
import {
  BONUS_MSG,
  SPEC_BONUS_TIERS,
  type BonusSettings,
  type BonusSettingsBody,
  type BonusSettingsSaved,
  type BonusTierGroups,
  type BonusTiers,
} from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';

const BONUSES_KEY = 'bonuses';

/** The stored value: the switch and the four groups of tiers. */
export interface BonusConfig extends BonusTierGroups {
  enabled: boolean;
}

export async function readBonusConfig(
  db: Queryable,
  enabledByDefault: boolean,
): Promise<BonusConfig & { updatedAt: Date | null }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, BONUSES_KEY));
  if (!row) return { enabled: enabledByDefault, ...SPEC_BONUS_TIERS, updatedAt: null };
  const value = row.value as BonusConfig;
  return { ...value, updatedAt: row.updatedAt };
}

const settingsOf = (config: BonusConfig & { updatedAt: Date | null }): BonusSettings => ({
  enabled: config.enabled,
  currency: QUOTE_CURRENCY,
  new_user: config.new_user,
  membership: config.membership,
  vip: config.vip,
  top: config.top,
  updated_at: config.updatedAt?.toISOString() ?? null,
});

export function createBonusSettingsService(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) {
  const read = (db: Queryable) => readBonusConfig(db, ctx.config.bonusesDefault);
  return {
    /** What the bell's schedule may promise: nothing while bonuses are off. */
    async offer(): Promise<BonusTiers> {
      const config = await read(ctx.db);
      const none = { new_user: [], membership: [], vip: [], top: [] };
      return {
        enabled: config.enabled,
        currency: QUOTE_CURRENCY,
        ...(config.enabled
          ? { new_user: config.new_user, membership: config.membership, vip: config.vip, top: config.top }
          : none),
      };
    },

    async read(): Promise<BonusSettings> {
      return settingsOf(await read(ctx.db));
    },

    update(staffId: number, body: BonusSettingsBody): Promise<BonusSettingsSaved> {
      return ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coinfront.settings.${BONUSES_KEY}`}))`);
        const { updatedAt: _updatedAt, ...before } = await read(tx);
        const after: BonusConfig = {
          enabled: body.enabled,
          new_user: body.new_user,
          membership: body.membership,
          vip: body.vip,
          top: body.top,
        };
        const at = ctx.clock.now();
        await tx
          .insert(settings)
          .values({ key: BONUSES_KEY, value: after, updatedBy: staffId, updatedAt: at })
          .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedBy: staffId, updatedAt: at } });
        await recordAudit(tx, {
          actorId: staffId,
          action: 'settings.bonuses',
          targetType: 'setting',
          targetId: BONUSES_KEY,
          before,
          after,
        });
        return { message: BONUS_MSG.bonusesSaved, bonuses: settingsOf({ ...after, updatedAt: at }) };
      });
    },
  };
}
