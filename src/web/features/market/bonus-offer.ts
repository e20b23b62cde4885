/**
 * What Home's banner needs of the bonus schedule without the schedule itself: BonusSchedule.tsx brings
 * the bonuses' message table and with it zod, which Home's first paint does not wait for
 * (docs/decisions/0085-server-rendered-first-paint.md, step 1); the schedule loads when opened.
 */
import type { BonusTiers } from '../../../shared/api/bonuses.js';
import { BONUS_GROUPS } from '../../../shared/constants.js';

/**
 * '200000' -> '200,000' (whole amounts; decimals, if staff set any, stay as they are). Another language
 * groups and separates decimals its own way with Intl ('200.000' in German, '200 000' in French; issue
 * 19): the digits come from the string, never through a float.
 */
export const groupThousands = (amount: string, language: string = 'en') => {
  const [whole = '', fraction] = amount.split('.');
  if (language === 'en' || !/^\d+$/.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) {
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return fraction === undefined ? grouped : `${grouped}.${fraction}`;
  }
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const grouped = format.format(BigInt(whole));
  const separator = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return fraction === undefined ? grouped : `${grouped}${separator}${fraction}`;
};

/** Whether anything is on offer: bonuses on and at least one tier. */
export const offersBonuses = (tiers: BonusTiers | undefined): tiers is BonusTiers =>
  Boolean(tiers?.enabled && BONUS_GROUPS.some((group) => tiers[group].length > 0));
