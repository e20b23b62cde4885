/** Every capability the server offers, in registration order. */
import type { AppModule } from '../context.js';
import { adminModule } from './admin/index.js';
import { apiKeysModule, privateApiModule } from './api-keys/index.js';
import { authModule, passkeySignInModule, sessionsModule } from './auth/index.js';
import { bonusesModule } from './bonuses/index.js';
import { chatModule } from './chat/index.js';
import { convertModule } from './convert/index.js';
import { custodyModule } from './custody/index.js';
import { earnModule } from './earn/index.js';
import { demoModule } from './demo/index.js';
import { faqModule } from './faq/index.js';
import { favouritesModule } from './favourites/index.js';
import { fiatModule } from './fiat/index.js';
import { filesModule } from './files/index.js';
import { healthModule, metricsModule } from './health/index.js';
import { identityModule } from './identity/index.js';
import { marketModule } from './market/index.js';
import { notificationsModule } from './notifications/index.js';
import { realtimeModule } from './realtime/index.js';
import { reservesModule } from './reserves/index.js';
import { priceAlertsModule } from './price-alerts/index.js';
import { passkeysModule, protectionModule, twoFactorModule } from './security/index.js';
import { spotModule } from './spot/index.js';
import { statementsModule } from './statements/index.js';
import { tradesModule } from './trades/index.js';
import { walletsModule } from './wallets/index.js';

export const modules: AppModule[] = [
  healthModule,
  metricsModule,
  authModule,
  sessionsModule,
  marketModule,
  realtimeModule,
  walletsModule,
  protectionModule,
  tradesModule,
  spotModule,
  apiKeysModule,
  privateApiModule,
  filesModule,
  identityModule,
  faqModule,
  chatModule,
  notificationsModule,
  reservesModule,
  priceAlertsModule,
  statementsModule,
  favouritesModule,
  convertModule,
  fiatModule,
  custodyModule,
  earnModule,
  demoModule,
  adminModule,
  bonusesModule,
  // Last: the access matrix and fuzz walk routes in this order (security routes after the money routes),
  // and a passkey or TOTP turns 2FA on for its user.
  twoFactorModule,
  passkeysModule,
  passkeySignInModule,
];
