/**
 * Paying what docs/product.md section 9's bonus tiers promise (docs/decisions/0030), in the
 * transaction of the deposit's approval, after the deposit is credited and marked successful:
 *
 * - new-user recharge: the user's first approved USDT deposit pays the highest new-user tier its
 *   amount reaches (nothing below the lowest tier; a later deposit is not a first one);
 * - membership: a single deposit pays the highest membership tier it reaches, minus what membership
 *   paid this user before (so a higher single deposit later pays the difference, the same one again
 *   nothing);
 * - VIP: the net deposits (approved USDT deposits less withdrawals, docs/decisions/0047) reaching a level of the VIP ladder (`vip` then `top`)
 *   pay that level's bonus minus what VIP paid before; one deposit crossing several levels pays each
 *   level's difference, together the highest level's bonus: what reaching them one by one pays.
 *
 * The programs add up (a first deposit of 5,000 gets the new-user and the membership bonus). Each
 * program paid is its own `bonus` transaction, moved from the house account `promotions` to the
 * user's locked `bonus` account through the ledger (lock.ts: released to funding by the turnover); each level reached is a `bonus_awards` row, unique per (user,
 * program, level), and the new-user bonus unique per user, so nothing pays twice even if the
 * serialisation below were bypassed. Approvals of one user's deposits serialise on the user's
 * funding USDT account, which the deposit's credit locked before this runs, so each sees the ones
 * before it committed.
 */
import { eq, sql } from 'drizzle-orm';
import { BONUS_MSG, type BonusProgram, type BonusTier } from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, canonical, dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { transactions } from '../../db/schema.js';
import { bonusAwards } from './schema.js';
import { notify } from '../notifications/index.js';
import { payLockedBonus } from './lock.js';
import { readBonusConfig } from './settings.js';
import { isDemoUser } from '../../lib/demo-guard.js';

export interface ApprovedDeposit {
  id: number;
  userId: number;
  currency: string;
  amount: string;
}

export interface PaidBonus {
  program: BonusProgram;
  amount: string;
  transactionId: number;
  /** The `bonus` transaction's row, as the approval answers it. */
  row: typeof transactions.$inferSelect;
}

export interface BonusesPaid {
  userId: number;
  deposit: string;
  total: string;
  bonuses: PaidBonus[];
}

interface Level {
  tier: BonusTier;
  /** What this level adds to what the program paid before. */
  amount: string;
}

/** The highest tier `amount` reaches, or null. */
const reached = (tiers: BonusTier[], amount: string) => tiers.filter((t) => dec(amount).gte(t.recharge)).at(-1) ?? null;

/** The levels of a ladder (increasing) newly paid: each one's bonus above what the program paid so far. */
function differences(levels: BonusTier[], paidBefore: string): Level[] {
  let paid = dec(paidBefore);
  const out: Level[] = [];
  for (const tier of levels) {
    if (dec(tier.bonus).gt(paid)) {
      out.push({ tier, amount: dec(tier.bonus).minus(paid).toFixed() });
      paid = dec(tier.bonus);
    }
  }
  return out;
}

export async function payBonuses(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'clock'>,
  deposit: ApprovedDeposit,
): Promise<BonusesPaid | null> {
  // Only USDT deposits count: the tiers are in USDT and a converted amount would depend on the moment.
  if (deposit.currency !== QUOTE_CURRENCY) return null;
  // A demo account is paid no bonus (docs/decisions/0063-demo-accounts.md; its deposits are refused before).
  if (await isDemoUser(tx, deposit.userId)) return null;
  const config = await readBonusConfig(tx, ctx.config.bonusesDefault);
  if (!config.enabled) return null;

  // The VIP ladder counts net deposits (docs/decisions/0047): approved USDT deposits less the USDT value
  // of every withdrawal not cancelled (held or sent, in any coin), so money withdrawn and deposited
  // again, as USDT or bought coins, does not climb it twice.
  const { rows } = await tx.execute<{ n: string; total: string }>(sql`
    select count(*) filter (where type = 'deposit')::text as n,
           (coalesce(sum(amount) filter (where type = 'deposit'), 0)
             - coalesce(sum(coalesce(usdt_value, case when currency = ${QUOTE_CURRENCY} then amount end, 0))
                 filter (where type = 'withdrawal'), 0))::text as total
    from ${transactions}
    where user_id = ${deposit.userId}
      and ((type = 'deposit' and status = 'successful' and currency = ${QUOTE_CURRENCY})
        or (type = 'withdrawal' and status in ('pending', 'successful')))`);
  const approved = Number(rows[0]!.n);
  const total = canonical(rows[0]!.total);
  const before = dec(total).minus(deposit.amount);
  const paidRows = await tx
    .select({ program: bonusAwards.program, paid: sql<string>`sum(${bonusAwards.amount})::text` })
    .from(bonusAwards)
    .where(eq(bonusAwards.userId, deposit.userId))
    .groupBy(bonusAwards.program);
  const paid = (program: BonusProgram) => paidRows.find((r) => r.program === program)?.paid ?? '0';

  const due: [BonusProgram, Level[]][] = [];
  const first = approved === 1 ? reached(config.new_user, deposit.amount) : null;
  if (first && !dec(paid('new_user')).gt(0)) due.push(['new_user', [{ tier: first, amount: first.bonus }]]);
  const member = reached(config.membership, deposit.amount);
  if (member) due.push(['membership', differences([member], paid('membership'))]);
  const ladder = [...config.vip, ...config.top].filter((t) => before.lt(t.recharge) && dec(total).gte(t.recharge));
  due.push(['vip', differences(ladder, paid('vip'))]);

  const bonuses: PaidBonus[] = [];
  for (const [program, levels] of due) {
    if (levels.length === 0) continue;
    const amount = levels.reduce((sum, l) => add(sum, l.amount), dec(0)).toFixed();
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: deposit.userId,
        type: 'bonus',
        status: 'successful',
        currency: QUOTE_CURRENCY,
        amount,
        transferTo: 'funding',
        bonusProgram: program,
        decidedAt: now,
        createdAt: now,
      })
      .returning();
    const transactionId = row!.id;
    await tx.insert(bonusAwards).values(
      levels.map((l) => ({
        userId: deposit.userId,
        program,
        level: l.tier.recharge,
        amount: l.amount,
        depositId: deposit.id,
        transactionId,
      })),
    );
    // Double entry (docs/architecture.md section 4): the house's promotions account pays it, into the
    // user's locked bonus account until the turnover is traded (docs/decisions/0047).
    await payLockedBonus(tx, deposit.userId, amount, transactionId);
    bonuses.push({ program, amount, transactionId, row: row! });
  }
  if (bonuses.length === 0) return null;

  const sum = bonuses.reduce((s, b) => add(s, b.amount), dec(0)).toFixed();
  const parts = bonuses
    .map((b) => `${BONUS_MSG.programTitle[b.program]} ${canonical(b.amount)} ${QUOTE_CURRENCY}`)
    .join(', ');
  await notify(tx, {
    userId: deposit.userId,
    kind: 'bonus',
    title: BONUS_MSG.notificationTitle(canonical(sum)),
    body: BONUS_MSG.notificationBody(canonical(deposit.amount), parts),
  });
  return { userId: deposit.userId, deposit: deposit.amount, total: sum, bonuses };
}
