/** The bonus schedule behind Home's bell (docs/product.md section 9), drawn from BONUS_TIERS. */
import { BONUS_TIERS, QUOTE_CURRENCY } from '../../../shared/constants.js';

type TierGroup = keyof typeof BONUS_TIERS;

const GROUPS: ReadonlyArray<{ group: TierGroup; title: string; condition: string; lastIsOpenEnded?: boolean }> = [
  { group: 'newUser', title: 'New-user recharge bonus', condition: 'Recharges of new users' },
  { group: 'membership', title: 'Membership bonus', condition: 'Single recharge of at least 3,000 USDT' },
  { group: 'vip', title: 'VIP bonus', condition: 'Over 20,000 USDT accumulated' },
  { group: 'top', title: 'Premier VIP bonus', condition: 'Over 150,000 USDT accumulated', lastIsOpenEnded: true },
];

/** '200000' -> '200,000' (whole amounts only; the tiers have no decimals). */
export const groupThousands = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function BonusSchedule() {
  return (
    <div className="space-y-4 pb-2">
      <p className="text-sm text-muted">Recharge and receive a bonus in {QUOTE_CURRENCY}.</p>
      {GROUPS.map(({ group, title, condition, lastIsOpenEnded }) => {
        const tiers = BONUS_TIERS[group];
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
              <p className="text-[12px] text-muted">{condition}</p>
            </div>
            <table className="w-full text-[14px]" aria-labelledby={`bonus-${group}`}>
              <thead>
                <tr className="text-[12px] text-muted">
                  <th scope="col" className="px-4 pb-1 pt-2 text-left font-normal">
                    Recharge ({QUOTE_CURRENCY})
                  </th>
                  <th scope="col" className="px-4 pb-1 pt-2 text-right font-normal">
                    Bonus ({QUOTE_CURRENCY})
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map(([recharge, bonus], index) => (
                  <tr key={recharge} className="border-t border-line/60 first:border-t-0">
                    <td className="px-4 py-2 tabular-nums">
                      {groupThousands(recharge)}
                      {lastIsOpenEnded && index === tiers.length - 1 ? ' or more' : ''}
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
