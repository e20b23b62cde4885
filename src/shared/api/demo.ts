/**
 * Try it at once (docs/decisions/0063-demo-accounts.md): demo accounts with play money kept apart from the
 * house's books, and the refusal of common login passwords. POST /api-v1/demo/ opens a demo account for
 * anyone, POST /api-v1/demo/twin/ a real account's demo twin, POST /api-v1/demo/reset/ gives a demo account
 * its starting money back. The texts here are the API's answers; the web translates them by code.
 */
import { loginSession } from './auth.js';
import { defineMessages } from '../message.js';

/** What a demo account starts with, in each of its lever and funding wallets (0063). */
export const DEMO_START_USDT = '10000';
/** Days without a request after which a demo account is retired (0063). */
export const DEMO_IDLE_DAYS = 30;

/** Texts of demo accounts and of the common-password rule (docs/product.md gives none). */
export const DEMO_MSG = defineMessages('demo', {
  commonPassword: 'This password is on a list of common passwords that attackers try first: choose another one',
  demoMoneyStaysDemo: 'Demo money stays in the demo account: it never moves to a real account',
  noDeposits: 'A demo account takes no deposits: its money is demo money',
  noWithdrawals: 'Demo money cannot be withdrawn',
  noFiat: 'Fiat orders are not available in a demo account',
  noEarn: 'Lock-up products are not available in a demo account: their yield is paid in real money',
  noApiKeys: 'API keys are not available in a demo account',
  noMail: 'A demo account has no email address: sign up for a real account to use this',
  noIdentity: 'Identity verification is for real accounts only',
  staffNotForDemo: 'This belongs to a demo account: staff never approve demo money',
  onlyDemoResets: 'Only a demo account can be reset',
  demoHasNoTwin: 'You are in a demo account already',
  resetBusy: 'Close your demo positions and cancel your open demo orders first',
  resetDone: `Your demo account starts again with ${DEMO_START_USDT} USDT in the Leverage Account and ${DEMO_START_USDT} USDT in the Funding Account`,
} as const);

/** POST /api-v1/demo/ and /api-v1/demo/twin/: a signed-in demo session, as a login answers it. */
export const demoSession = loginSession;
