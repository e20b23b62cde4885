/**
 * The bonus schedule behind Home's bell (docs/product.md section 9), drawn from the live tiers staff set
 * in Settings (GET /api-v1/bonus-tiers/, docs/decisions/0030): while bonuses are off it promises none.
 */
import { BONUS_MSG, type BonusTier } from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY, type BonusGroup } from '../../../shared/constants.js';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useI18n, type Translate } from '../../lib/i18n';
import { useBonusTiers } from './api/bonus-tiers';
import { groupThousands, offersBonuses } from './bonus-offer';

const GROUPS: ReadonlyArray<{
  group: BonusGroup;
  /** BONUS_MSG's title (shown through message()) or our own. */
  title: (t: Translate) => string;
  condition: (first: BonusTier, t: Translate, language: string) => string;
  lastIsOpenEnded?: boolean;
}> = [
  {
    group: 'new_user',
    title: () => BONUS_MSG.programTitle.new_user,
    condition: (_first, t) => t('home.schedule.newUsers'),
  },
  {
    group: 'membership',
    title: () => BONUS_MSG.programTitle.membership,
    condition: (first, t, language) =>
      t('home.schedule.singleRecharge', {
        amount: groupThousands(first.recharge, language),
        currency: QUOTE_CURRENCY,
      }),
  },
  {
    group: 'vip',
    title: () => BONUS_MSG.programTitle.vip,
    condition: (first, t, language) =>
      t('home.schedule.accumulated', { amount: groupThousands(first.recharge, language), currency: QUOTE_CURRENCY }),
  },
  {
    group: 'top',
    title: (t) => t('home.schedule.premierVip'),
    condition: (first, t, language) =>
      t('home.schedule.accumulated', { amount: groupThousands(first.recharge, language), currency: QUOTE_CURRENCY }),
    lastIsOpenEnded: true,
  },
];

export function BonusSchedule() {
  const tiers = useBonusTiers();
  const { t, message, language } = useI18n();
  if (tiers.isPending) return <Spinner label={t('home.schedule.loading')} />;
  if (tiers.isError)
    return (
      <div className="space-y-3 pb-2 text-center">
        <p className="text-sm text-muted">{t('home.schedule.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void tiers.refetch()}>
          {t('home.schedule.tryAgain')}
        </Button>
      </div>
    );
  if (!offersBonuses(tiers.data)) return <p className="pb-2 text-sm text-muted">{message(BONUS_MSG.noBonuses)}</p>;
  const live = tiers.data;
  return (
    <div className="space-y-4 pb-2">
      <p className="text-sm text-muted">{t('home.schedule.intro', { currency: live.currency })}</p>
      {GROUPS.filter(({ group }) => live[group].length > 0).map(({ group, title, condition, lastIsOpenEnded }) => {
        const rows = live[group];
        return (
          <section
            key={group}
            aria-labelledby={`bonus-${group}`}
            className="overflow-hidden rounded-2xl border border-line"
          >
            <div className="bg-surface-2 px-4 py-2.5">
              <h3 id={`bonus-${group}`} className="text-[15px] font-semibold">
                {message(title(t))}
              </h3>
              <p className="text-[12px] text-muted">{condition(rows[0]!, t, language)}</p>
            </div>
            <table className="w-full text-[14px]" aria-labelledby={`bonus-${group}`}>
              <thead>
                <tr className="text-[12px] text-muted">
                  <th scope="col" className="px-4 pb-1 pt-2 text-left font-normal">
                    {t('home.schedule.rechargeColumn', { currency: live.currency })}
                  </th>
                  <th scope="col" className="px-4 pb-1 pt-2 text-right font-normal">
                    {t('home.schedule.bonusColumn', { currency: live.currency })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ recharge, bonus }, index) => (
                  <tr key={recharge} className="border-t border-line/60 first:border-t-0">
                    <td className="px-4 py-2 tabular-nums">
                      {groupThousands(recharge, language)}
                      {lastIsOpenEnded && index === rows.length - 1 ? ` ${t('home.schedule.orMore')}` : ''}
                    </td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums text-up">
                      +{groupThousands(bonus, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
