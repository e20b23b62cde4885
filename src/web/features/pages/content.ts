/**
 * Texts of the informational screens. docs/product.md gives only their gist (the compliance notice says
 * investments are supervised and money laundering is prohibited); the wording is ours.
 */
import {
  APP_VERSION,
  MIN_RECHARGE_USDT,
  SUPPORT_HOURS,
  WITHDRAWAL_FEE_RATE,
  WITHDRAWAL_MIN_USDT,
} from '../../../shared/constants';
import { mul } from '../../../shared/money';

const feePercent = mul(WITHDRAWAL_FEE_RATE, 100).toFixed();

export interface TextSection {
  heading: string;
  body: string;
}

export const IMPORTANT_NOTICE: TextSection[] = [
  {
    heading: 'Investments are supervised',
    body: 'All investment and trading activity on Coinfront is supervised. We monitor deposits, withdrawals, transfers and trades to protect our users and to meet our legal obligations.',
  },
  {
    heading: 'Money laundering is prohibited',
    body: 'Money laundering, terrorist financing and any use of the platform to hide the origin of funds are strictly prohibited. Accounts involved are frozen and reported to the competent authorities.',
  },
  {
    heading: 'Know your customer',
    body: 'Verify your identity to raise your withdrawal amount. We may ask for further documents before processing a large deposit or withdrawal.',
  },
  {
    heading: 'Risk warning',
    body: 'Crypto asset prices move fast, and leveraged trading can lose your whole margin. Only invest what you can afford to lose.',
  },
  {
    heading: 'Protect your account',
    body: 'Coinfront staff will never ask for your login password, transaction password or verification codes. Only send deposits to the addresses our customer service gives you.',
  },
];

export const ABOUT_US: TextSection[] = [
  {
    heading: 'Who we are',
    body: 'Coinfront is a crypto trading and wallet app for everyday traders: live market prices, four wallets (funding, leverage, legal currency and contract), leveraged trading, and support from real people.',
  },
  {
    heading: 'How we keep your money safe',
    body: 'Every deposit and withdrawal is reviewed by our team, withdrawals need your own transaction password, and every balance change is recorded in a ledger that always adds up.',
  },
  {
    heading: 'Clear fees',
    body: `The minimum recharge is ${MIN_RECHARGE_USDT} USDT. A withdrawal must be worth at least ${WITHDRAWAL_MIN_USDT} USDT and costs ${feePercent}% of the amount. Transfers between your own wallets are free.`,
  },
  {
    heading: 'Customer service',
    body: `Our team answers online every day from ${SUPPORT_HOURS}.`,
  },
];

export const PAGES_TEXT = {
  version: `Version ${APP_VERSION}`,
  sharingLink: {
    title: 'Sharing link',
    heading: 'Invite friends',
    intro: 'Friends who sign up with this QR code or your promotion code are linked to your account.',
    qrLabel: 'QR code of your registration link',
    codeLabel: 'Promotion code',
    linkLabel: 'Registration link',
    copyFailed: 'Could not copy. Select the code and copy it yourself.',
  },
  legalCurrency: {
    title: 'Legal currency',
    notice:
      'Fiat purchases and sales are handled by our customer service team. Contact them with the amount you want; no order has been placed.',
    sheetTitle: 'Trade with customer service',
    contact: 'Contact customer service',
  },
  lockUp: {
    title: 'Lock-up',
    noMoreData: 'There is no more data',
    sheetBody:
      'Lock-up subscriptions open soon. Contact customer service if you would like to take part; nothing has been locked or charged.',
    contact: 'Contact customer service',
  },
} as const;
