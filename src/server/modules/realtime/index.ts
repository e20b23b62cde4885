/** The realtime module's public face: what app.ts and other modules may import (the rest is internal). */
export { realtimeModule } from './routes.js';
export {
  createUserStream,
  registerOrdersStream,
  type OrdersSource,
  type UserStream,
  type UserStreamOptions,
} from './user-streams.js';
