/**
 * The bonus schedule behind Home's bell (docs/product.md section 9), drawn from the live tiers staff set
 * in Settings (GET /api-v1/bonus-tiers/, docs/decisions/0030): while bonuses are off it promises none.
 */
import { BONUS_MSG, type BonusGroup, type BonusTier, type BonusTiers } from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useBonusTiers } from './api/bonus-tiers';

/** '200000' -> '200,000' (whole amounts; decimals, if staff set any, stay as they are). */
export const groupThousands = (amount: string) => {
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

const GROUPS: ReadonlyArray<{
  group: BonusGroup;
  title: string;
  condition: (first: BonusTier) => string;
  lastIsOpenEnded?: boolean;
}> = [
  { group: 'new_user', title: BONUS_MSG.programTitle.new_user, condition: () => 'Recharges of new users' },
  {
    group: 'membership',
    title: BONUS_MSG.programTitle.membership,
    condition: (first) => `Single recharge of at least ${groupThousands(first.recharge)} ${QUOTE_CURRENCY}`,
  },
  {
    group: 'vip',
    title: BONUS_MSG.programTitle.vip,
    condition: (first) => `Over ${groupThousands(first.recharge)} ${QUOTE_CURRENCY} accumulated`,
  },
  {
    group: 'top',
    title: 'Premier VIP bonus',
    condition: (first) => `Over ${groupThousands(first.recharge)} ${QUOTE_CURRENCY} accumulated`,
    lastIsOpenEnded: true,
  },
];

/** Whether anything is on offer: bonuses on and at least one tier. */
export const offersBonuses = (tiers: BonusTiers | undefined): tiers is BonusTiers =>
  Boolean(tiers?.enabled && GROUPS.some(({ group }) => tiers[group].length > 0));

export function BonusSchedule() {
  const tiers = useBonusTiers();
  if (tiers.isPending) return <Spinner label="Loading bonus schedule" />;
  if (tiers.isError)
    return (
      <div className="space-y-3 pb-2 text-center">
        <p className="text-sm text-muted">The bonus schedule could not be loaded.</p>
        <Button variant="secondary" onClick={() => void tiers.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!offersBonuses(tiers.data)) return <p className="pb-2 text-sm text-muted">{BONUS_MSG.noBonuses}</p>;
  const live = tiers.data;
  return (
    <div className="space-y-4 pb-2">
      <p className="text-sm text-muted">Recharge and receive a bonus in {live.currency}.</p>
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
                {title}
              </h3>
              <p className="text-[12px] text-muted">{condition(rows[0]!)}</p>
            </div>
            <table className="w-full text-[14px]" aria-labelledby={`bonus-${group}`}>
              <thead>
                <tr className="text-[12px] text-muted">
                  <th scope="col" className="px-4 pb-1 pt-2 text-left font-normal">
                    Recharge ({live.currency})
                  </th>
                  <th scope="col" className="px-4 pb-1 pt-2 text-right font-normal">
                    Bonus ({live.currency})
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ recharge, bonus }, index) => (
                  <tr key={recharge} className="border-t border-line/60 first:border-t-0">
                    <td className="px-4 py-2 tabular-nums">
                      {groupThousands(recharge)}
                      {lastIsOpenEnded && index === rows.length - 1 ? ' or more' : ''}
                    </td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums text-up">
                      +{groupThousands(bonus)}
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
