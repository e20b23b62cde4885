/** Every capability the server offers, in registration order. */
import type { AppModule } from '../context.js';
import { adminModule } from './admin/routes.js';
import { authModule } from './auth/routes.js';
import { chatModule } from './chat/routes.js';
import { faqModule } from './faq/routes.js';
import { filesModule } from './files/routes.js';
import { healthModule } from './health/routes.js';
import { identityModule } from './identity/routes.js';
import { marketModule } from './market/routes.js';
import { realtimeModule } from './realtime/routes.js';
import { tradesModule } from './trades/routes.js';
import { walletsModule } from './wallets/routes.js';

export const modules: AppModule[] = [
  healthModule,
  authModule,
  marketModule,
  realtimeModule,
  walletsModule,
  tradesModule,
  filesModule,
  identityModule,
  faqModule,
  chatModule,
  adminModule,
];
