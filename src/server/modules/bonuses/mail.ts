/**
 * The bonus mail (docs/decisions/0030-bonuses.md): the user hears of a bonus as of their withdrawals (wallets/withdrawal-mail.ts),
 * after the approval committed; a mail that cannot be sent is logged, never a failed approval.
 */
import { eq } from 'drizzle-orm';
import { BONUS_MSG } from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import type { BonusesPaid } from './award.js';

export async function mailBonuses(ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>, paid: BonusesPaid): Promise<void> {
  try {
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, paid.userId));
    if (!user) return;
    await ctx.mailer.send({
      to: user.email,
      subject: BONUS_MSG.mailSubject(paid.total),
      text: [
        BONUS_MSG.mailIntro(paid.deposit),
        '',
        ...paid.bonuses.map((b) => `${BONUS_MSG.programTitle[b.program]}: ${b.amount} ${QUOTE_CURRENCY}`),
        '',
        BONUS_MSG.mailTotal(paid.total),
      ].join('\n'),
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: paid.userId }, 'bonus mail not sent');
  }
}
