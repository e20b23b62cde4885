/** Every capability the server offers, in registration order. */
import type { AppModule } from '../context.js';
import { adminModule } from './admin/index.js';
import { apiKeysModule, privateApiModule } from './api-keys/index.js';
import { authModule, sessionsModule } from './auth/index.js';
import { bonusesModule } from './bonuses/index.js';
import { chatModule } from './chat/index.js';
import { custodyModule } from './custody/index.js';
import { faqModule } from './faq/index.js';
import { filesModule } from './files/index.js';
import { healthModule, metricsModule } from './health/index.js';
import { identityModule } from './identity/index.js';
import { marketModule } from './market/index.js';
import { notificationsModule } from './notifications/index.js';
import { realtimeModule } from './realtime/index.js';
import { passkeysModule, protectionModule, twoFactorModule } from './security/index.js';
import { spotModule } from './spot/index.js';
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
  custodyModule,
  adminModule,
  bonusesModule,
  // Last: the access matrix and fuzz walk routes in this order (security routes after the money routes),
  // and a passkey or TOTP turns 2FA on for its user.
  twoFactorModule,
  passkeysModule,
];
