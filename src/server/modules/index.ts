/** Every capability the server offers, in registration order. */
import type { AppModule } from '../context.js';
import { authModule } from './auth/routes.js';
import { healthModule } from './health/routes.js';
import { marketModule } from './market/routes.js';
import { realtimeModule } from './realtime/routes.js';

export const modules: AppModule[] = [healthModule, authModule, marketModule, realtimeModule];
