/**
 * The bonus mail (docs/decisions/0030-bonuses.md): the user hears of a bonus as of their withdrawals (wallets/withdrawal-mail.ts),
 * after the approval committed; a mail that cannot be sent is logged, never a failed approval. It is
 * written in the user's language (users.language) from the web's catalog of BONUS_MSG, English where a
 * text is missing (docs/decisions/0064-staff-desk-and-language-fit.md).
 */
import { eq } from 'drizzle-orm';
import { BONUS_MSG } from '../../../shared/api/bonuses.js';
import { fillText } from '../../../shared/api/notifications.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { catalogTextIn } from '../notifications/index.js';
import type { BonusesPaid } from './award.js';

export async function mailBonuses(ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>, paid: BonusesPaid): Promise<void> {
  try {
    const [user] = await ctx.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, paid.userId));
    if (!user) return;
    const text = catalogTextIn(user.language, 'bonuses');
    // A text of the table in the user's language, its arguments as p0, p1..., or the English.
    const line = (key: string, english: string, ...args: string[]) => {
      const translated = text(key);
      return translated === undefined
        ? english
        : fillText(translated, Object.fromEntries(args.map((arg, i) => [`p${i}`, arg])));
    };
    await ctx.mailer.send({
      to: user.email,
      subject: line('mailSubject', BONUS_MSG.mailSubject(paid.total), paid.total),
      text: [
        line('mailIntro', BONUS_MSG.mailIntro(paid.deposit), paid.deposit),
        '',
        ...paid.bonuses.map(
          (b) =>
            `${line(`programTitle.${b.program}`, BONUS_MSG.programTitle[b.program])}: ${b.amount} ${QUOTE_CURRENCY}`,
        ),
        '',
        line('mailTotal', BONUS_MSG.mailTotal(paid.total), paid.total),
      ].join('\n'),
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: paid.userId }, 'bonus mail not sent');
  }
}
