/**
 * Every message table of src/shared by the name its codes start with (docs/decisions/0043-languages.md,
 * docs/decisions/0076-error-codes.md): a text's code is `<table>.<key>` (e.g. `auth.loginFailed`), and a
 * made text's arguments are its `params` ({ p0: 'ERC20' }). The code travels with the message from where
 * it is made (`msg`, `schemaError`); nothing is recovered from English text.
 *
 * The English catalogs (src/web/locales/en/messages.<table>.json) hold each code's English text, with
 * `{{p0}}`, `{{p1}}` where a made text has its arguments; src/web/locales/locales.test.ts checks them
 * against these tables, and scripts/messages-catalog.ts writes their plain texts.
 *
 * This module imports every table, schemas and zod with them: the web app never loads it.
 */
import { ADMIN_MSG } from './api/admin.js';
import { API_KEYS_MSG } from './api/api-keys.js';
import { AUTH_MSG } from './api/auth.js';
import { BONUS_MSG } from './api/bonuses.js';
import { CUSTODY_MSG } from './api/custody.js';
import { SORT_MSG } from './api/common.js';
import { CONVERT_MSG } from './api/convert.js';
import { DEMO_MSG } from './api/demo.js';
import { DEPOSIT_MSG } from './api/deposits.js';
import { EARN_MSG } from './api/earn.js';
import { FAVOURITES_MSG } from './api/favourites.js';
import { FIAT_MSG } from './api/fiat.js';
import { IDEMPOTENCY_MSG } from './api/idempotency.js';
import { IDENTITY_MSG } from './api/identity.js';
import { NOTIFICATIONS_MSG } from './api/notifications.js';
import { PRICE_ALERTS_MSG } from './api/price-alerts.js';
import { PROTECTION_MSG } from './api/protection.js';
import { RESERVES_MSG } from './api/reserves.js';
import { SPOT_MSG } from './api/spot.js';
import { STATEMENTS_MSG } from './api/statements.js';
import { SUPPORT_MSG } from './api/support.js';
import { TRADE_MSG } from './api/trade.js';
import { TWO_FACTOR_MSG } from './api/two-factor.js';
import { WALLET_MSG } from './api/wallet.js';
import { ADDRESS_MSG } from './addresses.js';
import { METRICS_MSG, MSG, PROFILE_MSG, SESSIONS_MSG, UPLOADS_MSG, WITHDRAWAL_LIMITS_MSG } from './messages.js';
import { PASSKEY_MSG } from './passkey-texts.js';
import { SERVER_MSG } from './server-messages.js';

type Entry = string | ((...args: never[]) => unknown) | { readonly [key: string]: Entry };

/** Every message table, by the name its codes start with. A new table is added here. */
export const MESSAGE_TABLES: Record<string, { readonly [key: string]: Entry }> = {
  app: MSG,
  server: SERVER_MSG,
  withdrawalLimits: WITHDRAWAL_LIMITS_MSG,
  uploads: UPLOADS_MSG,
  sessions: SESSIONS_MSG,
  profile: PROFILE_MSG,
  metrics: METRICS_MSG,
  admin: ADMIN_MSG,
  apiKeys: API_KEYS_MSG,
  bonuses: BONUS_MSG,
  sort: SORT_MSG,
  deposits: DEPOSIT_MSG,
  idempotency: IDEMPOTENCY_MSG,
  notifications: NOTIFICATIONS_MSG,
  priceAlerts: PRICE_ALERTS_MSG,
  statements: STATEMENTS_MSG,
  protection: PROTECTION_MSG,
  spot: SPOT_MSG,
  trade: TRADE_MSG,
  twoFactor: TWO_FACTOR_MSG,
  wallet: WALLET_MSG,
  addresses: ADDRESS_MSG,
  passkeys: PASSKEY_MSG,
  auth: AUTH_MSG,
  identity: IDENTITY_MSG,
  support: SUPPORT_MSG,
  reserves: RESERVES_MSG,
  favourites: FAVOURITES_MSG,
  convert: CONVERT_MSG,
  fiat: FIAT_MSG,
  custody: CUSTODY_MSG,
  earn: EARN_MSG,
  demo: DEMO_MSG,
};
