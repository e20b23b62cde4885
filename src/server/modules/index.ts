/** Every capability the server offers, in registration order. */
import type { AppModule } from '../context.js';
import { adminModule } from './admin/index.js';
import { authModule } from './auth/index.js';
import { chatModule } from './chat/index.js';
import { faqModule } from './faq/index.js';
import { filesModule } from './files/index.js';
import { healthModule } from './health/index.js';
import { identityModule } from './identity/index.js';
import { marketModule } from './market/index.js';
import { realtimeModule } from './realtime/index.js';
import { spotModule } from './spot/index.js';
import { tradesModule } from './trades/index.js';
import { walletsModule } from './wallets/index.js';

export const modules: AppModule[] = [
  healthModule,
  authModule,
  marketModule,
  realtimeModule,
  walletsModule,
  tradesModule,
  spotModule,
  filesModule,
  identityModule,
  faqModule,
  chatModule,
  adminModule,
];
