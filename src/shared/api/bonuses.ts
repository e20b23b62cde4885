/**
 * Bonuses as docs/product.md section 9's tiers promise (docs/decisions/0030): the live tiers
 * and switch the bell's schedule reads, and the staff's edit of them.
 *
 * Tiers come in the four groups the schedule shows (docs/product.md section 9): `new_user`,
 * `membership`, `vip` and `top` ("Over 150,000"). `vip` and `top` are one ladder of accumulated
 * recharges (the VIP program), so `top` continues above `vip`.
 */
import { z } from 'zod';
import { BONUS_TIERS, BONUS_TURNOVER_MULTIPLE, QUOTE_CURRENCY, type BonusGroup } from '../constants.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { defineMessages, msg, schemaError } from '../message.js';

/** The programs a `bonus` transaction pays for (vip covers the `vip` and `top` tiers: one ladder). */
export type BonusProgram = 'new_user' | 'membership' | 'vip';

/** At most this many tiers per group. */
const BONUS_TIERS_MAX = 20;

/** Our texts (docs/product.md gives none for bonuses). */
export const BONUS_MSG = defineMessages('bonuses', {
  /** The schedule's program names (BonusSchedule.tsx shows the same). */
  programTitle: {
    new_user: 'New-user recharge bonus',
    membership: 'Membership bonus',
    vip: 'VIP bonus',
  } satisfies Record<BonusProgram, string>,
  notificationTitle: (total: string) => `Bonus received: ${total} ${QUOTE_CURRENCY}`,
  notificationBody: (deposit: string, parts: string) =>
    `Your recharge of ${deposit} ${QUOTE_CURRENCY} earned ${parts}. It is locked until you have traded ${BONUS_TURNOVER_MULTIPLE} times it, then it moves to your funding account.`,
  mailSubject: (total: string) => `Coinfront bonus received: ${total} ${QUOTE_CURRENCY}`,
  mailIntro: (deposit: string) => `Your recharge of ${deposit} ${QUOTE_CURRENCY} was approved and earned a bonus:`,
  mailTotal: (total: string) =>
    `Total: ${total} ${QUOTE_CURRENCY}, locked until you have traded ${BONUS_TURNOVER_MULTIPLE} times it, then in your funding account.`,
  /** A withdrawal above what is free while a bonus is locked (docs/decisions/0047). */
  bonusLocked: (locked: string, more: string, withdrawable: string) =>
    `${locked} ${QUOTE_CURRENCY} of bonus is locked until you trade ${more} ${QUOTE_CURRENCY} more; you can withdraw ${withdrawable} ${QUOTE_CURRENCY}.`,
  invalidAmount: 'Recharge and bonus must be positive numbers with at most 8 decimals',
  thresholdsIncrease: 'Each tier must need a larger recharge than the one before',
  bonusesIncrease: 'Each tier must give a larger bonus than the one before',
  topAboveVip: 'The tiers over 150,000 must need larger recharges and give larger bonuses than the VIP tiers',
  tooManyTiers: `At most ${BONUS_TIERS_MAX} tiers per group`,
  enabledRequired: 'enabled must be true or false',
  bonusesSaved: 'Bonus settings saved',
  noBonuses: 'There are no recharge bonuses at the moment.',
} as const);

const tier = z.object({ recharge: z.string(), bonus: z.string() });
export type BonusTier = z.infer<typeof tier>;

const groups = {
  new_user: z.array(tier),
  membership: z.array(tier),
  vip: z.array(tier),
  top: z.array(tier),
};
export type BonusTierGroups = Record<BonusGroup, BonusTier[]>;

/** GET /api-v1/bonus-tiers/ (public): what is on offer now; every group empty while bonuses are off. */
export const bonusTiers = z.object({ enabled: z.boolean(), currency: z.string(), ...groups });
export type BonusTiers = z.infer<typeof bonusTiers>;

/**
 * GET /api-v1/bonus-lock/ (docs/decisions/0047): the user's locked bonus (USDT), the turnover it needs
 * (BONUS_TURNOVER_MULTIPLE x locked) and what has been traded towards it, and the USDT they may
 * withdraw now (funding, plus the bonus once its turnover is met). All "0" without a locked bonus.
 */
export const bonusLock = z.object({
  currency: z.string(),
  locked: z.string(),
  turnover: z.string(),
  turnover_required: z.string(),
  withdrawable: z.string(),
});
export type BonusLock = z.infer<typeof bonusLock>;

/** GET /api-v3/admin/settings/bonuses/ : the switch and the tiers, kept while off. */
export const bonusSettings = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  ...groups,
  updated_at: z.string().nullable(),
});
export type BonusSettings = z.infer<typeof bonusSettings>;

/** docs/product.md section 9's tiers (src/shared/constants.ts), the default until staff change them. */
export const SPEC_BONUS_TIERS: BonusTierGroups = {
  new_user: BONUS_TIERS.newUser.map(([recharge, bonus]) => ({ recharge, bonus })),
  membership: BONUS_TIERS.membership.map(([recharge, bonus]) => ({ recharge, bonus })),
  vip: BONUS_TIERS.vip.map(([recharge, bonus]) => ({ recharge, bonus })),
  top: BONUS_TIERS.top.map(([recharge, bonus]) => ({ recharge, bonus })),
};

const amountInput = z
  .union([z.string(), z.number()], { error: BONUS_MSG.invalidAmount })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: BONUS_MSG.invalidAmount })
  .transform((v) => dec(v).toFixed());

const tierInput = z.object({ recharge: amountInput, bonus: amountInput });

/** Thresholds and bonuses both strictly increase (a higher tier pays the difference: docs/decisions/0030). */
function increasing(tiers: BonusTier[]): string | null {
  for (let i = 1; i < tiers.length; i++) {
    if (!dec(tiers[i]!.recharge).gt(tiers[i - 1]!.recharge)) return BONUS_MSG.thresholdsIncrease;
    if (!dec(tiers[i]!.bonus).gt(tiers[i - 1]!.bonus)) return BONUS_MSG.bonusesIncrease;
  }
  return null;
}

const groupInput = z
  .array(tierInput, { error: BONUS_MSG.invalidAmount })
  .max(BONUS_TIERS_MAX, { error: BONUS_MSG.tooManyTiers })
  .superRefine((tiers, ctx) => {
    const problem = increasing(tiers);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api-v3/admin/settings/bonuses/ : the whole setting (switch and every group). */
export const bonusSettingsBody = z
  .object({
    enabled: z.boolean({ error: schemaError(msg(BONUS_MSG, 'enabledRequired')) }),
    new_user: groupInput,
    membership: groupInput,
    vip: groupInput,
    top: groupInput,
  })
  .superRefine((v, ctx) => {
    if (increasing([...v.vip, ...v.top]) && !increasing(v.vip) && !increasing(v.top))
      ctx.addIssue({ code: 'custom', path: ['top'], message: BONUS_MSG.topAboveVip });
  });
export type BonusSettingsBody = z.infer<typeof bonusSettingsBody>;

export const bonusSettingsSaved = z.object({ message: z.string(), bonuses: bonusSettings });
export type BonusSettingsSaved = z.infer<typeof bonusSettingsSaved>;
