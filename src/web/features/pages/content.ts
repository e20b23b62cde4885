/**
 * The informational screens' sections, as catalog keys (src/web/locales/<code>/pages.json). docs/product.md
 * gives only their gist (the compliance notice says investments are supervised and money laundering is
 * prohibited); the wording is ours.
 */
import { MIN_RECHARGE_USDT, SUPPORT_HOURS, WITHDRAWAL_FEE_RATE, WITHDRAWAL_MIN_USDT } from '../../../shared/constants';
import { mul } from '../../../shared/money';
import type { TextKey } from '../../lib/i18n';

const feePercent = mul(WITHDRAWAL_FEE_RATE, 100).toFixed();

/** A headed paragraph; `values` fill the body's placeholders (numbers are shown with the language's decimals). */
export interface TextSection {
  heading: TextKey;
  body: TextKey;
  values?: Record<string, string>;
}

export const IMPORTANT_NOTICE: TextSection[] = (['supervised', 'laundering', 'kyc', 'risk', 'protect'] as const).map(
  (name) => ({ heading: `pages.importantNotice.${name}.heading`, body: `pages.importantNotice.${name}.body` }),
);

export const ABOUT_US: TextSection[] = [
  { heading: 'pages.aboutUs.whoWeAre.heading', body: 'pages.aboutUs.whoWeAre.body' },
  { heading: 'pages.aboutUs.safety.heading', body: 'pages.aboutUs.safety.body' },
  {
    heading: 'pages.aboutUs.fees.heading',
    body: 'pages.aboutUs.fees.body',
    values: { minRecharge: MIN_RECHARGE_USDT, minWithdrawal: WITHDRAWAL_MIN_USDT, feePercent },
  },
  // SUPPORT_HOURS ('10:00am-10:00pm EST') is kept as the constant spells it.
  { heading: 'pages.aboutUs.service.heading', body: 'pages.aboutUs.service.body', values: { hours: SUPPORT_HOURS } },
];
